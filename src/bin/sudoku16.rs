//! Problem: 16x16 Sudoku in letters: SPOJ SUDOKU (https://www.spoj.com/problems/SUDOKU/),
//! POJ 3076, UVa 1309, e-olymp 3525.
//! Input: data sets of 16 rows of 16 characters, `A`-`P` given, `-` blank, an empty line
//! between; SPOJ first gives their number K on a line of its own (a first line that is a
//! number is read as K), the others run to the end. Trailing spaces (SPOJ's sample has some)
//! are fine.
//! Output: each solution in the same format, an empty line between.
//! Answer: the one solution the statements promise (a board with several gets one of them).
//! Method: a blank-list backtracker with used-letter masks; each node places every forced
//! letter at once (a blank's only candidate, a letter's only place in a unit), else
//! branches on the blank with the fewest candidates.
//! Improves on: the `fewest-candidates` pattern of `sudoku study`, which has no hidden
//! singles: on 16x16 boards they cut the nodes by orders of magnitude.
//! Errors: one line on stderr naming data set, line and column; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most
const ALL: u32 = 0x1fffe; // the letters A..=P as a mask: bit d stands for letter d (1..=16)

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

/// Reads the boards (0 = blank, 1..=16 = A..=P); an error names data set, line and column.
fn parse(text: &str) -> Result<Vec<[u8; 256]>, String> {
    let mut boards = Vec::new();
    let mut count = None; // SPOJ's K, the number of data sets, when the first line gives it
    let mut cells = Vec::new(); // of the board being read
    for (line_index, line) in text.lines().enumerate() {
        // Spaces and tabs at either end of a line are fine; columns count from its start.
        let lead = line.len() - line.trim_start().len();
        let line = line.trim();
        let set = boards.len() + 1;
        let rows = cells.len() / 16;
        let at = format!("data set {}, line {}", set, line_index + 1);
        let is_letter = |c: char| c == '-' || ('A'..='P').contains(&c);
        if line.is_empty() {
            if rows > 0 {
                return Err(format!("{}: an empty line after {} rows", at, rows));
            }
            continue;
        }
        // A count is digits only: `+1` is no count.
        let digits = line.trim().bytes().all(|b| b.is_ascii_digit());
        let number: Option<usize> = line.trim().parse().ok().filter(|_| digits);
        if set == 1 && rows == 0 && count.is_none() && number.is_some() {
            count = number;
            continue;
        }
        if count == Some(set - 1) {
            return Err(format!("{}: beyond the count {}", at, set - 1));
        }
        if let Some((column, c)) = line.chars().enumerate().find(|&(_, c)| !is_letter(c)) {
            let what = shown(&c.to_string());
            return Err(format!(
                "{}: column {}: {} is not A-P or -",
                at,
                lead + column + 1,
                what
            ));
        }
        if line.len() != 16 {
            return Err(format!("{}: {} characters, not 16", at, line.len()));
        }
        for b in line.bytes() {
            // `-` is a blank (0); `A`..=`P` are 1..=16, counted from the byte before `A`.
            cells.push(if b == b'-' { 0 } else { b - b'@' });
        }
        if cells.len() == 256 {
            let mut board = [0u8; 256];
            board.copy_from_slice(&cells);
            boards.push(board);
            cells.clear();
        }
    }
    let set = boards.len() + 1;
    if !cells.is_empty() {
        return Err(format!("data set {}: only {} rows", set, cells.len() / 16));
    }
    match count {
        Some(k) if k >= set => Err(format!("the count is {}, the input holds {}", k, set - 1)),
        None if set == 1 => Err("empty input: expected rows of 16 letters A-P or -".to_string()),
        _ => Ok(boards),
    }
}

// ---------------------------------------------------------------- the board and its units

/// The board: the cells row-major (0 = blank), and per row, column and box a mask of the
/// letters USED there (bit d set: letter d stands somewhere in that row, column or box).
struct Board {
    cells: [u8; 256],
    rows: [u32; 16],
    cols: [u32; 16],
    boxes: [u32; 16],
}

/// The box of cell `i`: 4x4 boxes, numbered row-major from 0.
fn box_of(i: usize) -> usize {
    i / 64 * 4 + i % 16 / 4
}

/// The three units of cell `i` as unit numbers: rows are 0..16, columns 16..32, boxes 32..48.
fn units(i: usize) -> [usize; 3] {
    [i / 16, 16 + i % 16, 32 + box_of(i)]
}

/// The letters used in unit `u` (numbered as in `units`).
fn used(board: &Board, u: usize) -> u32 {
    match u / 16 {
        0 => board.rows[u % 16],
        1 => board.cols[u % 16],
        _ => board.boxes[u % 16],
    }
}

// ---------------------------------------------------------------- place and undo

