//! Problem: Codewars "Sudoku Solver" (3 kyu), judged locally: the harness around
//! `src/codewars/sudoku.rs`, the file a user pastes into the kata.
//! Input: one or more boards written as Rust array literals, one after the other:
//! `[[5, 3, 0, ...], ...]`, 9 rows of 9 numbers 0-255 (0 blank; a `u8` holds up to 255);
//! spaces and line breaks anywhere between tokens, one comma more allowed before a `]`
//! (rustfmt's layout).
//! Output: per board, on a line of its own, the board after `sudoku` as Rust prints it,
//! `[[5, 3, 4, ...], ...]` (a board the function cannot solve comes back as it was).
//! Answer: what the pasted `sudoku` leaves in the board.
//! Method: the harness reads the literals, calls the pasted function, prints the boards.
//! Improves on: pasting by hand into Codewars to try a case: the problem folder's cases run
//! here as on every judge file.
//! Errors: input that is no literal of 9 rows of 9 numbers 0-255 (the type
//! `[[u8; 9]; 9]` holds nothing else): one line on stderr naming board, line and column;
//! exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most

include!("../codewars/sudoku.rs");

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

/// One token of the input: `[`, `]` or `,` alone, or a run of other characters up to
/// whitespace, a bracket or a comma (a number, or what an error names), and where it starts.
struct Token {
    text: String,
    line: usize,
    column: usize,
}

/// The tokens of `text`, in order.
fn tokens(text: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut glued = false; // whether the next character continues the last token
        for (column, ch) in line.chars().enumerate() {
            let single = ch == '[' || ch == ']' || ch == ',';
            if ch.is_whitespace() {
                glued = false;
            } else if glued && !single {
                if let Some(last) = out.last_mut() {
                    last.text.push(ch);
                }
            } else {
                out.push(Token {
                    text: ch.to_string(),
                    line: n + 1,
                    column: column + 1,
                });
                glued = !single;
            }
        }
    }
    out
}

/// Reads the board literals, one after the other: a board is `[` rows `]`, a row `[`
/// numbers `]`, with a comma between two items and one more allowed before a `]`; 9 rows of
/// 9, as the type `[[u8; 9]; 9]` holds. Errors name board, line and column.
fn parse(text: &str) -> Result<Vec<[[u8; 9]; 9]>, String> {
    let tokens = tokens(text);
    if tokens.is_empty() {
        return Err("empty input: expected a board [[...], ...]".to_string());
    }
    let mut boards: Vec<Vec<Vec<u8>>> = Vec::new();
    let mut depth = 0; // 0 between boards, 1 inside a board, 2 inside a row
    let mut open = true; // after `[` or `,`: an item may come; after an item: `,` or `]`
    for token in tokens.iter() {
        let n = if depth == 0 {
            boards.len() + 1
        } else {
            boards.len()
        };
        let at = format!("board {}, line {}, column {}", n, token.line, token.column);
        let text = token.text.as_str();
        let number = text.bytes().all(|b| b.is_ascii_digit());
        match (depth, open, text) {
            (0, _, "[") => {
                boards.push(Vec::new());
                depth = 1;
            }
            (1, true, "[") => {
                if let Some(board) = boards.last_mut() {
                    board.push(Vec::new());
                }
                depth = 2;
            }
            (2, true, _) if number => {
                let value = match text.parse::<u8>() {
                    Ok(value) => value,
                    Err(_) => return Err(format!("{}: {} is over 255 (a u8)", at, shown(text))),
                };
                if let Some(row) = boards.last_mut().and_then(|board| board.last_mut()) {
                    row.push(value);
                }
            }
            (1, _, "]") | (2, _, "]") => {
                // The shape of `[[u8; 9]; 9]`: a row closes after 9 numbers, a board after
                // 9 rows.
                let board = boards.last().map_or(0, |board| board.len());
                let row = boards
                    .last()
                    .and_then(|b| b.last())
                    .map_or(0, |row| row.len());
                let (what, count) = if depth == 2 {
                    ("numbers in a row", row)
                } else {
                    ("rows in a board", board)
                };
                if count != 9 {
                    return Err(format!("{}: expected 9 {}, found {}", at, what, count));
                }
                depth -= 1;
            }
            (1, false, ",") | (2, false, ",") => {}
            _ => {
                let expected = match (depth, open) {
                    (0, _) => "`[` (a board)",
                    (1, true) => "`[` (a row) or `]`",
                    (2, true) => "a number 0-255 or `]`",
                    _ => "`,` or `]`",
                };
                return Err(format!(
                    "{}: expected {}, not {}",
                    at,
                    expected,
                    shown(text)
                ));
            }
        }
        open = text == "[" || text == ",";
    }
    if depth > 0 {
        return Err(format!("board {}: the input ends inside it", boards.len()));
    }
    let grid = |board: &Vec<Vec<u8>>| {
        let mut grid = [[0u8; 9]; 9];
        for (r, row) in board.iter().enumerate() {
            grid[r].copy_from_slice(row);
        }
        grid
    };
    Ok(boards.iter().map(grid).collect())
}

/// One board as a line, as Rust's `{:?}` prints it.
fn render(board: &[[u8; 9]; 9]) -> String {
    format!("{:?}\n", board)
}

fn main() {
    let mut bytes = Vec::new();
    let boards = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let solved = |mut board: [[u8; 9]; 9]| {
        sudoku(&mut board);
        render(&board)
    };
    let out = boards.map(|boards| boards.into_iter().map(solved).collect::<String>());
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("codewars_sudoku: {}", message);
        std::process::exit(1);
    }
}
