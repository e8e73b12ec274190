//! SPOJ SUDOGOB "Sudoku goblin": count each board's solutions; show a unique one.
//!
//! Input: T, then T boards of 9 lines of 9 digits separated by spaces, `0` for a
//! blank; blank lines are skipped. Output per board: its number of solutions on a
//! line (0 when givens clash), then, if it is 1, the solution in the same format.
//! No bound is stated; counting goes one by one (~0.7 µs each), so a board with over
//! 1,000,000 (the empty one has 6.67e21) is refused rather than given a wrong number.
//! Method: a recursive blank-list backtracker with used-digit masks; a node places
//! every single one scan finds (a blank with one candidate, a digit with one place
//! left in a row, column or box) and scans again, then branches on the blank with the
//! fewest candidates. Bad input: one line on stderr naming board, line, column; exit 1.
use std::io::{self, Read, Write};

const ALL: u16 = 0x3fe; // bit d stands for digit d (1..=9)
const MOST: u64 = 1_000_000; // solutions counted at most per board

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

/// Reads T, then T boards of 9 rows of 9 digits; errors name board, line and column.
fn parse(text: &str) -> Result<Vec<Vec<u8>>, String> {
    let mut lines = text.lines().enumerate().filter(|l| !l.1.trim().is_empty());
    let (ln, first) = lines.next().ok_or("empty input: expected T, then boards")?;
    let bad = |_| format!("line {}: `{:.12}` is not a count", ln + 1, first.trim());
    let t: usize = first.trim().parse().map_err(bad)?;
    let (mut boards, mut cells) = (Vec::new(), Vec::new());
    for (ln, line) in lines.by_ref().take(t.saturating_mul(9)) {
        let at = format!("board {}, line {}", boards.len() + 1, ln + 1);
        let before = cells.len();
        for (c, ch) in line.chars().enumerate().filter(|c| !c.1.is_whitespace()) {
            let bad = || format!("{}, column {}: `{}` is not a digit", at, c + 1, ch);
            cells.push(ch.to_digit(10).ok_or_else(bad)? as u8);
        }
        match cells.len() - before {
            9 if cells.len() == 81 => boards.push(std::mem::take(&mut cells)),
            9 => {}
            n => return Err(format!("{}: {} digits, expected 9", at, n)),
        }
    }
    if let Some((ln, _)) = lines.next() {
        return Err(format!(
            "line {}: text after the last board (the count is {})",
            ln + 1,
            t
        ));
    }
    match boards.len() {
        n if n < t => Err(format!("input ends after {} of {} boards", n, t)),
        _ => Ok(boards),
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

/// Counts into `found` the completions that fill `blanks` (cells of `g` still 0), and
/// keeps the last one there; stops once `limit` are counted.
fn search(g: &mut Grid, blanks: &mut [usize], limit: u64, found: &mut (u64, [u8; 81])) {
    let free = |g: &Grid, i: usize| units(i).iter().fold(ALL, |f, &u| f & !g.masks[u]);
    let mut k = 0; // blanks[..k]: filled by singles at this node, undone at the end
    'round: while k < blanks.len() {
        let (mut j, mut bits, mut fewest) = (k, ALL, 10); // the blank with the fewest candidates
        let (mut once, mut twice) = ([0u16; 27], [0u16; 27]); // digits with 1+, 2+ places
        for (n, &i) in blanks.iter().enumerate().skip(k) {
            let f = free(g, i);
            if f.count_ones() < fewest {
                (j, bits, fewest) = (n, f, f.count_ones());
            }
            for &u in units(i).iter() {
                twice[u] |= once[u] & f;
                once[u] |= f;
            }
        }
        if bits == 0 || (0..27).any(|u| ALL & !g.masks[u] & !once[u] != 0) {
            break; // a blank, or a digit of a row, column or box, with no place left
        }
        if fewest > 1 && (0..27).all(|u| once[u] & !twice[u] == 0) {
            blanks.swap(k, j); // no single: branch on blank j
            let i = blanks[k];
            let sees = |p: usize| units(p).iter().zip(units(i).iter()).any(|(a, b)| a == b);
            let peer = |p: &usize| if sees(*p) { free(g, *p) } else { 0 };
            let rest = &blanks[k + 1..];
            let takers = |d: &u8| rest.iter().map(|p| peer(p) >> d & 1).sum::<u16>();
            let mut digits: Vec<u8> = (1..10).rev().filter(|&d| bits & 1 << d != 0).collect();
            digits.sort_by_key(|d| std::cmp::Reverse(takers(d))); // pop: fewest takers first
            while let Some(d) = digits.pop().filter(|_| found.0 < limit) {
                flip(g, i, d);
                search(g, &mut blanks[k + 1..], limit, found);
                flip(g, i, d);
            }
            break;
        }
        let first = k; // else place every single: a blank's only digit, a digit's only place
        for n in first..blanks.len() {
            let (i, f) = (blanks[n], free(g, blanks[n]));
            let hidden = units(i).iter().fold(0, |h, &u| h | f & !twice[u]);
            let d = if hidden != 0 { hidden } else { f };
            if d == 0 || hidden & hidden.wrapping_sub(1) != 0 {
                break 'round; // no digit left here, or two that must both go here
            } else if d & (d - 1) == 0 {
                flip(g, i, d.trailing_zeros() as u8);
                blanks.swap(n, k);
                k += 1;
            }
        }
    }
    if k == blanks.len() {
        *found = (found.0 + 1, g.cells);
    }
    for &i in blanks[..k].iter() {
        flip(g, i, g.cells[i]);
    }
}

/// The number of completions of `puzzle`, counted up to `limit` (0 when givens clash),
/// and the last one found.
fn count(puzzle: &[u8], limit: u64) -> (u64, [u8; 81]) {
    let (cells, masks) = ([0; 81], [0; 27]);
    let mut g = Grid { cells, masks };
    for (i, &d) in puzzle.iter().enumerate().filter(|c| *c.1 > 0) {
        if units(i).iter().any(|&u| g.masks[u] & 1 << d != 0) {
            return (0, [0; 81]); // two givens clash: nothing completes them
        }
        flip(&mut g, i, d);
    }
    let mut blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    let mut found = (0, [0; 81]);
    search(&mut g, &mut blanks, limit, &mut found);
    found
}

fn render((n, cells): (u64, [u8; 81])) -> String {
    let end = |i: usize| if i % 9 == 8 { "\n" } else { " " };
    let board: String = (0..81).map(|i| format!("{}{}", cells[i], end(i))).collect();
    format!("{}\n{}", n, if n == 1 { &board[..] } else { "" })
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let answer = |(n, board): (usize, &Vec<u8>)| match count(board, MOST + 1) {
        (k, _) if k > MOST => Err(format!("board {}: more than {} solutions", n + 1, MOST)),
        found => Ok(render(found)),
    };
    let out: Result<String, String> =
        result.and_then(|boards| boards.iter().enumerate().map(answer).collect());
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("sudogob: {}", message);
        std::process::exit(1);
    }
}
