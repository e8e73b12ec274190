//! UVa 989 "Su Doku": the SMALLEST completion of n²×n² grids, n = 1, 2 or 3.
//!
//! Input: to the end, cases of n, then n² rows of n² numbers 0..=n² (0 blank),
//! a blank line between (read as a stream: line breaks do not matter). Output:
//! per case the lexicographically smallest completion (rows first, single
//! spaces; n = 1 gives `1`) or `NO SOLUTION` (clashing givens too); a blank line
//! between cases. Method: as `boj2239.rs`, for n² digits: a blank-list
//! backtracker with used-digit masks fills a blank with one candidate or a digit
//! with one place left in a row, column or box, else branches on a digit's two
//! places when no blank has two candidates, else on the fewest candidates. It
//! counts completions up to 2: a lone one is the smallest; else it searches again,
//! branching on the first blank row-major: its first completion is the smallest.
//! Bad input: one line on stderr naming case, line and column; exit 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most

/// The input as text, by the one input rule of every file of the kit: UTF-8,
/// one byte-order mark skipped, and a CR only where it ends a line (CRLF).
fn text_of(bytes: &[u8]) -> Result<&str, String> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            // The bytes before the bad one are text: count its line and column there.
            let before = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
            return Err(format!("line {}, column {}: not UTF-8 text", line, column));
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (n, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(at) = line.find('\r') {
            let column = line[..at].chars().count() + 1;
            let where_ = format!("line {}, column {}", n + 1, column);
            return Err(format!("{}: a carriage return inside a line", where_));
        }
    }
    Ok(text)
}

/// Reads the cases: n and the n^4 cells, row-major, 0 = blank.
fn parse(text: &str) -> Result<Vec<(usize, Vec<u8>)>, String> {
    let mut cases = Vec::<(usize, Vec<u8>)>::new();
    for (ln, line) in text.lines().enumerate() {
        let mut col = 1; // of `tok`: each separator is one character
        for tok in line.split(char::is_whitespace) {
            let need = cases.last().map_or(0, |c| c.0.pow(4) - c.1.len()); // cells to come
            let case = cases.len() + (need == 0) as usize;
            let size = cases.last().map_or(0, |c| c.0 * c.0);
            let at = |w: String| format!("case {}, line {}, column {}: {}", case, ln + 1, col, w);
            match tok.parse::<usize>() {
                _ if tok.is_empty() => {}
                Ok(n) if need == 0 && (1..=3).contains(&n) => cases.push((n, Vec::new())),
                Ok(v) if need > 0 && v <= size => cases[case - 1].1.push(v as u8),
                _ if need == 0 => return Err(at(format!("`{:.12}` is not n (1, 2 or 3)", tok))),
                _ => return Err(at(format!("`{:.12}` is not a number 0-{}", tok, size))),
            }
            col += tok.chars().count() + 1;
        }
    }
    match cases.last() {
        None => Err("empty input: expected n, then n² rows of n² numbers".to_string()),
        Some(c) if c.1.len() < c.0.pow(4) => Err(format!("case {}: input ends", cases.len())),
        _ => Ok(cases),
    }
}

struct Grid {
    n: usize,         // the box side: the grid has n² rows of n² cells
    cells: [u8; 81],  // row-major, n^4 of them, 0 = blank
    masks: [u16; 27], // digits used in rows 0.., columns 9.., boxes 18..; unused units full
}

/// The row, column and box of cell `i`, as indices into `Grid::masks`.
fn units(g: &Grid, i: usize) -> [usize; 3] {
    let (r, c) = (i / (g.n * g.n), i % (g.n * g.n));
    [r, 9 + c, 18 + r / g.n * g.n + c / g.n]
}

/// Places digit `d` in cell `i`, or takes it back: the same XOR both ways.
fn flip(g: &mut Grid, i: usize, d: u8) {
    for u in units(g, i) {
        g.masks[u] ^= 1 << d;
    }
    g.cells[i] ^= d;
}

