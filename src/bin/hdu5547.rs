//! Problem: HDU 5547 "Sudoku" (http://acm.hdu.edu.cn/showproblem.php?pid=5547), Yi Sima's
//! 4×4 game: every row, column and 2×2 box holds 1-4 once each.
//! Input: a count T, then T boards, each after a blank line: 4 lines of 4 characters, a
//! digit 1-4 or `*` for a removed number.
//! Output: per board a line `Case #x:` (x from 1), then the board as 4 lines of 4 digits.
//! Answer: the one solution (the statement promises exactly one way to recover each board).
//! Method: a blank-list backtracker with used-digit masks, branching on the blank with the
//! fewest candidates and trying its digits in ascending order: at most 16 blanks of four
//! digits need nothing more.
//! Improves on: the `bitmask` pattern of `sudoku study` (row-major blanks, ascending digits):
//! the blank with the fewest candidates goes first, so a forced digit is placed before any
//! guess.
//! Errors: one line on stderr naming board, line and column, or the board without a
//! solution; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most
const ALL: u16 = 0x1e; // the digits 1..=4 as a mask: bit d stands for digit d, bit 0 unused

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

/// Reads the count T and the T boards, `*` read as 0 (blank). Blank lines are skipped (the
/// statement puts one before each board; none or several are read too); after the T boards
/// only they may follow. An error names board, line and column.
fn parse(text: &str) -> Result<Vec<[u8; 16]>, String> {
    let mut lines = text
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line)) // a last line's lone CR
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let (line_index, first) = match lines.next() {
        Some(found) => found,
        None => return Err("empty input: expected the number of boards".to_string()),
    };
    // A count is digits only: `+1` is no count.
    let digits = first.trim().bytes().all(|b| b.is_ascii_digit());
    let count: usize = match first.trim().parse() {
        Ok(count) if digits => count,
        _ => {
            let why = format!("{} is not a number of boards", shown(first.trim()));
            return Err(format!("line {}: {}", line_index + 1, why));
        }
    };
    let mut boards = Vec::new();
    let mut cells = [0u8; 16];
    let mut filled = 0; // cells of the board being read
    for (line_index, line) in lines {
        let at = format!("board {}, line {}", boards.len() + 1, line_index + 1);
        if boards.len() == count {
            return Err(format!("{}: text after the {} boards", at, count));
        }
        // Spaces and tabs at either end of a line are fine; columns count from its start.
        let lead = line.len() - line.trim_start().len();
        let row = line.trim();
        for (column, c) in row.chars().enumerate() {
            let digit = match c {
                '*' => 0,
                '1'..='4' => c as u8 - b'0',
                _ => {
                    let why = format!("{} is not a digit 1-4 or `*`", shown(&c.to_string()));
                    return Err(format!("{}, column {}: {}", at, lead + column + 1, why));
                }
            };
            if column < 4 {
                cells[filled + column] = digit;
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
        let why = format!("the input ends after {} rows", filled / 4);
        return Err(format!("board {} of {}: {}", boards.len() + 1, count, why));
    }
    Ok(boards)
}

// ---------------------------------------------------------------- the board and its units

/// The board: the 16 cells row-major (0 = blank), and per row, column and 2×2 box a mask of
/// the digits USED there (bit d set: digit d stands somewhere in that row, column or box).
struct Board {
    cells: [u8; 16],
    rows: [u16; 4],
    cols: [u16; 4],
    boxes: [u16; 4],
}

/// The 2×2 box of cell `i`, boxes numbered row-major from 0.
fn box_of(i: usize) -> usize {
    i / 8 * 2 + i % 4 / 2
}

// ---------------------------------------------------------------- place and undo

/// Writes digit `d` into blank `i` and marks it used in the cell's row, column and box.
fn place(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = d;
    board.rows[i / 4] ^= 1 << d;
    board.cols[i % 4] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// Takes digit `d` back out of cell `i`: the same XOR lines as `place`, which undo it.
fn undo(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = 0;
    board.rows[i / 4] ^= 1 << d;
    board.cols[i % 4] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// The digits blank `i` can still take: those its row, column and box do not use.
fn candidates(board: &Board, i: usize) -> u16 {
    ALL & !(board.rows[i / 4] | board.cols[i % 4] | board.boxes[box_of(i)])
}

// ---------------------------------------------------------------- search

/// What a search found: the number of completions, counted up to its limit, and the first.
struct Found {
    count: usize,
    first: [u8; 16],
}

/// Counts into `found` the completions that fill `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one. Each node branches on the blank with the fewest
/// candidates, moved to the front of `blanks` (the order is free: the solution is the only
/// one).
fn search(board: &mut Board, blanks: &mut [usize], limit: usize, found: &mut Found) {
    if blanks.is_empty() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
        return;
    }
    // Look at every blank once: find the one with the fewest candidates (ties: the first).
    let mut fewest = 0; // a position in `blanks`
    let mut fewest_count = 5;
    for (n, &i) in blanks.iter().enumerate() {
        let cand = candidates(board, i);
        if cand.count_ones() < fewest_count {
            fewest = n;
            fewest_count = cand.count_ones();
        }
    }
    // Move it to the front, so the deeper search gets the rest as one slice. (A blank without
    // candidates ends the branch: it has no digit to try.)
    blanks.swap(0, fewest);
    let i = blanks[0];
    let mut digits = candidates(board, i);
    while digits != 0 && found.count < limit {
        // Take the smallest digit left off the list: `digits - 1` flips the lowest set bit
        // and the zeros below it, so `&` clears just that bit.
        let d = digits.trailing_zeros() as u8;
        digits &= digits - 1;
        place(board, i, d);
        search(board, &mut blanks[1..], limit, found);
        undo(board, i, d);
    }
}

/// The solution of `puzzle`, or `None` when it has none (clashing givens have none).
fn solve(puzzle: [u8; 16]) -> Option<[u8; 16]> {
    let mut board = Board {
        cells: [0; 16],
        rows: [0; 4],
        cols: [0; 4],
        boxes: [0; 4],
    };
    for (i, &d) in puzzle.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if candidates(&board, i) & 1 << d == 0 {
            return None; // two givens clash: nothing completes them
        }
        place(&mut board, i, d);
    }
    let mut blanks: Vec<usize> = (0..16).filter(|&i| puzzle[i] == 0).collect();
    let mut found = Found {
        count: 0,
        first: [0; 16],
    };
    search(&mut board, &mut blanks, 1, &mut found);
    if found.count == 0 {
        None
    } else {
        Some(found.first)
    }
}

// ---------------------------------------------------------------- writing

/// `Case #number:`, then the board as 4 lines of 4 digits.
fn render(number: usize, cells: [u8; 16]) -> String {
    let mut out = format!("Case #{}:\n", number);
    for (i, &d) in cells.iter().enumerate() {
        out.push((b'0' + d) as char);
        if i % 4 == 3 {
            out.push('\n');
        }
    }
    out
}

/// Reads stdin once, writes the answers once; on bad input one line on stderr and exit 1.
fn main() {
    let mut bytes = Vec::new();
    let boards = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = boards.and_then(|boards| {
        let mut out = String::new();
        for (n, &puzzle) in boards.iter().enumerate() {
            let cells = solve(puzzle).ok_or_else(|| format!("board {} has no solution", n + 1))?;
            out += &render(n + 1, cells);
        }
        Ok(out)
    });
    let written = out.and_then(|out| {
        let written = io::stdout().write_all(out.as_bytes());
        written.map_err(|e| format!("cannot write stdout: {}", e))
    });
    if let Err(message) = written {
        eprintln!("hdu5547: {}", message);
        std::process::exit(1);
    }
}
