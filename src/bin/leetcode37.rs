//! Problem: LeetCode 37 "Sudoku Solver", judged locally: the harness around
//! `src/leetcode/solve_sudoku.rs`, the file a user pastes into LeetCode.
//! Input: one or more boards as LeetCode's test-case box takes them, one after the other:
//! `[["5","3",".",...],...]`, 9 rows of 9 one-character strings, "1"-"9" given and "."
//! blank; spaces and line breaks anywhere between tokens.
//! Output: per board, on a line of its own, the board after `solve_sudoku` in LeetCode's
//! compact form `[["5","3","4",...],...]` (a board without a solution comes back as it was).
//! Answer: what the pasted `solve_sudoku` leaves in the board.
//! Method: the harness reads the literals, calls the pasted function, prints the boards.
//! Improves on: pasting by hand into LeetCode to try a case: the problem folder's cases run
//! here as on every judge file.
//! Errors: one line on stderr naming board, line and column; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most

struct Solution;

include!("../leetcode/solve_sudoku.rs");

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

/// Reads the board literals; errors name board, line and column.
fn parse(text: &str) -> Result<Vec<Vec<Vec<char>>>, String> {
    let mut chars = Vec::new(); // the characters that are not whitespace, with line and column
    for (ln, line) in text.lines().enumerate() {
        let seen = line.chars().enumerate().filter(|c| !c.1.is_whitespace());
        chars.extend(seen.map(|(col, ch)| (ch, ln + 1, col + 1)));
    }
    let row = format!("[{}]", ["\"#\""; 9].join(",")); // `#` stands for a cell
    let pattern = format!("[{}]", [row.as_str(); 9].join(","));
    let (mut boards, mut k) = (Vec::new(), 0);
    while k < chars.len() || boards.is_empty() {
        let (n, mut cells) = (boards.len() + 1, Vec::new());
        for want in pattern.chars() {
            let (ch, ln, col) = match chars.get(k) {
                Some(&c) => c,
                None if k == 0 => return Err("empty input: expected a board [[...],...]".into()),
                None => return Err(format!("board {}: the input ends early", n)),
            };
            if want == '#' && (ch == '.' || ('1'..='9').contains(&ch)) {
                cells.push(ch);
            } else if want == '#' || ch != want {
                let at = format!("board {}, line {}, column {}", n, ln, col);
                let what = match want {
                    '#' => "\"1\"-\"9\" or \".\"".to_string(),
                    _ => format!("`{}`", want),
                };
                return Err(format!(
                    "{}: expected {}, not {}",
                    at,
                    what,
                    shown(&ch.to_string())
                ));
            }
            k += 1;
        }
        boards.push(cells.chunks(9).map(<[char]>::to_vec).collect());
    }
    Ok(boards)
}

/// A board in LeetCode's compact form, `[["5","3",...],...]`.
fn render(board: &[Vec<char>]) -> String {
    let row = |r: &Vec<char>| {
        let cells: Vec<String> = r.iter().map(|c| format!("\"{}\"", c)).collect();
        format!("[{}]", cells.join(","))
    };
    format!(
        "[{}]\n",
        board.iter().map(row).collect::<Vec<_>>().join(",")
    )
}

fn main() {
    let mut bytes = Vec::new();
    let boards = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let solved = |mut board: Vec<Vec<char>>| {
        Solution::solve_sudoku(&mut board);
        render(&board)
    };
    let out = boards.map(|boards| boards.into_iter().map(solved).collect::<String>());
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("leetcode37: {}", message);
        std::process::exit(1);
    }
}
