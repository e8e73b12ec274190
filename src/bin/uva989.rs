//! UVa 989 "Su Doku": the SMALLEST completion of n²×n² grids, n = 1, 2 or 3.
//!
//! Input: to the end, cases of n, then n² rows of n² numbers 0..=n² (0 blank),
//! a blank line between (read as a stream: line breaks do not matter). Output:
//! per case the lexicographically smallest completion (rows first, single
//! spaces; n = 1 gives `1`) or `NO SOLUTION` (clashing givens too); a blank line
//! between cases. Method: a recursive blank-list backtracker with used-digit
//! masks; each call places all forced digits (a blank's only candidate, a
//! digit's only place in a row, column or box), else branches on the blank with
//! the fewest candidates or, if it has 3+, on a digit's two places (Norvig's
//! hard1: 400,000 nodes without, 50 with). With 2+ completions it searches again
//! on the first blank row-major: its first completion is the smallest.
//! Bad input: one line on stderr naming case, line and column; exit 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most

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

/// Up to `limit` completions that fill `blanks` (cells of `g` still 0); `g` is left as it was.
/// With `lex` it branches on the first blank row-major: the first completion is the smallest.
fn search(g: &mut Grid, blanks: &mut [usize], limit: usize, lex: bool) -> Vec<[u8; 81]> {
    if blanks.is_empty() {
        return vec![g.cells];
    }
    let all: u16 = (2 << (g.n * g.n)) - 2; // every digit: bit d stands for digit d (1..=n²)
    let cand = |g: &Grid, i: usize| units(g, i).iter().fold(all, |f, &u| f & !g.masks[u]);
    let (mut j, mut least) = (0, usize::MAX); // fewest candidates, or the first row-major (lex)
    let (mut once, mut twice, mut more) = ([0u16; 27], [0u16; 27], [0u16; 27]); // 1+, 2+, 3+ places
    for (n, &i) in blanks.iter().enumerate() {
        let free = cand(g, i);
        let key = if lex { i } else { free.count_ones() as usize };
        if key < least {
            (j, least) = (n, key);
        }
        for u in units(g, i) {
            more[u] |= twice[u] & free;
            twice[u] |= once[u] & free;
            once[u] |= free;
        }
    }
    if (0..27).any(|u| all & !g.masks[u] & !once[u] != 0) {
        return Vec::new(); // a row, column or box needs a digit that fits nowhere in it
    }
    // Every forced digit at once: a blank's only candidate, or the only place left for a
    // digit in a row, column or box. They move to the front of `blanks`.
    let (mut forced, mut dead, mut found) = (0, false, Vec::new());
    for n in 0..blanks.len() {
        let (i, free) = (blanks[n], cand(g, blanks[n]));
        let hidden = free & units(g, i).iter().fold(0, |h, &u| h | once[u] & !twice[u]);
        let single = if free.is_power_of_two() { free } else { hidden };
        dead |= free == 0; // a digit forced before took this blank's last candidate
        if single != 0 {
            flip(g, i, single.trailing_zeros() as u8);
            blanks.swap(forced, n);
            forced += 1;
        }
    }
    let mut branches = vec![(blanks[j], cand(g, blanks[j]))]; // (blank, its digits to try)
    match (0..27).find(|&u| twice[u] & !more[u] != 0) {
        _ if forced > 0 => branches.clear(),
        Some(u) if least > 2 && !lex => {
            let d = 1 << (twice[u] & !more[u]).trailing_zeros(); // 2 places left in unit u
            let fits = |i: &&usize| units(g, **i).contains(&u) && cand(g, **i) & d != 0;
            branches = blanks.iter().filter(fits).map(|&i| (i, d)).collect();
        }
        _ => {}
    }
    if forced > 0 && !dead {
        found = search(g, &mut blanks[forced..], limit, lex);
    }
    for (i, mut bits) in branches {
        let j = blanks.iter().position(|&b| b == i).unwrap_or(0); // deeper calls reorder them
        blanks.swap(0, j);
        while bits != 0 && found.len() < limit {
            let d = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            flip(g, i, d);
            found.extend(search(g, &mut blanks[1..], limit - found.len(), lex));
            flip(g, i, d);
        }
    }
    for &i in blanks[..forced].iter() {
        flip(g, i, g.cells[i]); // takes back what was placed (a cell XOR itself is 0)
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
        Ok(_) => parse(String::from_utf8_lossy(&bytes).trim_start_matches('\u{feff}')),
    };
    let answer = |c: &(usize, Vec<u8>)| render(c.0, smallest(c.0, &c.1));
    let out = result.map(|cases| cases.iter().map(answer).collect::<Vec<_>>().join("\n"));
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("uva989: {}", message);
        std::process::exit(1);
    }
}
