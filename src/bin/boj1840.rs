//! Problem: Baekjoon 1840 "스도쿠" (Sudoku, https://www.acmicpc.net/problem/1840): 81 moves
//! fill an empty board one cell at a time; which move is the first mistake?
//! Input: 81 lines, one move each: row, column (1-9, (1, 1) top left) and the digit 1-9
//! written there, separated by spaces. The 81 moves fill the 81 cells, each once.
//! Output: the number (1-81) of the first move after which the board has no completion,
//! or `-1` when there is none (the 81 moves make a solved grid).
//! Answer: the one number; a move that repeats a digit in a row, column or box is a
//! mistake too (a board with a repeat has no completion).
//! Method: the search of `boj2580.rs`, which stops at the first completion, used as a
//! solvability test after each move, and kept incremental: a completion found after one
//! move still completes the board after the next when that move writes the digit it has
//! in that cell, so most moves need no search at all (at most 81 searches, usually a few).
//! Improves on: the `bitmask` pattern of `sudoku study` run after every move, whose
//! row-major search proves a board without completion only by exhausting it: a wrong move
//! on a sparse board is the slow case, and forced digits with the fewest-candidates branch
//! keep that search small.
//! Errors: one line on stderr naming line and column (a number outside 1-9, a line without
//! three numbers, a cell filled twice, fewer or more than 81 moves); exit code 1.
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

/// One move of the game: digit `d` written into cell `i` (row-major, 0..81).
struct Move {
    i: usize,
    d: u8,
}

