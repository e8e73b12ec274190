//! Problem: AtCoder ABC327 C "Number Place" (https://atcoder.jp/contests/abc327/tasks/abc327_c).
//! Input: 9 lines of 9 numbers 1-9 separated by single spaces: a full grid.
//! Output: `Yes` when every row, column and 3×3 box holds each of 1-9 exactly once, else `No`.
//! Answer: whether the grid is a Sudoku solution: 81 digits 1-9 with no repeat in a row, a
//! column or a box fill every unit, so a grid with no repeat is one.
//! Method: the givens placed one by one on the board of the other files, as their `solve`
//! places a puzzle's givens: a digit that is not among its cell's candidates repeats one in
//! its row, column or box. No blank is left, so there is nothing to search.
//! Improves on: rescanning the row, column and box of every cell (27 cells each), or
//! sorting the 27 units one by one.
//! Errors: one line on stderr naming line and column; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most
const ALL: u16 = 0x3fe; // the digits 1..=9 as a mask: bit d stands for digit d, bit 0 unused

// ---------------------------------------------------------------- reading

/// The input as text, by the one input rule of every file of the kit: UTF-8,
/// one byte-order mark skipped, a CR only where it ends a line (CRLF), and no whitespace
/// but spaces, tabs and line ends (a no-break space separates no cells).
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
        let stray = |c: char| c == '\r' || (c.is_whitespace() && c != ' ' && c != '\t');
        if let Some((at, c)) = line.char_indices().find(|&(_, c)| stray(c)) {
            let column = line[..at].chars().count() + 1;
            let where_ = format!("line {}, column {}", n + 1, column);
            if c == '\r' {
                return Err(format!("{}: a carriage return inside a line", where_));
            }
            let what = format!("`{}` is a stray character", c.escape_unicode());
            return Err(format!(
                "{}: {}: cells are separated by spaces and tabs",
                where_, what
            ));
        }
    }
    Ok(text)
}

/// A piece of the input as an error message quotes it: in backticks, cut to 20 characters,
/// control characters escaped (`\u{7}`), so an error never writes raw control bytes.
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

/// Reads the 9 rows of 9 numbers 1-9; blank lines are skipped, nothing may follow. An error
/// names line and column.
fn parse(text: &str) -> Result<[u8; 81], String> {
    let mut cells = [0u8; 81];
    let mut rows = 0;
    for (line_index, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line); // a last line's lone CR
        if line.trim().is_empty() {
            continue;
        }
        if rows == 9 {
            return Err(format!("line {}: text after the 9 rows", line_index + 1));
        }
        let mut in_row = 0; // numbers read on this line
        let mut after_cell = false; // two numbers need a space between them
        for (column, c) in line.chars().enumerate() {
            if c == ' ' || c == '\t' {
                after_cell = false;
                continue;
            }
            let at = format!("line {}, column {}", line_index + 1, column + 1);
            let digit = match c {
                '1'..='9' => c as u8 - b'0',
                _ => {
                    let why = format!("{} is not a number 1-9", shown(&c.to_string()));
                    return Err(format!("{}: {}", at, why));
                }
            };
            if after_cell {
                return Err(format!("{}: expected a space between two numbers", at));
            }
            if in_row < 9 {
                cells[rows * 9 + in_row] = digit;
            }
            in_row += 1;
            after_cell = true;
        }
        if in_row != 9 {
            let why = format!("{} numbers, expected 9", in_row);
            return Err(format!("line {}: {}", line_index + 1, why));
        }
        rows += 1;
    }
    match rows {
        0 => Err("empty input: expected 9 rows of 9 numbers".to_string()),
        9 => Ok(cells),
        _ => Err(format!("the input ends after {} rows, expected 9", rows)),
    }
}

// ---------------------------------------------------------------- the board and its units

/// The board: the cells row-major (0 = blank), and per row, column and box a mask of the
/// digits USED there (bit d set: digit d stands somewhere in that row, column or box).
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

/// The box of cell `i`, boxes numbered row-major from 0.
fn box_of(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}

// ---------------------------------------------------------------- place

/// Writes digit `d` into blank `i` and marks it used in the cell's row, column and box.
/// (The other files' `undo` takes it back out; a checker never needs to.)
fn place(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = d;
    board.rows[i / 9] ^= 1 << d;
    board.cols[i % 9] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// The digits blank `i` can still take: those its row, column and box do not use.
fn candidates(board: &Board, i: usize) -> u16 {
    ALL & !(board.rows[i / 9] | board.cols[i % 9] | board.boxes[box_of(i)])
}

// ---------------------------------------------------------------- solve

/// Whether `grid` is a Sudoku solution: placed cell by cell, each digit must still be a
/// candidate of its cell, else its row, column or box already holds it.
fn solve(grid: [u8; 81]) -> bool {
    let mut board = Board {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    for (i, &d) in grid.iter().enumerate() {
        if candidates(&board, i) & 1 << d == 0 {
            return false; // a repeat: `d` is already in this cell's row, column or box
        }
        place(&mut board, i, d);
    }
    true
}

// ---------------------------------------------------------------- writing

/// `Yes` or `No`, on a line.
fn render(valid: bool) -> String {
    let word = if valid { "Yes" } else { "No" };
    format!("{}\n", word)
}

/// Reads stdin once, writes the answer once; on bad input one line on stderr and exit 1.
fn main() {
    let mut bytes = Vec::new();
    let grid = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = grid.map(solve).map(render);
    let written = out.and_then(|out| {
        let written = io::stdout().write_all(out.as_bytes());
        written.map_err(|e| format!("cannot write stdout: {}", e))
    });
    if let Err(message) = written {
        eprintln!("abc327c: {}", message);
        std::process::exit(1);
    }
}
