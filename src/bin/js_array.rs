//! A JavaScript array board (`let board = [[0, 3, 0, ...], ...];`): print
//! the SMALLEST completion, as the JavaScript reference function does.
//!
//! Input: a JS literal of 9 arrays of 9 cells: numbers 0-9 (0 = blank) or,
//! as in LeetCode 37, one-character strings "1"-"9" with "." blank. Before
//! it `let|const|var NAME =` or `NAME =` may come, after it `;`; `//` comments
//! are skipped and commas read as blanks (trailing or missing ones are fine).
//! Output: `[`, one row per line, two-space indent, `, ` between cells quoted
//! like the first input cell, `]`. Answer: the lexicographically smallest
//! completion.
//! Method: a blank-list backtracker with used-digit masks, branching on the
//! blank with the fewest candidates or on a hidden single, finds SOME answer
//! fast. So count answers up to 2: a lone answer is the smallest. Otherwise
//! fix the blanks row-major, each to the smallest digit that still leaves an
//! answer (only digits below the last answer's are tried). A plain row-major
//! backtracker visits ~69 million nodes on the puzzle built against it.
//! Bad input: one line on stderr naming line and column, or the cells; exit 1.
use std::io::{self, Read, Write};

const ALL: u16 = 0x3fe; // bit d stands for digit d (1..=9)
const LIMIT: u64 = 1 << 20; // bytes of input read at most
const NO_SOLUTION: &str = "no solution: the givens do not clash, yet nothing completes them";

/// Reads the literal; returns the cells and the quote of the first cell.
fn parse(text: &str) -> Result<([u8; 81], Option<char>), String> {
    let mut toks: Vec<(String, usize, usize)> = Vec::new(); // (token, line, column)
    let word = |c: char| !c.is_whitespace() && !"[],;=".contains(c);
    for (ln, line) in text.lines().enumerate() {
        let mut prev = ' ';
        for (c, ch) in line.split("//").next().unwrap_or("").chars().enumerate() {
            if toks.len() > 200 {
                break; // a board has ~110 tokens: the rest is surplus either way
            }
            match toks.last_mut() {
                Some(t) if word(ch) && word(prev) => t.0.push(ch),
                _ if ch != ',' && !ch.is_whitespace() => toks.push((ch.to_string(), ln + 1, c + 1)),
                _ => {}
            }
            prev = ch;
        }
    }
    let fail = |k: usize, w: &str| match toks.get(k) {
        Some(t) => format!(
            "line {}, column {}: expected {}, not `{:.12}`",
            t.1, t.2, w, t.0
        ),
        None if k == 0 => "empty input: expected a 9x9 array literal".to_string(),
        None => format!("input ends early: expected {}", w),
    };
    let word_at = |k: usize| toks.get(k).map_or("", |t| &t.0[..]);
    let skip = match (word_at(0), word_at(1)) {
        ("let" | "const" | "var", _) => 2, // `let NAME`, then `=`
        (_, "=") => 1,                     // `NAME =` as in LeetCode's statement
        _ => 0,
    };
    let rows = ["[ # # # # # # # # # ]"; 9].join(" ");
    let pattern = format!("{}[ {} ] ;", if skip > 0 { "= " } else { "" }, rows);
    let (mut cells, mut quote, mut k, mut n) = ([0u8; 81], None, skip, 0);
    for p in pattern.split(' ') {
        let tok = word_at(k);
        if p == "#" {
            let want = format!("cell r{}c{}: 0-9, '1'-'9' or '.'", n / 9 + 1, n % 9 + 1);
            let (d, q) = cell(tok).ok_or_else(|| fail(k, &want))?;
            cells[n] = d;
            quote = if n == 0 { q } else { quote };
            n += 1;
        } else if tok != p && p != ";" {
            return Err(fail(k, &format!("`{}`", p)));
        }
        k += (p == "#" || tok == p) as usize;
    }
    match toks.get(k) {
        Some(_) => Err(fail(k, "the end of the input")),
        None => Ok((cells, quote)),
    }
}

/// A cell: a number 0-9, or a one-character string "0"-"9" or "." in ' or ".
fn cell(tok: &str) -> Option<(u8, Option<char>)> {
    let c: Vec<char> = tok.chars().collect();
    match c[..] {
        [d] => Some((d.to_digit(10)? as u8, None)),
        [q, '.', e] if q == e && (q == '"' || q == '\'') => Some((0, Some(q))),
        [q, d, e] if q == e && (q == '"' || q == '\'') => Some((d.to_digit(10)? as u8, Some(q))),
        _ => None,
    }
}

struct Grid {
    cells: [u8; 81],
    masks: [u16; 27], // digits used in rows 0..9, columns 9..18, boxes 18..27
    blanks: Vec<usize>,
    found: Vec<[u8; 81]>,
}

