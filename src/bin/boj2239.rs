//! Baekjoon 2239 "Sudoku" (digit rows): print the SMALLEST completion.
//!
//! Input: 9 lines of 9 digits, no separators, 0 or `.` = blank (or all 81 on
//! one line). Output: 9 lines of 9 digits. Answer: the lexicographically
//! smallest completion, i.e. what a row-major, ascending-digit search finds.
//! Method: a blank-list backtracker with used-digit masks, branching on the
//! blank with the fewest candidates or on a hidden single, finds SOME answer
//! fast. So count answers up to 2: a lone answer is the smallest. Otherwise
//! fix the blanks row-major, each to the smallest digit that still leaves an
//! answer (asking the same search; only digits below the last answer's are
//! tried). A plain row-major backtracker visits ~69 million nodes on the
//! puzzle built against it (first row 987654321); this, a few dozen.
//! Bad input: one line on stderr naming line and column, or the cells; exit 1.
use std::io::{self, Read, Write};

const ALL: u16 = 0x3fe; // bit d stands for digit d (1..=9)
const LIMIT: u64 = 1 << 20; // bytes of input read at most
const NO_SOLUTION: &str = "no solution: the givens do not clash, yet nothing completes them";

/// Reads 9 lines of 9 digits, or 81 on one line; errors name line and column.
fn parse(text: &str) -> Result<[u8; 81], String> {
    let (mut cells, mut lines) = (Vec::new(), Vec::new()); // lines: (number, cells)
    for (ln, line) in text.lines().enumerate() {
        let before = cells.len();
        if lines.len() == 10 {
            break; // one line too many is enough to say so
        }
        for (c, ch) in line.chars().enumerate().filter(|c| !c.1.is_whitespace()) {
            let at = || format!("line {}, column {}: `{}` is not a digit", ln + 1, c + 1, ch);
            let d = if ch == '.' { Some(0) } else { ch.to_digit(10) };
            cells.push(d.ok_or_else(at)? as u8);
        }
        if cells.len() > before {
            lines.push((ln + 1, cells.len() - before));
        }
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

fn render(cells: &[u8; 81]) -> String {
    let line = |row: &[u8]| row.iter().map(|d| d.to_string()).collect::<String>() + "\n";
    cells.chunks(9).map(line).collect()
}

fn main() {
    let mut bytes = Vec::new();
    let read = io::stdin().take(LIMIT + 1).read_to_end(&mut bytes);
    let text = String::from_utf8_lossy(&bytes);
    let result = match read {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => parse(text.trim_start_matches('\u{feff}'))
            .and_then(solve)
            .map(|c| render(&c)),
    };
    if let Err(message) = result.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("boj2239: {}", message);
        std::process::exit(1);
    }
}
