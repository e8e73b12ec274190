//! SPOJ NOVICE42 "Problem 2": the lexicographically smallest solution of each grid.
//!
//! Input: a count T, then T grids, each a line `Grid NN` and 9 lines of 9 digits, `0` for
//! a blank. Output: per grid its `Grid NN` line as given, then its solution as 9 lines
//! of 9 digits; an empty line between two grids. With several solutions, the smallest
//! one read row by row (the first a row-major, ascending-digit search finds).
//! Method: a recursive blank-list backtracker with used-digit masks per row, column and
//! box first counts solutions up to 2, each level filling a hidden single or the blank
//! with the fewest candidates (`src/bin/uva10957.rs`'s count): a lone solution is the
//! smallest. With several, a second search places the forced digits (they are in every
//! solution below a node), then branches on the first empty blank row-major with
//! ascending digits, so its first solution is the smallest (the seed pattern of
//! `src/bin/boj2239.rs`).
//! Bad input: one line on stderr naming grid, line and column; exit 1.
use std::io::{self, Read, Write};

/// Bits 1..=9 stand for the digits 1..=9.
const FREE: u16 = 0x3fe;

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

/// One grid of the input: its `Grid NN` line and its cells (0 for a blank).
struct Puzzle {
    label: String,
    cells: [u8; 81],
}

/// `text` as an error quotes it: in backquotes, control characters
/// escaped (`\u{1b}`, never a raw byte a terminal would obey), cut to 20
/// characters.
fn shown(text: &str) -> String {
    let mut out = String::from("`");
    for c in text.chars().take(20) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.push('`');
    if text.chars().count() > 20 {
        out.push_str("...");
    }
    out
}

/// Reads the count T and the T grids, each a `Grid` line and 9 rows of 9 digits. Blank
/// lines are skipped; after the T grids only they may follow. Errors name grid, line and
/// column.
fn parse(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut lines = text
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line)) // a last line's lone CR
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let (n, first) = match lines.next() {
        Some(found) => found,
        None => return Err("empty input: expected the number of grids".to_string()),
    };
    let count: usize = match first.trim().parse() {
        Ok(count) => count,
        Err(_) => {
            let why = format!("{} is not a number of grids", shown(first.trim()));
            return Err(format!("line {}: {}", n + 1, why));
        }
    };
    let mut puzzles = Vec::new();
    let mut label: Option<String> = None; // the `Grid` line of the grid being read
    let mut cells = [0u8; 81];
    let mut filled = 0; // cells of the grid being read
    for (n, line) in lines {
        let at = format!("grid {}, line {}", puzzles.len() + 1, n + 1);
        if puzzles.len() == count {
            return Err(format!("{}: text after the {} grids", at, count));
        }
        let row = line.trim_end();
        if label.is_none() {
            if !row.starts_with("Grid") {
                return Err(format!(
                    "{}: expected a line `Grid NN`, got {}",
                    at,
                    shown(row)
                ));
            }
            label = Some(row.to_string());
            continue;
        }
        for (column, ch) in row.chars().enumerate() {
            let value = match ch.to_digit(10) {
                Some(digit) => digit as u8,
                None => {
                    let why = format!("{} is not a digit 0-9", shown(&ch.to_string()));
                    return Err(format!("{}, column {}: {}", at, column + 1, why));
                }
            };
            if column < 9 {
                cells[filled + column] = value;
            }
        }
        let length = row.chars().count();
        if length != 9 {
            return Err(format!("{}: {} digits, expected 9", at, length));
        }
        filled += 9;
        if filled == 81 {
            let label = label.take().unwrap_or_default();
            puzzles.push(Puzzle { label, cells });
            filled = 0;
        }
    }
    if puzzles.len() < count {
        let rows = filled / 9;
        let why = format!("the input ends after {} rows", rows);
        return Err(format!("grid {} of {}: {}", puzzles.len() + 1, count, why));
    }
    Ok(puzzles)
}

/// A board being filled: its cells and, per row, column and box, the digits used.
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

/// The box of cell `i` (row-major, boxes numbered row-major too).
fn box_of(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}

impl Board {
    /// The board of `puzzle`'s givens; `None` when two givens share a row, column or box.
    fn new(puzzle: &[u8; 81]) -> Option<Board> {
        let mut board = Board {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &digit) in puzzle.iter().enumerate() {
            if digit != 0 {
                if board.candidates(i) & 1 << digit == 0 {
                    return None;
                }
                board.place(i, digit);
            }
        }
        Some(board)
    }