/// Reads the 81 moves, one a line of three numbers 1-9 (blank lines are skipped, nothing
/// may follow the 81st); an error names line and column, or the move that fills a cell
/// already filled.
fn parse(text: &str) -> Result<Vec<Move>, String> {
    let mut moves: Vec<Move> = Vec::new();
    let mut step_of = [0usize; 81]; // per cell, the move (1..=81) that filled it; 0: none
    for (line_index, line) in text.lines().enumerate() {
        let line_number = line_index + 1;
        let mut numbers = Vec::new();
        let mut column = 1; // of `word`: every separator is one character
        for word in line.split(char::is_whitespace) {
            let at = format!("line {}, column {}", line_number, column);
            column += word.chars().count() + 1;
            if word.is_empty() {
                continue; // two separators in a row
            }
            match word.as_bytes() {
                &[b] if (b'1'..=b'9').contains(&b) => numbers.push(b - b'0'),
                _ => return Err(format!("{}: {} is not a number 1-9", at, shown(word))),
            }
        }
        if numbers.is_empty() {
            continue; // a blank line
        }
        if moves.len() == 81 {
            return Err(format!("line {}: text after the 81 moves", line_number));
        }
        if numbers.len() != 3 {
            let why = format!("{} numbers, expected 3 (row, column, digit)", numbers.len());
            return Err(format!("line {}: {}", line_number, why));
        }
        let (r, c, d) = (numbers[0] as usize, numbers[1] as usize, numbers[2]);
        let i = (r - 1) * 9 + (c - 1);
        if step_of[i] != 0 {
            let why = format!("move {} fills ({}, {}) again", moves.len() + 1, r, c);
            let first = format!("move {} filled it", step_of[i]);
            return Err(format!("line {}: {}; {}", line_number, why, first));
        }
        moves.push(Move { i, d });
        step_of[i] = moves.len();
    }
    match moves.len() {
        0 => Err("empty input: expected 81 moves `row column digit`".to_string()),
        81 => Ok(moves),
        n => Err(format!("the input holds {} of the 81 moves", n)),
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

/// How many places each digit has left in one unit, counted up to three, for all nine
/// digits at once: bit d of `one` is set when digit d fits at least one blank of the unit,
/// of `two` at least two, of `three` at least three.
#[derive(Clone, Copy)]
struct Places {
    one: u16,
    two: u16,
    three: u16,
}

/// Counts one more blank of the unit, which takes the digits `cand`: each of them moves up
/// one step (from "at least two" to "at least three" first, so no digit moves twice).
fn add_place(places: &mut Places, cand: u16) {
    places.three |= places.two & cand;
    places.two |= places.one & cand;
    places.one |= cand;
}

/// What a search found: the number of completions, counted up to its limit, and the first.
struct Found {
    count: usize,
    first: [u8; 81],
}

/// Where a search node branches: each of `blanks` in turn, with each digit of `digits`.
struct Branch {
    blanks: Vec<usize>,
    digits: u16,
}

/// Counts into `found` the completions that fill `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one; the completions come in whatever order is fastest.
fn search(board: &mut Board, blanks: &mut [usize], limit: usize, found: &mut Found) {
    if blanks.is_empty() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
        return;
    }
    // Look at every blank once: find the one with the fewest candidates (ties: the later),
    // and count in every row, column and box how many places each digit has left.
    let mut fewest = blanks[0];
    let mut fewest_count = 10;
    let mut places = [Places {
        one: 0,
        two: 0,
        three: 0,
    }; 27];
    for &i in blanks.iter() {
        let cand = candidates(board, i);
        if cand.count_ones() <= fewest_count {
            fewest = i;
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
    let branch = choose(board, blanks, &places, fewest, fewest_count);
    for &i in branch.blanks.iter() {
        let mut digits = branch.digits & candidates(board, i);
        while digits != 0 && found.count < limit {
            // Take the smallest digit left off the list: `digits - 1` flips the lowest set
            // bit and the zeros below it, so `&` clears just that bit.
            let d = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            // Move blank `i` to the front, so the deeper search gets the rest as one slice.
            let at = blanks.iter().position(|&b| b == i).unwrap_or(0);
            blanks.swap(0, at);
            place(board, i, d);
            search(board, &mut blanks[1..], limit, found);
            undo(board, i, d);
        }
    }
}

/// Where to branch, the choice that keeps the search small (measured: problems/SPEED.md):
/// 1. a blank with one candidate: nothing to choose;
/// 2. else a digit with one place left in some unit (a hidden single): it must go there;
/// 3. else, when the fewest candidates are three or more, a digit with two places left in
///    some unit: two branches, and each fills a digit that many blanks were waiting on;
/// 4. else the blank with the fewest candidates.
fn choose(
    board: &Board,
    blanks: &[usize],
    places: &[Places; 27],
    fewest: usize,
    choices: u32,
) -> Branch {
    let one_place = |u: usize| places[u].one & !places[u].two;
    let two_places = |u: usize| places[u].two & !places[u].three;
    // Steps 2 and 3: the first unit with a digit of one place left, else of two.
    let mut unit = None;
    if choices > 1 {
        unit = (0..27)
            .find(|&u| one_place(u) != 0)
            .map(|u| (u, one_place(u)));
    }
    if unit.is_none() && choices > 2 {
        unit = (0..27)
            .find(|&u| two_places(u) != 0)
            .map(|u| (u, two_places(u)));
    }
    match unit {
        Some((u, digits)) => {
            // `x & x.wrapping_neg()` keeps the lowest bit of x: the smallest such digit.
            let digit = digits & digits.wrapping_neg();
            let fits = |i: &&usize| units(**i).contains(&u) && candidates(board, **i) & digit != 0;
            let at: Vec<usize> = blanks.iter().filter(fits).cloned().collect();
            Branch {
                blanks: at,
                digits: digit,
            }
        }
        None => Branch {
            blanks: vec![fewest],
            digits: ALL,
        },
    }
}

/// The number of the first move after which the board has no completion (`None`: every
/// board along the way has one). A board with a repeat has none, so a repeating move is
/// found without a search; otherwise the board is searched, unless the completion found
/// last still fits.
fn solve(moves: &[Move]) -> Option<usize> {
    let mut board = Board {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    let mut found = Found {
        count: 0,
        first: [0; 81],
    };
    // A completion of the board as it stands, kept from move to move: first one of the
    // empty board (the search finds it without a single dead end).
    let mut blanks: Vec<usize> = (0..81).collect();
    search(&mut board, &mut blanks, 1, &mut found);
    let mut known = found.first;
    for (step, m) in moves.iter().enumerate() {
        if candidates(&board, m.i) & 1 << m.d == 0 {
            return Some(step + 1); // a repeat in the cell's row, column or box
        }
        place(&mut board, m.i, m.d);
        if known[m.i] == m.d {
            continue; // the known completion has this digit here: it completes this board too
        }
        // The known completion disagrees with this move: look for another one.
        let mut blanks: Vec<usize> = (0..81).filter(|&i| board.cells[i] == 0).collect();
        found.count = 0;
        search(&mut board, &mut blanks, 1, &mut found);
        if found.count == 0 {
            return Some(step + 1);
        }
        known = found.first;
    }
    None
}

// ---------------------------------------------------------------- writing

/// The answer as the judge wants it: the move's number, or -1, on a line of its own.
fn render(mistake: Option<usize>) -> String {
    match mistake {
        Some(step) => format!("{}\n", step),
        None => "-1\n".to_string(),
    }
}

/// Reads stdin once, writes the answer once; on bad input one line on stderr and exit 1.
fn main() {
    let mut bytes = Vec::new();
    let moves = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = moves.map(|moves| render(solve(&moves)));
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("boj1840: {}", message);
        std::process::exit(1);
    }
}
