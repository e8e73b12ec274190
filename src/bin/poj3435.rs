//! Problem: POJ 3435 "Sudoku Checker" (http://poj.org/problem?id=3435; Baekjoon 7844;
//! NEERC 2005 Far-Eastern Subregion): is a position of an N²×N² board correct?
//! Input: N (1 ≤ N ≤ 10), then the N⁴ cells row-major, numbers 0..=N² (0 = empty) separated
//! by any whitespace (line breaks do not matter: boards go up to 100×100).
//! Output: `CORRECT` when no row, column or N×N box holds a number twice, else `INCORRECT`.
//! Answer: a verdict on the position as it stands: empty cells are not filled in, so a
//! correct position may still have no completion (it is `CORRECT` all the same).
//! Method: one pass over the cells with used-number masks per row, column and box (the
//! kit's board state with 128-bit masks, one bit per number 1..=100, and no search): a
//! number already used in its cell's row, column or box makes the position incorrect.
//! Improves on: the `scan` pattern of `sudoku study`, which looks along 3·N² cells to test
//! one number (`is_valid(row, col, num)`): 3 million reads on a 100×100 board against
//! ten thousand mask tests here.
//! Errors: one line on stderr naming line and column (a number out of range, N outside
//! 1-10, fewer or more than N⁴ numbers); exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most

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

/// The position to check: the box side n and the n⁴ cells, row-major, 0 = empty.
struct Case {
    n: usize,
    cells: Vec<u8>,
}

/// Reads N, then N⁴ numbers 0..=N², as a stream of whitespace-separated words; nothing may
/// follow them. An error names line and column.
fn parse(text: &str) -> Result<Case, String> {
    let mut case = Case {
        n: 0, // 0 until the first word gives N
        cells: Vec::new(),
    };
    for (line_index, line) in text.lines().enumerate() {
        let mut column = 1; // of `word`: every separator is one character
        for word in line.split(char::is_whitespace) {
            let at = format!("line {}, column {}", line_index + 1, column);
            column += word.chars().count() + 1;
            if word.is_empty() {
                continue; // two separators in a row
            }
            // A number is digits only: `+1` is no number.
            let digits = word.bytes().all(|b| b.is_ascii_digit());
            let value: Option<usize> = word.parse().ok().filter(|_| digits);
            let side = case.n * case.n;
            if case.n == 0 {
                match value {
                    Some(n) if (1..=10).contains(&n) => case.n = n,
                    _ => return Err(format!("{}: {} is not N (1-10)", at, shown(word))),
                }
            } else if case.cells.len() == side * side {
                let why = format!("text after the {} numbers of the board", side * side);
                return Err(format!("{}: {}", at, why));
            } else {
                match value {
                    Some(v) if v <= side => case.cells.push(v as u8),
                    _ => {
                        let why = format!("{} is not a number 0-{}", shown(word), side);
                        return Err(format!("{}: {}", at, why));
                    }
                }
            }
        }
    }
    let cells = case.n.pow(4);
    if case.n == 0 {
        Err("empty input: expected N, then N⁴ numbers".to_string())
    } else if case.cells.len() < cells {
        let count = case.cells.len();
        Err(format!(
            "the input ends after {} of {} numbers",
            count, cells
        ))
    } else {
        Ok(case)
    }
}

// ---------------------------------------------------------------- the board and its units

/// The board as a checker needs it: the box side N, and per row, column and box of the
/// N²×N² board a mask of the numbers USED there (bit d set: number d stands somewhere in
/// that unit; 100 numbers need 101 bits, hence `u128`: a `u64` mask would wrap the numbers
/// above 63). The solvers keep the cells too; a checker reads only the masks.
struct Board {
    n: usize,
    all: u128, // the numbers 1..=N² as a mask: bit d stands for number d, bit 0 unused
    rows: Vec<u128>,
    cols: Vec<u128>,
    boxes: Vec<u128>,
}

/// The box of cell `i`: boxes of N×N cells, numbered row-major from 0.
fn box_of(board: &Board, i: usize) -> usize {
    let side = board.n * board.n;
    let (r, c) = (i / side, i % side);
    r / board.n * board.n + c / board.n
}

// ---------------------------------------------------------------- place

/// Marks number `d` used in the row, column and box of cell `i` (the XOR lines of the
/// solvers; a checker never takes a number back).
fn place(board: &mut Board, i: usize, d: u8) {
    let side = board.n * board.n;
    let b = box_of(board, i);
    board.rows[i / side] ^= 1 << d;
    board.cols[i % side] ^= 1 << d;
    board.boxes[b] ^= 1 << d;
}

/// The numbers empty cell `i` can still take: those its row, column and box do not use.
fn candidates(board: &Board, i: usize) -> u128 {
    let side = board.n * board.n;
    board.all & !(board.rows[i / side] | board.cols[i % side] | board.boxes[box_of(board, i)])
}

// ---------------------------------------------------------------- solve

/// Whether the position is correct: each number is placed in turn, row-major, and one that
/// its row, column or box already uses is a repeat. Empty cells are skipped: the position
/// is judged as it stands, not whether it can be completed.
fn solve(case: &Case) -> bool {
    let side = case.n * case.n;
    let all: u128 = ((1 << side) - 1) << 1; // bits 1..=N²
    let mut board = Board {
        n: case.n,
        all,
        rows: vec![0; side],
        cols: vec![0; side],
        boxes: vec![0; side],
    };
    for (i, &d) in case.cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if candidates(&board, i) & 1 << d == 0 {
            return false; // d stands already in this cell's row, column or box
        }
        place(&mut board, i, d);
    }
    true
}

// ---------------------------------------------------------------- writing

/// The verdict as the judge wants it, on a line of its own.
fn render(correct: bool) -> String {
    let word = if correct { "CORRECT" } else { "INCORRECT" };
    format!("{}\n", word)
}

/// Reads stdin once, writes the answer once; on bad input one line on stderr and exit 1.
fn main() {
    let mut bytes = Vec::new();
    let case = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = case.map(|case| render(solve(&case)));
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("poj3435: {}", message);
        std::process::exit(1);
    }
}