    /// The digits cell `i` may still take.
    fn candidates(&self, i: usize) -> u16 {
        FREE & !(self.rows[i / 9] | self.cols[i % 9] | self.boxes[box_of(i)])
    }

    /// Writes `digit` in blank cell `i`.
    fn place(&mut self, i: usize, digit: u8) {
        self.rows[i / 9] ^= 1 << digit;
        self.cols[i % 9] ^= 1 << digit;
        self.boxes[box_of(i)] ^= 1 << digit;
        self.cells[i] = digit;
    }

    /// Takes `digit` back out of cell `i`: `place` in the mirror.
    fn undo(&mut self, i: usize, digit: u8) {
        self.rows[i / 9] ^= 1 << digit;
        self.cols[i % 9] ^= 1 << digit;
        self.boxes[box_of(i)] ^= 1 << digit;
        self.cells[i] = 0;
    }
}

/// The row, column and box of cell `i`, numbered 0..9, 9..18 and 18..27: one index
/// space for the 27 units, so one loop serves them all.
fn units_of(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + box_of(i)]
}

/// Counts into `found` the solutions that fill `blanks` (the blank cells of `board`),
/// keeps the last one in `kept`, and stops once it reaches `limit`. Each level fills one cell: a digit with one place
/// left in a row, column or box when there is one (a hidden single, found with the
/// `once` and `twice` masks), else the blank with the fewest candidates, trying each;
/// the cell is moved to the front of `blanks`. A unit that still needs a digit none of
/// its blanks can take ends the branch at once.
fn search(
    board: &mut Board,
    blanks: &mut [usize],
    limit: usize,
    found: &mut usize,
    kept: &mut Option<[u8; 81]>,
) {
    if blanks.is_empty() {
        *found += 1;
        *kept = Some(board.cells);
        return;
    }
    let mut best = 0;
    let mut fewest = 10;
    let mut once = [0u16; 27]; // per unit: the digits some blank of it can take
    let mut twice = [0u16; 27]; // per unit: the digits two or more of its blanks can take
    for (k, &i) in blanks.iter().enumerate() {
        let cand = board.candidates(i);
        if cand.count_ones() < fewest {
            best = k;
            fewest = cand.count_ones();
        }
        for &u in units_of(i).iter() {
            twice[u] |= once[u] & cand;
            once[u] |= cand;
        }
    }
    let mut choices = board.candidates(blanks[best]);
    for u in 0..27 {
        let used = match u {
            0..=8 => board.rows[u],
            9..=17 => board.cols[u - 9],
            _ => board.boxes[u - 18],
        };
        if FREE & !used & !once[u] != 0 {
            return; // a digit this unit still needs fits none of its blanks
        }
        let single = once[u] & !twice[u];
        if fewest > 1 && single != 0 {
            let digit = single & single.wrapping_neg();
            let in_unit = |k: &usize| units_of(blanks[*k]).contains(&u);
            let fits = |k: &usize| board.candidates(blanks[*k]) & digit != 0;
            if let Some(k) = (0..blanks.len()).find(|k| in_unit(k) && fits(k)) {
                best = k;
                choices = digit;
                fewest = 1;
            }
        }
    }
    blanks.swap(0, best);
    let i = blanks[0];
    for digit in try_order(board, i, choices, &blanks[1..]) {
        board.place(i, digit);
        search(board, &mut blanks[1..], limit, found, kept);
        board.undo(i, digit);
        if *found >= limit {
            return;
        }
    }
}

/// The digits of `choices` for cell `i`, the one the fewest of the `others` blanks that
/// share a unit with `i` can take first: it takes the fewest options away from them, so
/// it is the likeliest to lead to a solution (ascending digits send Norvig's "hard1"
/// into a search a hundred times longer).
fn try_order(board: &Board, i: usize, mut choices: u16, others: &[usize]) -> Vec<u8> {
    let units = units_of(i);
    let shares = |p: &usize| units_of(*p).iter().zip(units.iter()).any(|(a, b)| a == b);
    let peers: Vec<u16> = others
        .iter()
        .filter(|p| shares(p))
        .map(|&p| board.candidates(p))
        .collect();
    let mut order = Vec::new();
    while choices != 0 {
        let digit = (choices & choices.wrapping_neg()).trailing_zeros() as u8;
        choices &= choices - 1;
        let takers = peers.iter().filter(|&&c| c & 1 << digit != 0).count();
        order.push((takers, digit));
    }
    order.sort();
    order.into_iter().map(|(_, digit)| digit).collect()
}