/// The row, column and box of cell `i`, as indices into `Grid::masks`.
fn units(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
}

fn cand(g: &Grid, i: usize) -> u16 {
    units(i).iter().fold(ALL, |free, &u| free & !g.masks[u])
}

/// Places digit `d` in blank `i`, or takes it back: the same XOR both ways.
fn flip(g: &mut Grid, i: usize, d: u8) {
    for &u in units(i).iter() {
        g.masks[u] ^= 1 << d;
    }
    g.cells[i] ^= d;
}

/// Fills `g.blanks[k..]`, collecting completions until there are `limit`.
fn search(g: &mut Grid, k: usize, limit: usize) {
    let (mut j, mut bits) = (k, ALL); // the blank with the fewest candidates
    let (mut once, mut twice) = ([0u16; 27], [0u16; 27]); // digits with 1+, 2+ places
    for (n, &i) in g.blanks.iter().enumerate().skip(k) {
        let free = cand(g, i);
        if free.count_ones() < bits.count_ones() {
            j = n;
            bits = free;
        }
        for &u in units(i).iter() {
            twice[u] |= once[u] & free;
            once[u] |= free;
        }
    }
    if (0..27).any(|u| ALL & !g.masks[u] & !once[u] != 0) {
        return; // a row, column or box needs a digit that fits nowhere in it
    }
    for (n, &i) in g.blanks.iter().enumerate().skip(k) {
        let only = units(i).iter().fold(0, |h, &u| h | cand(g, i) & !twice[u]);
        if only != 0 && bits.count_ones() > 1 {
            j = n; // a hidden single: the only place for a digit in some unit
            bits = only;
        }
    }
    if k == g.blanks.len() {
        return g.found.push(g.cells);
    }
    g.blanks.swap(k, j);
    let i = g.blanks[k];
    while bits != 0 && g.found.len() < limit {
        let d = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        flip(g, i, d);
        search(g, k + 1, limit);
        flip(g, i, d);
    }
}

/// Up to `limit` completions of `puzzle`; an error names two clashing givens.
fn complete(puzzle: [u8; 81], limit: usize) -> Result<Vec<[u8; 81]>, String> {
    let (cells, masks, blanks, found) = ([0; 81], [0; 27], Vec::new(), Vec::new());
    let mut g = Grid {
        cells,
        masks,
        blanks,
        found,
    };
    for (i, &d) in puzzle.iter().enumerate() {
        for &u in units(i).iter() {
            if d > 0 && g.masks[u] & 1 << d != 0 {
                let j = (0..i).find(|&j| puzzle[j] == d && units(j).contains(&u));
                let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
                let unit = format!("{} {}", ["row", "column", "box"][u / 9], u % 9 + 1);
                let two = format!("{} and {}", name(j.unwrap_or(i)), name(i));
                return Err(format!("digit {} repeats in {} ({})", d, unit, two));
            }
        }
        if d == 0 {
            g.blanks.push(i);
        } else {
            flip(&mut g, i, d);
        }
    }
    search(&mut g, 0, limit);
    Ok(g.found)
}

/// The lexicographically smallest completion of `puzzle` (see the header).
fn solve(puzzle: [u8; 81]) -> Result<[u8; 81], String> {
    let two = complete(puzzle, 2)?;
    let mut best = *two.first().ok_or_else(|| NO_SOLUTION.to_string())?;
    let mut board = puzzle;
    for i in (0..81).filter(|&i| two.len() > 1 && puzzle[i] == 0) {
        for d in 1..best[i] {
            board[i] = d;
            if let Some(found) = complete(board, 1).unwrap_or_default().pop() {
                best = found;
                break;
            }
        }
        board[i] = best[i];
    }
    Ok(best)
}

fn render(cells: &[u8; 81], quote: Option<char>) -> String {
    let q = quote.map(String::from).unwrap_or_default();
    let cell = |d: &u8| format!("{}{}{}", q, d, q);
    let row = |r: &[u8]| format!("  [{}]", r.iter().map(&cell).collect::<Vec<_>>().join(", "));
    let rows: Vec<String> = cells.chunks(9).map(row).collect();
    format!("[\n{}\n]\n", rows.join(",\n"))
}

fn main() {
    let mut bytes = Vec::new();
    let read = io::stdin().take(LIMIT + 1).read_to_end(&mut bytes);
    let text = String::from_utf8_lossy(&bytes);
    let result = match read {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => parse(text.trim_start_matches('\u{feff}'))
            .and_then(|(cells, quote)| Ok(render(&solve(cells)?, quote))),
    };
    if let Err(message) = result.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("js_array: {}", message);
        std::process::exit(1);
    }
}
