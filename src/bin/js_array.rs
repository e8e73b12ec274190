//! A JavaScript array board: print its SMALLEST completion, as the JavaScript
//! reference function does.
//!
//! Input: a JS literal of 9 arrays of 9 cells, numbers 0-9 (0 = blank) or, as
//! in LeetCode 37, one-character strings "1"-"9" and "." (blank). Before it may
//! come `let|const|var NAME =` or `NAME =`, after it `;`; `//` comments are
//! skipped and commas read as blanks (trailing or missing ones are fine).
//! Output: `[`, one row per line (two-space indent, `, ` between cells, quoted
//! like the first input cell), `]`. Answer: the lexicographically smallest.
//! Method: a recursive blank-list backtracker with used-digit masks that takes
//! forced blanks first (one candidate left, or a hidden single: a digit with
//! one place left in a row, column or box), else the one with the fewest
//! candidates, counts answers up to 2 fast: a lone answer is the smallest. Else
//! it fills the blanks row-major, each with the smallest digit the fast search
//! can still complete. A plain row-major backtracker visits ~69 million nodes
//! on the puzzle built against it; this, a few dozen.
//! Bad input: one line on stderr naming line and column, or the cells; exit 1.
use std::io::{self, Read, Write};

const ALL: u16 = 0x3fe; // bit d stands for digit d (1..=9)
const LIMIT: u64 = 1 << 20; // bytes of input read at most

/// Reads the literal: the cells, and the quote of the first cell ("" if none).
fn parse(text: &str) -> Result<([u8; 81], String), String> {
    let mut toks: Vec<(String, usize, usize)> = Vec::new(); // (token, line, column)
    let word = |c: char| !c.is_whitespace() && !"[],;=".contains(c);
    for (ln, line) in text.lines().enumerate() {
        let mut prev = ' ';
        for (c, ch) in line.split("//").next().unwrap_or("").chars().enumerate() {
            match (toks.len(), toks.last_mut()) {
                (n, _) if n > 200 => break, // a board has ~110 tokens: the rest is surplus
                (_, Some(t)) if word(ch) && word(prev) => t.0.push(ch),
                _ if ch != ',' && !ch.is_whitespace() => toks.push((ch.to_string(), ln + 1, c + 1)),
                _ => {}
            }
            prev = ch;
        }
    }
    let tok = |k: usize| toks.get(k).map_or("", |t| &t.0[..]);
    let fail = |k: usize, w: &str| match toks.get(k) {
        Some((t, l, c)) => format!("line {}, column {}: expected {}, not `{:.12}`", l, c, w, t),
        None if k == 0 => "empty input: expected a 9x9 array literal".to_string(),
        None => format!("input ends early: expected {}", w),
    };
    let mut k = match (tok(0), tok(1)) {
        ("let" | "const" | "var", _) => 2, // `let NAME`, then `=`
        (_, "=") => 1,                     // `NAME =` as in LeetCode's statement
        _ => 0,
    };
    let rows = "[ # # # # # # # # # ] ".repeat(9); // `#` stands for a cell
    let (mut cells, mut n) = ([(0, ""); 81], 0);
    for p in format!("{}[ {}]", if k > 0 { "= " } else { "" }, rows).split(' ') {
        if p == "#" {
            let want = format!("cell r{}c{}: 0-9, '1'-'9' or '.'", n / 9 + 1, n % 9 + 1);
            cells[n] = cell(tok(k)).ok_or_else(|| fail(k, &want))?;
            n += 1;
        } else if tok(k) != p {
            return Err(fail(k, &format!("`{}`", p)));
        }
        k += 1;
    }
    k += (tok(k) == ";") as usize;
    match toks.get(k) {
        Some(_) => Err(fail(k, "the end of the input")),
        None => Ok((cells.map(|c| c.0), cells[0].1.to_string())),
    }
}

/// A cell: 0-9, or "0"-"9" or "." in ' or " quotes; its digit (0 = blank) and quote.
fn cell(tok: &str) -> Option<(u8, &str)> {
    match tok.as_bytes() {
        [d @ b'0'..=b'9'] => Some((d - b'0', "")),
        [q @ (b'"' | b'\''), b'.', e] if q == e => Some((0, &tok[..1])),
        [q @ (b'"' | b'\''), d @ b'0'..=b'9', e] if q == e => Some((d - b'0', &tok[..1])),
        _ => None,
    }
}

struct Grid {
    cells: [u8; 81],
    masks: [u16; 27], // digits used in rows 0..9, columns 9..18, boxes 18..27
}