/// Up to `limit` completions that fill `blanks` (cells of `g` still 0): in no set order, or
/// with `lex` smallest first. A blank or a digit with no place left ends a branch. Next to fill:
/// a blank with one candidate or a digit with one place left in a row, column or box; else the
/// two places of a digit when no blank has two candidates; else the blank with the fewest
/// candidates (ties: the later in `blanks`), or with `lex` the first blank row-major.
fn search(g: &mut Grid, blanks: &mut [usize], limit: usize, lex: bool) -> Vec<[u8; 81]> {
    if blanks.is_empty() {
        return vec![g.cells];
    }
    let all: u16 = (2 << (g.n * g.n)) - 2; // every digit: bit d stands for digit d (1..=n²)
    let cand = |i: usize| units(g, i).iter().fold(all, |free, &u| free & !g.masks[u]);
    let (mut best, mut seen) = ((0, all, 9), [[0u16; 27]; 3]); // seen[n][u]: digits with > n places
    for &i in blanks.iter() {
        let free = cand(i);
        best = std::cmp::min_by_key((i, free, free.count_ones()), best, |b| b.2); // ties: i wins
        for u in units(g, i) {
            seen[2][u] |= seen[1][u] & free;
            seen[1][u] |= seen[0][u] & free;
            seen[0][u] |= free;
        }
    }
    if (0..27).any(|u| all & !g.masks[u] & !seen[0][u] != 0) {
        return Vec::new(); // a row, column or box needs a digit that fits nowhere in it
    }
    let (mut k, mut at, mut digits) = (best.2 as usize, vec![best.0], best.1);
    if lex && k > 1 {
        let i = *blanks.iter().min().unwrap_or(&0); // the first blank, unless a digit is forced
        (k, at, digits) = (2, vec![i], cand(i));
    }
    let n = 2 - (0..27).any(|u| seen[0][u] & !seen[1][u] > 0) as usize;
    if let Some(u) = (0..27).find(|&u| seen[n - 1][u] & !seen[n][u] > 0 && k > n) {
        digits = 1 << (seen[n - 1][u] & !seen[n][u]).trailing_zeros();
        at = blanks.to_vec();
        at.retain(|&i| units(g, i).contains(&u) && cand(i) & digits > 0);
    }
    let mut found = Vec::new();
    for i in at {
        for d in (1..10).filter(|d| digits >> d & 1 == 1) {
            if found.len() < limit {
                let p = blanks.iter().position(|&b| b == i).unwrap_or(0);
                blanks.swap(0, p);
                flip(g, i, d);
                found.extend(search(g, &mut blanks[1..], limit - found.len(), lex));
                flip(g, i, d);
            }
        }
    }
    found
}

/// The smallest completion of `puzzle` (n² rows of n² cells), if any.
fn smallest(n: usize, puzzle: &[u8]) -> Option<[u8; 81]> {
    let all: u16 = (2 << (n * n)) - 2;
    let full = |u: usize| if u % 9 < n * n { 0 } else { all }; // a unit the grid does not have
    let (cells, masks) = ([0; 81], std::array::from_fn(full));
    let mut g = Grid { n, cells, masks };
    for (i, &d) in puzzle.iter().enumerate().filter(|c| *c.1 > 0) {
        if units(&g, i).iter().any(|&u| g.masks[u] & 1 << d != 0) {
            return None; // clashing givens
        }
        flip(&mut g, i, d);
    }
    let mut blanks: Vec<usize> = (0..puzzle.len()).filter(|&i| puzzle[i] == 0).collect();
    match search(&mut g, &mut blanks, 2, false) {
        found if found.len() < 2 => found.first().copied(), // a lone one is the smallest
        _ => search(&mut g, &mut blanks, 1, true).pop(),
    }
}

fn render(n: usize, cells: Option<[u8; 81]>) -> String {
    let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" ") + "\n";
    match cells {
        Some(cells) => cells[..n.pow(4)].chunks(n * n).map(row).collect(),
        None => "NO SOLUTION\n".to_string(),
    }
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let answer = |c: &(usize, Vec<u8>)| render(c.0, smallest(c.0, &c.1));
    let out = result.map(|cases| cases.iter().map(answer).collect::<Vec<_>>().join("\n"));
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("uva989: {}", message);
        std::process::exit(1);
    }
}
