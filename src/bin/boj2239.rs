//! Baekjoon 2239 "Sudoku" (digit rows): print the SMALLEST completion.
//!
//! Input: 9 lines of 9 digits, no separators, 0 or `.` = blank (or all 81 on
//! one line). Output: 9 lines of 9 digits. Answer: the lexicographically
//! smallest completion, i.e. what a row-major, ascending-digit search finds.
//! Method: a recursive blank-list backtracker with used-digit masks that takes
//! forced blanks first (one candidate left, or a hidden single: a digit with
//! one place left in a row, column or box), else the one with the fewest
//! candidates, counts answers up to 2 fast: a lone answer is the smallest. Else
//! it fills the blanks row-major, each with the smallest digit the fast search
//! can still complete. A plain row-major backtracker visits ~69 million nodes
//! on the puzzle built against it (first row 987654321); this, a few dozen.
//! Bad input: one line on stderr naming line and column, or the cells; exit 1.
use std::io::{self, Read, Write};

const ALL: u16 = 0x3fe; // bit d stands for digit d (1..=9)
const LIMIT: u64 = 1 << 20; // bytes of input read at most

/// Reads 9 lines of 9 digits, or 81 on one line; errors name line and column.
fn parse(text: &str) -> Result<[u8; 81], String> {
    let (mut cells, mut lines) = (Vec::new(), Vec::new()); // lines: (number, digits on it)
    let filled = text.lines().enumerate().filter(|l| !l.1.trim().is_empty());
    for (ln, line) in filled.take(10) {
        let before = cells.len();
        for (c, ch) in line.chars().enumerate().filter(|c| !c.1.is_whitespace()) {
            let at = || format!("line {}, column {}: `{}` is not a digit", ln + 1, c + 1, ch);
            let d = if ch == '.' { Some(0) } else { ch.to_digit(10) };
            cells.push(d.ok_or_else(at)? as u8);
        }
        lines.push((ln + 1, cells.len() - before));
    }
    let (mut board, last) = ([0u8; 81], lines.last().map_or(0, |l| l.0));
    match (lines.len(), lines.iter().find(|l| l.1 != 9)) {
        (0, _) => return Err("empty input: expected 9 lines of 9 digits".to_string()),
        (1, Some(&(_, 81))) | (9, None) => board.copy_from_slice(&cells),
        (_, Some(&(l, n))) => return Err(format!("line {}: {} digits, not 9 (or 81)", l, n)),
        (10, None) => return Err(format!("line {}: a tenth line of digits", last)),
        (_, None) => return Err(format!("input ends after line {}, expected 9 lines", last)),
    }
    Ok(board)
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

fn render(cells: [u8; 81]) -> String {
    let end = |i: usize| if i % 9 == 8 { "\n" } else { "" };
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
        eprintln!("boj2239: {}", message);
        std::process::exit(1);
    }
}
