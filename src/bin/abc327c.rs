//! AtCoder ABC327 C "Number Place": is a filled 9×9 grid a Sudoku solution?
//!
//! Input: 9 lines of 9 numbers 1-9 separated by single spaces. Output: `Yes` when every
//! row, column and 3×3 box holds each of 1-9 exactly once, else `No`.
//! Method: one pass over the cells with used-digit masks per row, column and box (the
//! kit's board state, without a search): a digit already in a cell's row, column or box
//! makes the grid invalid, and 81 cells of 1-9 without such a repeat fill every unit.
//! Bad input: one line on stderr naming line and column; exit 1.
use std::io::{self, Read, Write};

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

/// Reads the 9 rows of 9 numbers 1-9; blank lines are skipped, nothing may follow.
/// Errors name line and column.
fn parse(text: &str) -> Result<[u8; 81], String> {
    let mut cells = [0u8; 81];
    let mut rows = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line); // a last line's lone CR
        if line.trim().is_empty() {
            continue;
        }
        if rows == 9 {
            return Err(format!("line {}: text after the 9 rows", n + 1));
        }
        let mut count = 0;
        let mut after_cell = false; // two numbers need a space between them
        for (column, ch) in line.chars().enumerate() {
            if ch == ' ' || ch == '\t' {
                after_cell = false;
                continue;
            }
            let at = format!("line {}, column {}", n + 1, column + 1);
            let value = match ch {
                '1'..='9' => ch as u8 - b'0',
                _ => {
                    return Err(format!(
                        "{}: {} is not a number 1-9",
                        at,
                        shown(&ch.to_string())
                    ))
                }
            };
            if after_cell {
                return Err(format!("{}: expected a space between two numbers", at));
            }
            if count < 9 {
                cells[rows * 9 + count] = value;
            }
            count += 1;
            after_cell = true;
        }
        if count != 9 {
            return Err(format!("line {}: {} numbers, expected 9", n + 1, count));
        }
        rows += 1;
    }
    match rows {
        0 => Err("empty input: expected 9 rows of 9 numbers".to_string()),
        9 => Ok(cells),
        _ => Err(format!("the input ends after {} rows, expected 9", rows)),
    }
}

/// Per row, column and box, the digits used so far.
struct Board {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

/// The box of cell `i` (row-major, boxes numbered row-major too).
fn box_of(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}

/// True when no row, column or box repeats a digit: with 81 digits 1-9, each unit then
/// holds each digit exactly once.
fn valid(cells: &[u8; 81]) -> bool {
    let mut board = Board {
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    for (i, &digit) in cells.iter().enumerate() {
        let bit = 1 << digit;
        let used = board.rows[i / 9] | board.cols[i % 9] | board.boxes[box_of(i)];
        if used & bit != 0 {
            return false;
        }
        board.rows[i / 9] |= bit;
        board.cols[i % 9] |= bit;
        board.boxes[box_of(i)] |= bit;
    }
    true
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = result.map(|cells| if valid(&cells) { "Yes\n" } else { "No\n" });
    if let Err(message) = out.and_then(|out| {
        io::stdout()
            .write_all(out.as_bytes())
            .map_err(|e| e.to_string())
    }) {
        eprintln!("abc327c: {}", message);
        std::process::exit(1);
    }
}
