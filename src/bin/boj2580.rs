//! Problem: Baekjoon 2580 "Sudoku" (https://www.acmicpc.net/problem/2580).
//! Input: 81 numbers 0-9, 9 lines of 9 separated by spaces or tabs, 0 = blank.
//! Output: 9 lines of 9 numbers, one space between.
//! Answer: any completion (the judge accepts every valid one), so the search order is free.
//! Method: a blank-list backtracker with used-digit masks that fills forced digits first and
//! branches where the fewest choices are left.
//! Improves on: the `bitmask` pattern of `sudoku study` (row-major blanks, ascending digits),
//! which takes minutes on puzzles built against it; see problems/STUDY.md.
//! Errors: one line on stderr naming line and column, or the clashing cells; exit code 1.
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

/// Reads 81 numbers 0-9 (leading zeros allowed: `00` is 0), 9 lines of 9 separated by
/// spaces and tabs; an error names line and column.
fn parse(text: &str) -> Result<[u8; 81], String> {
    let mut cells = [0u8; 81];
    let mut count = 0;
    for (line_index, line) in text.lines().enumerate() {
        let before = count; // numbers before this line
        let mut column = 1; // of `word`: every separator is one character
        for word in line.split([' ', '\t', '\r']) {
            let at = format!("line {}, column {}", line_index + 1, column);
            column += word.chars().count() + 1;
            if word.is_empty() {
                continue; // two separators in a row
            }
            // A number is digits only; its value, leading zeros dropped, is one digit.
            let significant = word.trim_start_matches('0');
            let digit = match significant.as_bytes() {
                _ if !word.bytes().all(|b| b.is_ascii_digit()) => None,
                [] => Some(0),
                &[b] => Some(b - b'0'),
                _ => None,
            };
            let digit = match digit {
                Some(digit) => digit,
                None => return Err(format!("{}: {} is not a number 0-9", at, shown(word))),
            };
            if count == 81 {
                return Err(format!("{}: more than 81 numbers", at));
            }
            cells[count] = digit;
            count += 1;
        }
        // A row is one line: 9 numbers.
        let read = count - before;
        if read != 0 && read != 9 {
            let why = format!("{} numbers; a row is one line of 9", read);
            return Err(format!("line {}: {}", line_index + 1, why));
        }
    }
    match count {
        0 => Err("empty input: expected 81 numbers 0-9".to_string()),
        81 => Ok(cells),
        _ => Err(format!("only {} numbers, expected 81", count)),
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

/// The digits used in unit `u` (numbered as in `units`).
fn used(board: &Board, u: usize) -> u16 {
    match u / 9 {
        0 => board.rows[u % 9],
        1 => board.cols[u % 9],
        _ => board.boxes[u % 9],
    }
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
/// `limit`, and keeps the first one. With `smallest` the completions come in lexicographic
/// order (the first one found is the smallest); without, in whatever order is fastest.
fn search(
    board: &mut Board,
    blanks: &mut [usize],
    limit: usize,
    smallest: bool,
    found: &mut Found,
) {
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
    let branch = choose(board, blanks, &places, fewest, fewest_count, smallest);
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
            search(board, &mut blanks[1..], limit, smallest, found);
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
///
/// With `smallest`, step 4 takes the first blank row-major instead, and step 3 is skipped:
/// trying the first blank's digits in ascending order gives the completions in lexicographic
/// order, and steps 1 and 2 do not change that order, as every completion has those digits.
fn choose(
    board: &Board,
    blanks: &[usize],
    places: &[Places; 27],
    fewest: usize,
    fewest_count: u32,
    smallest: bool,
) -> Branch {
    let mut target = fewest;
    let mut choices = fewest_count;
    if smallest && fewest_count > 1 {
        target = *blanks.iter().min().unwrap_or(&fewest);
        choices = 2; // only a hidden single may go before the first blank
    }
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
            blanks: vec![target],
            digits: ALL,
        },
    }
}

/// Some completion of `puzzle`; an error names two clashing givens, or says there is none.
fn solve(puzzle: [u8; 81]) -> Result<[u8; 81], String> {
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
        if let Some(&u) = units(i).iter().find(|&&u| used(&board, u) & 1 << d != 0) {
            let j = (0..i)
                .find(|&j| puzzle[j] == d && units(j).contains(&u))
                .unwrap_or(i);
            let unit = format!("{} {}", ["row", "column", "box"][u / 9], u % 9 + 1);
            let cells = format!(
                "r{}c{} and r{}c{}",
                j / 9 + 1,
                j % 9 + 1,
                i / 9 + 1,
                i % 9 + 1
            );
            return Err(format!("digit {} repeats in {} ({})", d, unit, cells));
        }
        place(&mut board, i, d);
    }
    let mut blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    let mut found = Found {
        count: 0,
        first: [0; 81],
    };
    search(&mut board, &mut blanks, 1, false, &mut found);
    match found.count {
        0 => Err("no solution: the givens do not clash, yet nothing completes them".to_string()),
        _ => Ok(found.first),
    }
}

// ---------------------------------------------------------------- writing

/// The board as 9 lines of 9 digits, one space between.
fn render(cells: [u8; 81]) -> String {
    let mut out = String::new();
    for r in 0..9 {
        let row: Vec<String> = cells[r * 9..r * 9 + 9]
            .iter()
            .map(|d| d.to_string())
            .collect();
        out += &row.join(" ");
        out += "\n";
    }
    out
}

/// Reads stdin once, writes the answer once; on bad input one line on stderr and exit 1.
fn main() {
    let mut bytes = Vec::new();
    let puzzle = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = puzzle.and_then(solve).map(render);
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("boj2580: {}", message);
        std::process::exit(1);
    }
}
