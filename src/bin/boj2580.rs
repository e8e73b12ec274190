//! Baekjoon 2580 "Sudoku": fill in the blanks of a 9x9 grid; ANY answer.
//!
//! Input: 81 numbers 0-9 separated by whitespace (9 lines of 9), 0 = blank.
//! Output: 9 lines of 9 numbers, one space between. Answer: any completion
//! (the judge accepts every valid one), so the search order is free.
//! Method: a recursive blank-list backtracker with used-digit masks. It next
//! branches on the blank with the fewest candidates (swapped to the front of
//! the list) or on a hidden single (a digit with one place left in a row,
//! column or box); a digit with no place left ends the branch. The plain
//! row-major backtracker visits ~69 million nodes on the puzzle built against
//! it (first row 987654321); this, a few dozen.
//! Bad input: one line on stderr naming line and column, or the cells; exit 1.
use std::io::{self, Read, Write};

const ALL: u16 = 0x3fe; // bit d stands for digit d (1..=9)
const LIMIT: u64 = 1 << 20; // bytes of input read at most

/// Reads 81 whitespace-separated numbers 0-9; errors name line and column.
fn parse(text: &str) -> Result<[u8; 81], String> {
    let (mut cells, mut n) = ([0u8; 81], 0);
    for (ln, line) in text.lines().enumerate() {
        let mut col = 1; // of `tok`: each separator is one character
        for tok in line.split(char::is_whitespace) {
            let at = |what: String| Err(format!("line {}, column {}: {}", ln + 1, col, what));
            match tok.parse::<u8>() {
                _ if tok.is_empty() => {}
                Ok(d) if d < 10 && tok.len() == 1 && n < 81 => cells[n] = d,
                Ok(d) if d < 10 && tok.len() == 1 => return at("more than 81 numbers".to_string()),
                _ => return at(format!("`{:.12}` is not a number 0-9", tok)),
            }
            n += !tok.is_empty() as usize;
            col += tok.chars().count() + 1;
        }
    }
    match n {
        0 => Err("empty input: expected 81 numbers 0-9".to_string()),
        81 => Ok(cells),
        _ => Err(format!("only {} numbers, expected 81", n)),
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

/// Up to `limit` completions that fill `blanks` (cells of `g` still 0).
fn search(g: &mut Grid, blanks: &mut [usize], limit: usize) -> Vec<[u8; 81]> {
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
    blanks.swap(0, j);
    let mut found = Vec::new();
    while bits != 0 && found.len() < limit {
        let d = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        flip(g, blanks[0], d);
        found.extend(search(g, &mut blanks[1..], limit - found.len()));
        flip(g, blanks[0], d);
    }
    found
}

/// Up to `limit` completions of `puzzle`; an error names two clashing givens.
fn complete(puzzle: [u8; 81], limit: usize) -> Result<Vec<[u8; 81]>, String> {
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
    Ok(search(&mut g, &mut blanks, limit))
}

/// Some completion of `puzzle`.
fn solve(puzzle: [u8; 81]) -> Result<[u8; 81], String> {
    let no = "no solution: the givens do not clash, yet nothing completes them";
    complete(puzzle, 1)?.pop().ok_or_else(|| no.to_string())
}

fn render(cells: [u8; 81]) -> String {
    let end = |i: usize| if i % 9 == 8 { "\n" } else { " " };
    (0..81).map(|i| format!("{}{}", cells[i], end(i))).collect()
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => parse(String::from_utf8_lossy(&bytes).trim_start_matches('\u{feff}')),
    };
    let out = result.and_then(solve).map(render);
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("boj2580: {}", message);
        std::process::exit(1);
    }
}