/// The row, column and box of cell `i`, as indices into `Grid::masks`.
fn units(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
}

/// Places digit `d` in cell `i`, or takes it back: the same XOR both ways.
fn flip(g: &mut Grid, i: usize, d: u8) {
    for &u in units(i).iter() {
        g.masks[u] ^= 1 << d;
    }
    g.cells[i] ^= d;
}

/// Up to `limit` completions that fill `blanks` (cells of `g` still 0). A forced blank goes
/// first, then the one with the fewest candidates or, if `lex` (a completion is known to exist),
/// the first in row-major order, so that the first completion found is the smallest.
fn search(g: &mut Grid, blanks: &mut [usize], limit: usize, lex: bool) -> Vec<[u8; 81]> {
    if blanks.is_empty() {
        return vec![g.cells];
    }
    let cand = |i: usize| units(i).iter().fold(ALL, |free, &u| free & !g.masks[u]);
    let (mut j, mut bits) = (0, ALL); // the blank with the fewest candidates
    let (mut once, mut twice) = ([0u16; 27], [0u16; 27]); // digits with 1+, 2+ places
    for (n, &i) in blanks.iter().enumerate() {
        let free = cand(i);
        if free.count_ones() < bits.count_ones() {
            (j, bits) = (n, free);
        }
        for &u in units(i).iter() {
            twice[u] |= once[u] & free;
            once[u] |= free;
        }
    }
    if (0..27).any(|u| ALL & !g.masks[u] & !once[u] != 0) {
        return Vec::new(); // a row, column or box needs a digit that fits nowhere in it
    }
    // A hidden single: the only place left for some digit in a row, column or box.
    let only = |i: usize| units(i).iter().fold(0, |h, &u| h | cand(i) & !twice[u]);
    match blanks.iter().position(|&i| only(i) != 0) {
        Some(n) if bits.count_ones() > 1 => (j, bits) = (n, only(blanks[n])),
        _ => {}
    }
    if lex && bits.count_ones() > 1 {
        j = (0..blanks.len()).min_by_key(|&n| blanks[n]).unwrap_or(j); // the first, row-major
        bits = cand(blanks[j]);
    }
    blanks.swap(0, j);
    let mut found = Vec::new();
    while bits != 0 && found.len() < limit {
        let d = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        flip(g, blanks[0], d);
        // In `lex` order enter only a branch the fast search can complete (the last must).
        if !lex || bits == 0 || !search(g, &mut blanks[1..], 1, false).is_empty() {
            found.extend(search(g, &mut blanks[1..], limit - found.len(), lex));
        }
        flip(g, blanks[0], d);
    }
    found
}

/// The smallest completion of `puzzle`; an error names two clashing givens.
fn solve(puzzle: [u8; 81]) -> Result<[u8; 81], String> {
    let (cells, masks) = ([0; 81], [0; 27]);
    let mut g = Grid { cells, masks };
    for (i, &d) in puzzle.iter().enumerate().filter(|c| *c.1 > 0) {
        if let Some(&u) = units(i).iter().find(|&&u| g.masks[u] & 1 << d != 0) {
            let j = (0..i).find(|&j| puzzle[j] == d && units(j).contains(&u));
            let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
            let unit = format!("{} {}", ["row", "column", "box"][u / 9], u % 9 + 1);
            let two = format!("{} and {}", name(j.unwrap_or(i)), name(i));
            return Err(format!("digit {} repeats in {} ({})", d, unit, two));
        }
        flip(&mut g, i, d);
    }
    let mut blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    let mut found = search(&mut g, &mut blanks, 2, false); // fast: a lone one is the smallest
    if found.len() > 1 {
        found = search(&mut g, &mut blanks, 1, true);
    }
    let no = "no solution: the givens do not clash, yet nothing completes them";
    found.first().copied().ok_or_else(|| no.to_string())
}

fn render(cells: [u8; 81], q: &str) -> String {
    let cell = |d: &u8| format!("{}{}{}", q, d, q);
    let row = |r: &[u8]| format!("  [{}]", r.iter().map(cell).collect::<Vec<_>>().join(", "));
    let rows: Vec<String> = cells.chunks(9).map(row).collect();
    format!("[\n{}\n]\n", rows.join(",\n"))
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => parse(String::from_utf8_lossy(&bytes).trim_start_matches('\u{feff}')),
    };
    let out = result.and_then(|(cells, quote)| Ok(render(solve(cells)?, &quote)));
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("js_array: {}", message);
        std::process::exit(1);
    }
}