/// Places every forced digit among the empty cells of `blanks`, again and again: a blank
/// with one candidate, a digit with one place left in a row, column or box. Each is in
/// every solution below this node, so placing it early removes none and the first
/// solution found stays the smallest. Records the placements in `forced` (for undo);
/// false at a dead end: a blank with no digit, or a digit a unit needs with no place.
fn propagate(board: &mut Board, blanks: &[usize], forced: &mut Vec<(usize, u8)>) -> bool {
    loop {
        let mut once = [0u16; 27]; // per unit: the digits some blank of it can take
        let mut twice = [0u16; 27]; // per unit: the digits two or more of its blanks can take
        let mut single = None; // a forced placement found on the way
        for &i in blanks.iter().filter(|&&i| board.cells[i] == 0) {
            let cand = board.candidates(i);
            if cand == 0 {
                return false;
            }
            if cand & (cand - 1) == 0 {
                single = Some((i, cand));
            }
            for &u in units_of(i).iter() {
                twice[u] |= once[u] & cand;
                once[u] |= cand;
            }
        }
        for u in 0..27 {
            let used = match u {
                0..=8 => board.rows[u],
                9..=17 => board.cols[u - 9],
                _ => board.boxes[u - 18],
            };
            if FREE & !used & !once[u] != 0 {
                return false; // a digit this unit still needs fits none of its blanks
            }
            let hidden = once[u] & !twice[u];
            if single.is_none() && hidden != 0 {
                let digit = hidden & hidden.wrapping_neg();
                let empty = |i: &&usize| board.cells[**i] == 0;
                let fits =
                    |i: &&usize| units_of(**i).contains(&u) && board.candidates(**i) & digit != 0;
                single = blanks.iter().filter(empty).find(fits).map(|&i| (i, digit));
            }
        }
        let (i, bit) = match single {
            Some(found) => found,
            None => return true,
        };
        let digit = bit.trailing_zeros() as u8;
        board.place(i, digit);
        forced.push((i, digit));
    }
}

/// Fills the empty cells of `blanks` (in row-major order): forced digits first, then the
/// first empty blank with ascending digits; true at the first solution, which is then
/// the smallest and left in `board`.
fn smallest(board: &mut Board, blanks: &[usize]) -> bool {
    let mut forced = Vec::new();
    if propagate(board, blanks, &mut forced) {
        let k = match blanks.iter().position(|&i| board.cells[i] == 0) {
            Some(k) => k,
            None => return true,
        };
        let i = blanks[k];
        let mut cand = board.candidates(i);
        while cand != 0 {
            let digit = (cand & cand.wrapping_neg()).trailing_zeros() as u8;
            cand &= cand - 1;
            board.place(i, digit);
            if smallest(board, &blanks[k + 1..]) {
                return true;
            }
            board.undo(i, digit);
        }
    }
    for &(i, digit) in forced.iter().rev() {
        board.undo(i, digit);
    }
    false
}

/// The lexicographically smallest solution of `puzzle`, or `None` when it has none.
fn solve(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
    let mut board = Board::new(puzzle)?;
    let blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    // The fast count first: a puzzle with one solution needs no row-major search.
    let mut found = 0;
    let mut only = None;
    search(&mut board, &mut blanks.clone(), 2, &mut found, &mut only);
    match found {
        0 => None,
        1 => only,
        _ => {
            let mut board = Board::new(puzzle)?;
            if smallest(&mut board, &blanks) {
                Some(board.cells)
            } else {
                None
            }
        }
    }
}

/// The grid's `Grid` line, then 9 lines of 9 digits.
fn render(label: &str, cells: &[u8; 81]) -> String {
    let mut out = format!("{}\n", label);
    for (i, &digit) in cells.iter().enumerate() {
        out.push((b'0' + digit) as char);
        if i % 9 == 8 {
            out.push('\n');
        }
    }
    out
}

/// Every grid's answer, an empty line between two.
fn answer(puzzles: &[Puzzle]) -> Result<String, String> {
    let mut answers = Vec::new();
    for (n, puzzle) in puzzles.iter().enumerate() {
        match solve(&puzzle.cells) {
            Some(cells) => answers.push(render(&puzzle.label, &cells)),
            None => return Err(format!("grid {} has no solution", n + 1)),
        }
    }
    Ok(answers.join("\n"))
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = result.and_then(|puzzles| answer(&puzzles));
    if let Err(message) = out.and_then(|out| {
        io::stdout()
            .write_all(out.as_bytes())
            .map_err(|e| e.to_string())
    }) {
        eprintln!("novice42: {}", message);
        std::process::exit(1);
    }
}
