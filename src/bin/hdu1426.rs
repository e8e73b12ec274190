//! Problem: HDU 1426 "Sudoku Killer" (http://acm.hdu.edu.cn/showproblem.php?pid=1426).
//! Input: boards to the end of the input, a blank line between two; a board is 9 lines of 9
//! cells separated by spaces, a digit 1-9 or `?` for a blank.
//! Output: per board its solution, 9 lines of 9 digits with single spaces; a blank line
//! between two boards.
//! Answer: any completion (the judge promises one per board, and accepts any valid one).
//! Method: a blank-list backtracker with used-digit masks; each node fills a digit's only
//! place in a row, column or box (a hidden single) when there is one, else branches on the
//! blank with the fewest candidates, trying first the digit its peers need least.
//! Improves on: the `fewest-candidates` pattern of `sudoku study`, which has no hidden
//! singles and tries digits in plain order.
//! Errors: one line on stderr naming board, line and column, or the board without a
//! solution; exit code 1.
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

/// Reads the boards to the end of the input, `?` read as 0 (blank); blank lines between
/// rows and boards are skipped. An error names board, line and column.
fn parse(text: &str) -> Result<Vec<[u8; 81]>, String> {
    let mut boards = Vec::new();
    let mut cells = [0u8; 81];
    let mut filled = 0; // cells of the board being read
    for (line_index, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line); // a last line's lone CR
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("board {}, line {}", boards.len() + 1, line_index + 1);
        let mut in_row = 0; // cells read on this line
        let mut after_cell = false; // two cells need a space between them
        for (column, c) in line.chars().enumerate() {
            if c == ' ' || c == '\t' {
                after_cell = false;
                continue;
            }
            let digit = match c {
                '?' => 0,
                '1'..='9' => c as u8 - b'0',
                _ => {
                    let why = format!("{} is not a digit 1-9 or `?`", shown(&c.to_string()));
                    return Err(format!("{}, column {}: {}", at, column + 1, why));
                }
            };
            if after_cell {
                let why = "expected a space between two cells";
                return Err(format!("{}, column {}: {}", at, column + 1, why));
            }
            if in_row < 9 {
                cells[filled + in_row] = digit;
            }
            in_row += 1;
            after_cell = true;
        }
        if in_row != 9 {
            return Err(format!("{}: {} cells, expected 9", at, in_row));
        }
        filled += 9;
        if filled == 81 {
            boards.push(cells);
            filled = 0;
        }
    }
    match (boards.len(), filled / 9) {
        (0, 0) => Err("empty input: expected boards of 9 rows of 9 cells".to_string()),
        (_, 0) => Ok(boards),
        (n, rows) => Err(format!("board {}: input ends after {} rows", n + 1, rows)),
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

/// The three units of cell `i` as unit numbers: rows are 0..9, columns 9..18, boxes 18..27.
fn units(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + box_of(i)]
}

// ---------------------------------------------------------------- place and undo

