//! Problem: Baekjoon 12095 "스도쿠" (an output-only problem about Baekjoon 2580's search).
//! Input: none.
//! Output: a Baekjoon 2580 input: 9 lines of 9 numbers 0-9 separated by single spaces, 0 blank.
//! Answer: a puzzle with a solution on which the statement's row-major backtracker (every
//! cell in order, digits 1 to 9 ascending, one call per cell) makes as many calls as it can;
//! the score is that count, capped at 100,000 calls, and an unsolvable puzzle scores nothing.
//! Method: the puzzle below was made by the kit, `sudoku gen --against scan --seed 1
//! --node-limit 100000 --to spaced`: a hill climb from a generated puzzle with one solution
//! that keeps every change (digits relabelled, rows or columns swapped inside a band or a
//! stack, a given dropped or moved) which keeps one solution and does not lower the scan
//! pattern's placements. The scan pattern is the statement's search, and it places a value
//! 100,000 times on this puzzle before its first solution, so the count of calls, which
//! also counts the filled cells and the dead ends, passes the cap: a full score.
//! Improves on: guessing a puzzle by hand (a puzzle with the first row's solution in
//! descending order is the classic guess), which the climb finds without being told.
//! Errors: the problem has no input; any text but blank lines is refused with one line on
//! stderr naming its line and column; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most

/// The answer, row by row, as `sudoku gen` printed it (0 = blank).
const PUZZLE: [&str; 9] = [
    "0 0 3 0 0 0 1 0 0",
    "8 9 0 0 0 4 2 0 0",
    "2 0 0 0 0 9 0 8 7",
    "0 8 0 0 0 0 0 0 5",
    "1 0 0 0 0 0 0 0 0",
    "0 0 0 0 0 8 0 6 3",
    "0 6 0 3 0 7 0 0 4",
    "9 0 0 4 0 0 0 0 0",
    "0 0 0 2 0 0 0 0 8",
];

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

/// The problem has no input: blank lines are accepted (a judge may send a newline), any
/// other text is refused, naming its line and column.
fn parse(text: &str) -> Result<(), String> {
    for (line_index, line) in text.lines().enumerate() {
        if let Some(column) = line.find(|c: char| !c.is_whitespace()) {
            let column = line[..column].chars().count() + 1;
            let at = format!("line {}, column {}", line_index + 1, column);
            let why = format!("this problem has no input, found {}", shown(line.trim()));
            return Err(format!("{}: {}", at, why));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- writing

/// The puzzle as Baekjoon 2580 reads it: nine rows, each ended by a newline.
fn render() -> String {
    PUZZLE.iter().map(|row| format!("{}\n", row)).collect()
}

/// Reads stdin once (it must be empty), writes the puzzle once; on any input one line on
/// stderr and exit 1.
fn main() {
    let mut bytes = Vec::new();
    let read = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let written = read.and_then(|()| {
        let written = io::stdout().write_all(render().as_bytes());
        written.map_err(|e| format!("cannot write stdout: {}", e))
    });
    if let Err(message) = written {
        eprintln!("boj12095: {}", message);
        std::process::exit(1);
    }
}