/// Writes letter `d` into blank `i` and marks it used in the cell's row, column and box.
fn place(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = d;
    board.rows[i / 16] ^= 1 << d;
    board.cols[i % 16] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// Takes letter `d` back out of cell `i`: the same XOR lines as `place`, which undo it.
fn undo(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = 0;
    board.rows[i / 16] ^= 1 << d;
    board.cols[i % 16] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// The letters blank `i` can still take: those its row, column and box do not use.
fn candidates(board: &Board, i: usize) -> u32 {
    ALL & !(board.rows[i / 16] | board.cols[i % 16] | board.boxes[box_of(i)])
}

// ---------------------------------------------------------------- search

/// How many places each letter has left in one unit, counted up to two, for all sixteen
/// letters at once: bit d of `one` is set when letter d fits at least one blank of the unit,
/// of `two` at least two. So `one & !two` are the letters with exactly one place.
#[derive(Clone, Copy)]
struct Places {
    one: u32,
    two: u32,
}

/// Counts one more blank of the unit, which takes the letters `cand`: each of them moves up
/// one step (from "at least one" to "at least two" first, so no letter moves twice).
fn add_place(places: &mut Places, cand: u32) {
    places.two |= places.one & cand;
    places.one |= cand;
}

/// Fills `blanks` (the cells still 0) and returns true, or returns false with the board as
/// it was.
fn search(board: &mut Board, blanks: &mut [usize]) -> bool {
    if blanks.is_empty() {
        return true;
    }
    // Look at every blank once: find the one with the fewest candidates (ties: the first),
    // and count in every row, column and box how many places each letter has left.
    let mut fewest = 0; // a position in `blanks`
    let mut fewest_count = 17;
    let mut places = [Places { one: 0, two: 0 }; 48];
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
    // A letter that a row, column or box still needs but that fits none of its blanks.
    let mut lost = 0;
    for k in 0..16 {
        lost |= !board.rows[k] & !places[k].one;
        lost |= !board.cols[k] & !places[16 + k].one;
        lost |= !board.boxes[k] & !places[32 + k].one;
    }
    if lost & ALL != 0 {
        return false;
    }
    // Place every forced letter at once: a blank's only candidate, or a letter with one
    // place left in one of the blank's units. They move to the front of `blanks`.
    let mut forced = 0;
    let mut dead = false;
    for n in 0..blanks.len() {
        let i = blanks[n];
        let cand = candidates(board, i);
        let mut hidden = 0;
        for &u in units(i).iter() {
            hidden |= places[u].one & !places[u].two;
        }
        // `x & (x - 1)` clears the lowest bit of x: it is 0 when x has one bit at most.
        let single = if cand != 0 && cand & (cand - 1) == 0 {
            cand
        } else {
            cand & hidden
        };
        if cand == 0 {
            dead = true; // a letter forced just before took this blank's last candidate
        }
        if single != 0 {
            place(board, i, single.trailing_zeros() as u8);
            blanks.swap(forced, n);
            forced += 1;
        }
    }
    if forced > 0 {
        // One deeper call for all of them: they need no choice, so no branch of their own.
        let solved = !dead && search(board, &mut blanks[forced..]);
        if !solved {
            for &i in blanks[..forced].iter() {
                let d = board.cells[i];
                undo(board, i, d);
            }
        }
        return solved;
    }
    // Nothing forced: branch on the blank with the fewest candidates, letters in order.
    blanks.swap(0, fewest);
    let i = blanks[0];
    let mut letters = candidates(board, i);
    while letters != 0 {
        let d = letters.trailing_zeros() as u8; // the smallest letter left
        letters &= letters - 1; // and take it off the list
        place(board, i, d);
        if search(board, &mut blanks[1..]) {
            return true;
        }
        undo(board, i, d);
    }
    false
}

/// The solution of `puzzle`; an error names a clashing given, or says there is none.
fn solve(puzzle: [u8; 256]) -> Result<[u8; 256], String> {
    let mut board = Board {
        cells: [0; 256],
        rows: [0; 16],
        cols: [0; 16],
        boxes: [0; 16],
    };
    for (i, &d) in puzzle.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if let Some(&u) = units(i).iter().find(|&&u| used(&board, u) & 1 << d != 0) {
            let unit = format!("{} {}", ["row", "column", "box"][u / 16], u % 16 + 1);
            let cell = format!("r{}c{}", i / 16 + 1, i % 16 + 1);
            let letter = (b'@' + d) as char;
            return Err(format!("{}: {} repeats in {}", cell, letter, unit));
        }
        place(&mut board, i, d);
    }
    let mut blanks: Vec<usize> = (0..256).filter(|&i| puzzle[i] == 0).collect();
    if search(&mut board, &mut blanks) {
        Ok(board.cells)
    } else {
        Err("no solution: the givens do not clash, yet nothing completes them".to_string())
    }
}

// ---------------------------------------------------------------- writing

/// The board as 16 lines of 16 letters.
fn render(cells: [u8; 256]) -> String {
    let mut out = String::new();
    for (i, &d) in cells.iter().enumerate() {
        out.push((b'@' + d) as char); // 1..=16 are A..=P
        if i % 16 == 15 {
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
        let mut answers = Vec::new();
        for (n, &board) in boards.iter().enumerate() {
            let cells = solve(board).map_err(|e| format!("data set {}: {}", n + 1, e))?;
            answers.push(render(cells));
        }
        Ok(answers.join("\n")) // an empty line between two solutions
    });
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("sudoku16: {}", message);
        std::process::exit(1);
    }
}
