//! A package's submissions, each made to behave as its folder says on the
//! package's data (`verifyproblem` runs them all):
//! - `accepted/`: the folder's judge file as it is;
//! - `wrong_answer/echo.rs`: prints its input back, the blanks left
//!   unfilled (the rule "fill every cell" forgotten);
//! - `time_limit_exceeded/naive.rs`: the judge file, run after the
//!   textbook search (the first blank found by scanning the board, each
//!   value tested by rescanning its row, column and box) has solved the
//!   case's first board: on the anti-brute-force case that search needs
//!   about 69 million nodes. Written only where that case is in the data.

/// `wrong_answer/echo.rs`.
pub const ECHO: &str = "\
//! Wrong answer: prints the input back, every blank left as it is.
use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    std::io::stdout().write_all(input.as_bytes()).unwrap();
}
";

/// The naive first pass added to the judge file (`SKIP_FIRST_LINE` and
/// `SPACED` are set by [`naive`]).
const NAIVE: &str = "
// ---- added by `sudoku package`: the naive search before the real one ----
// The judge file's own main runs after the textbook backtracker has
// solved the first board of the input (read without consuming it).

fn naive_fits(cells: &[u8; 81], at: usize, v: u8) -> bool {
    let (r, c) = (at / 9, at % 9);
    for k in 0..9 {
        if cells[r * 9 + k] == v || cells[k * 9 + c] == v {
            return false;
        }
        let (br, bc) = (r / 3 * 3 + k / 3, c / 3 * 3 + k % 3);
        if cells[br * 9 + bc] == v {
            return false;
        }
    }
    true
}

fn naive_search(cells: &mut [u8; 81]) -> bool {
    let at = match cells.iter().position(|&v| v == 0) {
        Some(at) => at,
        None => return true,
    };
    for v in 1..=9u8 {
        if naive_fits(cells, at, v) {
            cells[at] = v;
            if naive_search(cells) {
                return true;
            }
            cells[at] = 0;
        }
    }
    false
}

fn main() {
    use std::io::BufRead;
    let head: Vec<u8> = {
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        let peeked = lock.fill_buf().map(|b| b.to_vec()).unwrap_or_default();
        peeked
    };
    let text = String::from_utf8_lossy(&head).to_string();
    let body = if SKIP_FIRST_LINE {
        text.splitn(2, '\\n').nth(1).unwrap_or(\"\").to_string()
    } else {
        text
    };
    let tokens: Vec<String> = if SPACED {
        body.split_whitespace().map(|t| t.to_string()).collect()
    } else {
        body.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_string()).collect()
    };
    if tokens.len() >= 81 {
        let mut cells = [0u8; 81];
        for (i, t) in tokens.iter().take(81).enumerate() {
            cells[i] = match t.parse::<u8>() {
                Ok(v) if v <= 9 => v,
                _ => 0,
            };
        }
        let mut clash = false;
        for i in 0..81 {
            let v = cells[i];
            if v != 0 {
                cells[i] = 0;
                clash |= !naive_fits(&cells, i, v);
                cells[i] = v;
            }
        }
        if !clash {
            naive_search(&mut cells);
        }
    }
    accepted_main();
}
";

/// `time_limit_exceeded/naive.rs` from the judge file `accepted`: its
/// `fn main()` renamed, the naive pass added, reading the first board
/// after a first line (`skip_first_line`: a count or a size) as numbers
/// separated by whitespace (`spaced`) or one character per cell. `None`
/// when the judge file has not exactly one `fn main()`.
pub fn naive(accepted: &str, skip_first_line: bool, spaced: bool) -> Option<String> {
    if accepted.matches("fn main()").count() != 1 {
        return None;
    }
    let renamed = accepted.replace("fn main()", "fn accepted_main()");
    Some(format!(
        "{}{}\nconst SKIP_FIRST_LINE: bool = {};\nconst SPACED: bool = {};\n",
        renamed, NAIVE, skip_first_line, spaced
    ))
}