/// Writes digit `d` into blank `i` and marks it used in the cell's row, column and box.
fn place(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = d;
    board.rows[i / 9] ^= 1 << d;
    board.cols[i % 9] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// Takes digit `d` back out of cell `i`: the same XOR lines as `place`, which undo it.
fn undo(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = 0;
    board.rows[i / 9] ^= 1 << d;
    board.cols[i % 9] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// The digits blank `i` can still take: those its row, column and box do not use.
fn candidates(board: &Board, i: usize) -> u16 {
    ALL & !(board.rows[i / 9] | board.cols[i % 9] | board.boxes[box_of(i)])
}

// ---------------------------------------------------------------- search

/// How many places each digit has left in one unit, counted up to two, for all nine digits
/// at once: bit d of `one` is set when digit d fits at least one blank of the unit, of `two`
/// at least two. So `one & !two` are the digits with exactly one place: hidden singles.
#[derive(Clone, Copy)]
struct Places {
    one: u16,
    two: u16,
}

/// Counts one more blank of the unit, which takes the digits `cand`: each of them moves up
/// one step (from "at least one" to "at least two" first, so no digit moves twice).
fn add_place(places: &mut Places, cand: u16) {
    places.two |= places.one & cand;
    places.one |= cand;
}

/// What a search found: the number of completions, counted up to its limit, and the first.
struct Found {
    count: usize,
    first: [u8; 81],
}

/// Whether cells `i` and `j` share a row, a column or a box.
fn sees(i: usize, j: usize) -> bool {
    i / 9 == j / 9 || i % 9 == j % 9 || box_of(i) == box_of(j)
}

/// Counts into `found` the completions that fill `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one. Each node fills one blank, moved to the front of
/// `blanks` (the order is free: any completion is accepted).
fn search(board: &mut Board, blanks: &mut [usize], limit: usize, found: &mut Found) {
    if blanks.is_empty() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
        return;
    }
    // Look at every blank once: find the one with the fewest candidates (ties: the first),
    // and count in every row, column and box how many places each digit has left.
    let mut fewest = 0; // a position in `blanks`
    let mut fewest_count = 10;
    let mut places = [Places { one: 0, two: 0 }; 27];
    for (n, &i) in blanks.iter().enumerate() {
        let cand = candidates(board, i);
        if cand.count_ones() < fewest_count {
            fewest = n;
            fewest_count = cand.count_ones();
        }
        for &u in units(i).iter() {
            add_place(&mut places[u], cand);
        }
    }
    // A digit that a row, column or box still needs but that fits none of its blanks: a
    // dead end. (A blank without candidates ends the branch below: it has no digit to try.)
    let mut lost = 0;
    for k in 0..9 {
        lost |= !board.rows[k] & !places[k].one;
        lost |= !board.cols[k] & !places[9 + k].one;
        lost |= !board.boxes[k] & !places[18 + k].one;
    }
    if lost & ALL != 0 {
        return;
    }
    // Branch on the blank with the fewest candidates. When it has two or more, a digit with
    // one place left in some unit (a hidden single) goes first instead: it must go there, so
    // it is a branch of one (without it the hardest boards take a thousand times longer).
    let mut at = fewest;
    let mut digits = candidates(board, blanks[fewest]);
    let one_place = |u: usize| places[u].one & !places[u].two;
    let unit = if fewest_count > 1 {
        (0..27).find(|&u| one_place(u) != 0)
    } else {
        None
    };
    if let Some(u) = unit {
        // `x & x.wrapping_neg()` keeps the lowest bit of x: the smallest such digit.
        digits = one_place(u) & one_place(u).wrapping_neg();
        let fits = |&i: &usize| units(i).contains(&u) && candidates(board, i) & digits != 0;
        at = blanks.iter().position(fits).unwrap_or(fewest);
    }
    // Move the blank to the front, so the deeper search gets the rest as one slice.
    blanks.swap(0, at);
    let i = blanks[0];
    // Its digits go in the order of how many of its open peers could also take them, fewest
    // first: the digit the others need least is the likeliest to be right (in ascending
    // order, Norvig's "hard1" takes a hundred times longer).
    let mut order: Vec<u8> = (1..10).filter(|&d| digits & 1 << d != 0).collect();
    let takers = |d: &u8| {
        let peers = blanks[1..].iter().filter(|&&j| sees(i, j));
        peers
            .filter(|&&j| candidates(board, j) & 1 << d != 0)
            .count()
    };
    order.sort_by_key(takers); // a stable sort: ties stay in ascending order
    for d in order {
        if found.count >= limit {
            break;
        }
        place(board, i, d);
        search(board, &mut blanks[1..], limit, found);
        undo(board, i, d);
    }
}

/// A completion of `puzzle`, or `None` when it has none (clashing givens have none).
fn solve(puzzle: [u8; 81]) -> Option<[u8; 81]> {
    let mut board = Board {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
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
    let mut blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    let mut found = Found {
        count: 0,
        first: [0; 81],
    };
    search(&mut board, &mut blanks, 1, &mut found);
    if found.count == 0 {
        None
    } else {
        Some(found.first)
    }
}

// ---------------------------------------------------------------- writing

/// The board as 9 lines of 9 digits, one space between.
fn render(cells: [u8; 81]) -> String {
    let mut out = String::new();
    for (i, &d) in cells.iter().enumerate() {
        out.push((b'0' + d) as char);
        out.push(if i % 9 == 8 { '\n' } else { ' ' });
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
        let mut answers = Vec::new();
        for (n, &puzzle) in boards.iter().enumerate() {
            let cells = solve(puzzle).ok_or_else(|| format!("board {} has no solution", n + 1))?;
            answers.push(render(cells));
        }
        Ok(answers.join("\n")) // a blank line between two boards
    });
    let written = out.and_then(|out| {
        let written = io::stdout().write_all(out.as_bytes());
        written.map_err(|e| format!("cannot write stdout: {}", e))
    });
    if let Err(message) = written {
        eprintln!("hdu1426: {}", message);
        std::process::exit(1);
    }
}
