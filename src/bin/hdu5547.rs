//! HDU 5547 "Sudoku" (4×4, Yi Sima's game): recover each 4×4 board.
//!
//! Input: a count T, then T boards, each after a blank line: 4 lines of 4 characters,
//! a digit 1-4 or `*` for a removed number. Output: per board a line `Case #x:` (x from
//! 1), then the board as 4 lines of 4 digits. Every 2×2 box, row and column holds 1-4
//! once; the statement promises exactly one way to recover each board, so the solution
//! found is it.
//! Method: a recursive blank-list backtracker with used-digit masks per row, column and
//! box, branching on the blank with the fewest candidates (the outline of
//! `src/bin/hdu1426.rs` at 4×4: at most 16 blanks need nothing more).
//! Bad input: one line on stderr naming board, line and column; exit 1.
use std::io::{self, Read, Write};

/// Bits 1..=4 stand for the digits 1..=4.
const FREE: u16 = 0x1e;

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

/// Reads the count T and the T boards (0 for a blank). Blank lines are skipped (the
/// statement puts one before each board; none or several are read too); after the T
/// boards only they may follow. Errors name board, line and column.
fn parse(text: &str) -> Result<Vec<[u8; 16]>, String> {
    let mut lines = text
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line)) // a last line's lone CR
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let (n, first) = match lines.next() {
        Some(found) => found,
        None => return Err("empty input: expected the number of boards".to_string()),
    };
    let count: usize = match first.trim().parse() {
        Ok(count) => count,
        Err(_) => {
            let why = format!("{} is not a number of boards", shown(first.trim()));
            return Err(format!("line {}: {}", n + 1, why));
        }
    };
    let mut boards = Vec::new();
    let mut cells = [0u8; 16];
    let mut filled = 0; // cells of the board being read
    for (n, line) in lines {
        let at = format!("board {}, line {}", boards.len() + 1, n + 1);
        if boards.len() == count {
            return Err(format!("{}: text after the {} boards", at, count));
        }
        let row = line.trim_end();
        for (column, ch) in row.chars().enumerate() {
            let value = match ch {
                '*' => 0,
                '1'..='4' => ch as u8 - b'0',
                _ => {
                    let why = format!("{} is not a digit 1-4 or `*`", shown(&ch.to_string()));
                    return Err(format!("{}, column {}: {}", at, column + 1, why));
                }
            };
            if column < 4 {
                cells[filled + column] = value;
            }
        }
        let length = row.chars().count();
        if length != 4 {
            return Err(format!("{}: {} cells, expected 4", at, length));
        }
        filled += 4;
        if filled == 16 {
            boards.push(cells);
            filled = 0;
        }
    }
    if boards.len() < count {
        let rows = filled / 4;
        let why = format!("the input ends after {} rows", rows);
        return Err(format!("board {} of {}: {}", boards.len() + 1, count, why));
    }
    Ok(boards)
}

/// A board being filled: its cells and, per row, column and box, the digits used.
struct Board {
    cells: [u8; 16],
    rows: [u16; 4],
    cols: [u16; 4],
    boxes: [u16; 4],
}

/// The 2×2 box of cell `i` (row-major, boxes numbered row-major too).
fn box_of(i: usize) -> usize {
    i / 8 * 2 + i % 4 / 2
}

impl Board {
    /// The board of `puzzle`'s givens; `None` when two givens share a row, column or box.
    fn new(puzzle: &[u8; 16]) -> Option<Board> {
        let mut board = Board {
            cells: [0; 16],
            rows: [0; 4],
            cols: [0; 4],
            boxes: [0; 4],
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
        FREE & !(self.rows[i / 4] | self.cols[i % 4] | self.boxes[box_of(i)])
    }

    /// Writes `digit` in blank cell `i`.
    fn place(&mut self, i: usize, digit: u8) {
        self.rows[i / 4] ^= 1 << digit;
        self.cols[i % 4] ^= 1 << digit;
        self.boxes[box_of(i)] ^= 1 << digit;
        self.cells[i] = digit;
    }

    /// Takes `digit` back out of cell `i`: `place` in the mirror.
    fn undo(&mut self, i: usize, digit: u8) {
        self.rows[i / 4] ^= 1 << digit;
        self.cols[i % 4] ^= 1 << digit;
        self.boxes[box_of(i)] ^= 1 << digit;
        self.cells[i] = 0;
    }
}

/// Fills `blanks` (the blank cells of `board`); true once all are filled, with the
/// solution left in `board`. Each level branches on the blank with the fewest candidates,
/// moved to the front of `blanks` (the order is free: the solution is the only one).
fn search(board: &mut Board, blanks: &mut [usize]) -> bool {
    if blanks.is_empty() {
        return true;
    }
    let mut best = 0;
    for k in 1..blanks.len() {
        let count = |k: usize| board.candidates(blanks[k]).count_ones();
        if count(k) < count(best) {
            best = k;
        }
    }
    blanks.swap(0, best);
    let i = blanks[0];
    let mut cand = board.candidates(i);
    while cand != 0 {
        let digit = (cand & cand.wrapping_neg()).trailing_zeros() as u8;
        cand &= cand - 1;
        board.place(i, digit);
        if search(board, &mut blanks[1..]) {
            return true;
        }
        board.undo(i, digit);
    }
    false
}

/// The solution of `puzzle`, or `None` when it has none.
fn solve(puzzle: &[u8; 16]) -> Option<[u8; 16]> {
    let mut board = Board::new(puzzle)?;
    let mut blanks: Vec<usize> = (0..16).filter(|&i| puzzle[i] == 0).collect();
    if search(&mut board, &mut blanks) {
        Some(board.cells)
    } else {
        None
    }
}

/// `Case #x:`, then 4 lines of 4 digits.
fn render(number: usize, cells: &[u8; 16]) -> String {
    let mut out = format!("Case #{}:\n", number);
    for (i, &digit) in cells.iter().enumerate() {
        out.push((b'0' + digit) as char);
        if i % 4 == 3 {
            out.push('\n');
        }
    }
    out
}

/// Every board's answer, in order.
fn answer(boards: &[[u8; 16]]) -> Result<String, String> {
    let mut out = String::new();
    for (n, puzzle) in boards.iter().enumerate() {
        match solve(puzzle) {
            Some(cells) => out.push_str(&render(n + 1, &cells)),
            None => return Err(format!("board {} has no solution", n + 1)),
        }
    }
    Ok(out)
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = result.and_then(|boards| answer(&boards));
    if let Err(message) = out.and_then(|out| {
        io::stdout()
            .write_all(out.as_bytes())
            .map_err(|e| e.to_string())
    }) {
        eprintln!("hdu5547: {}", message);
        std::process::exit(1);
    }
}
