//! 16x16 Sudoku in letters: SPOJ SUDOKU, POJ 3076, UVa 1309, e-olymp 3525.
//!
//! Input: data sets of 16 rows of 16 characters, `A`-`P` given, `-` blank, an
//! empty line between; SPOJ first gives their number K on a line of its own
//! (a first line that is a number is read as K), the others run to the end.
//! Trailing spaces (SPOJ's sample has some) and CR are fine. Output: each
//! solution in the same format, an empty line between: the one solution the
//! statements promise (a board with several gets one of them). Method: a
//! recursive blank-list backtracker with used-letter masks (`u32`); each call
//! places all forced letters (a blank's only candidate, a letter's only place
//! in a row, column or box), else branches on the blank with fewest candidates.
//! Bad input, clashing givens, no solution: one line on stderr (data set, line,
//! column); exit 1.
use std::io::{self, Read, Write};

const ALL: u32 = 0x1fffe; // bit d stands for letter d (1..=16: A..=P)
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

/// Reads the boards (0 = blank, 1..=16 = A..=P); errors name data set, line and column.
fn parse(text: &str) -> Result<Vec<Vec<u8>>, String> {
    let (mut boards, mut count, mut cells) = (Vec::new(), None, Vec::new());
    for (n, line) in text.lines().map(str::trim_end).enumerate() {
        let (set, rows) = (boards.len() + 1, cells.len() / 16);
        let at = |what: String| Err(format!("data set {}, line {}: {}", set, n + 1, what));
        let k = line.trim().parse().ok(); // SPOJ's K, the number of data sets, comes first
        let letter = |c: char| c == '-' || ('A'..='P').contains(&c);
        match line.chars().enumerate().find(|&(_, c)| !letter(c)) {
            _ if line.is_empty() && rows == 0 => {}
            _ if line.is_empty() => return at(format!("an empty line after {} rows", rows)),
            _ if set == 1 && rows == 0 && count.is_none() && k.is_some() => count = k,
            _ if count == Some(set - 1) => return at(format!("beyond the count {}", set - 1)),
            Some((c, ch)) => return at(format!("column {}: `{}` is not A-P or -", c + 1, ch)),
            None if line.len() != 16 => return at(format!("{} characters, not 16", line.len())),
            None => cells.extend(line.bytes().map(|b| b.saturating_sub(b'@'))), // `-` is 0
        }
        if cells.len() == 256 {
            boards.push(std::mem::take(&mut cells));
        }
    }
    let set = boards.len() + 1;
    match count {
        _ if !cells.is_empty() => Err(format!("data set {}: only {} rows", set, cells.len() / 16)),
        Some(k) if k >= set => Err(format!("the count is {}, the input holds {}", k, set - 1)),
        None if set == 1 => Err("empty input: expected rows of 16 letters A-P or -".to_string()),
        _ => Ok(boards),
    }
}

struct Grid {
    cells: [u8; 256],
    masks: [u32; 48], // letters used in rows 0..16, columns 16..32, boxes 32..48
}

/// The row, column and box of cell `i`, as indices into `Grid::masks`.
fn units(i: usize) -> [usize; 3] {
    [i / 16, 16 + i % 16, 32 + i / 64 * 4 + i % 16 / 4]
}

/// Places letter `d` in cell `i`, or takes it back: the same XOR both ways.
fn flip(g: &mut Grid, i: usize, d: u8) {
    for &u in units(i).iter() {
        g.masks[u] ^= 1 << d;
    }
    g.cells[i] ^= d;
}

/// Fills `blanks` (cells of `g` still 0) and returns true, or returns false, `g` as it was.
fn search(g: &mut Grid, blanks: &mut [usize]) -> bool {
    if blanks.is_empty() {
        return true;
    }
    let cand = |g: &Grid, i: usize| units(i).iter().fold(ALL, |free, &u| free & !g.masks[u]);
    let mut best = (0, ALL, 17); // the blank with the fewest candidates: place, letters, count
    let (mut once, mut twice) = ([0u32; 48], [0u32; 48]); // letters with 1+, 2+ places
    for (n, &i) in blanks.iter().enumerate() {
        let free = cand(g, i);
        best = std::cmp::min_by_key(best, (n, free, free.count_ones()), |b| b.2); // ties: the first
        for &u in units(i).iter() {
            twice[u] |= once[u] & free;
            once[u] |= free;
        }
    }
    if (0..48).any(|u| ALL & !g.masks[u] & !once[u] != 0) {
        return false; // a row, column or box needs a letter that fits nowhere in it
    }
    // Every forced letter at once (see the header), moved to the front of `blanks`.
    let (mut forced, mut dead) = (0, false);
    for n in 0..blanks.len() {
        let (i, free) = (blanks[n], cand(g, blanks[n]));
        let hidden = units(i).iter().fold(0, |h, &u| h | once[u] & !twice[u]);
        let single = free & if free.is_power_of_two() { ALL } else { hidden };
        dead |= free == 0; // a letter forced before took this blank's last candidate
        if single != 0 {
            flip(g, i, single.trailing_zeros() as u8);
            blanks.swap(forced, n);
            forced += 1;
        }
    }
    if forced > 0 {
        let done = !dead && search(g, &mut blanks[forced..]);
        for &i in blanks[..forced].iter().filter(|_| !done) {
            flip(g, i, g.cells[i]); // takes back what was placed (a cell XOR itself is 0)
        }
        return done;
    }
    blanks.swap(0, best.0);
    for d in (1..17).filter(|d| best.1 >> d & 1 == 1) {
        flip(g, blanks[0], d);
        if search(g, &mut blanks[1..]) {
            return true;
        }
        flip(g, blanks[0], d);
    }
    false
}

/// The solution of `puzzle`; an error names a clashing given, or says there is none.
fn solve(puzzle: &[u8]) -> Result<[u8; 256], String> {
    let (cells, masks) = ([0; 256], [0; 48]);
    let mut g = Grid { cells, masks };
    for (i, &d) in puzzle.iter().enumerate().filter(|c| *c.1 > 0) {
        if let Some(&u) = units(i).iter().find(|&&u| g.masks[u] & 1 << d != 0) {
            let unit = format!("{} {}", ["row", "column", "box"][u / 16], u % 16 + 1);
            let (cell, letter) = (format!("r{}c{}", i / 16 + 1, i % 16 + 1), b'@' + d);
            return Err(format!("{}: {} repeats in {}", cell, letter as char, unit));
        }
        flip(&mut g, i, d);
    }
    let mut blanks: Vec<usize> = (0..256).filter(|&i| puzzle[i] == 0).collect();
    match search(&mut g, &mut blanks) {
        true => Ok(g.cells),
        false => Err("no solution: the givens do not clash, yet nothing completes them".into()),
    }
}

fn render(cells: [u8; 256]) -> String {
    let row = |r: &[u8]| r.iter().map(|&d| (b'@' + d) as char).collect::<String>() + "\n";
    cells.chunks(16).map(row).collect()
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let answer = |(k, board): (usize, &Vec<u8>)| match solve(board) {
        Ok(cells) => Ok(render(cells)),
        Err(e) => Err(format!("data set {}: {}", k + 1, e)),
    };
    let sets: Result<Vec<String>, String> =
        result.and_then(|boards| boards.iter().enumerate().map(answer).collect());
    let out = sets.map(|sets| sets.join("\n")); // an empty line between two solutions
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("sudoku16: {}", message);
        std::process::exit(1);
    }
}
