//! Problem: UVa 989 "Su Doku" (https://onlinejudge.org/external/9/989.pdf): n²×n² grids,
//! n = 1, 2 or 3.
//! Input: to the end, cases of n, then n² rows of n² numbers 0..=n² (0 blank), a blank line
//! between (a row is one line, its numbers separated by spaces or tabs).
//! Output: per case the completion, rows of numbers with single spaces (n = 1 gives `1`), or
//! `NO SOLUTION` (clashing givens too); a blank line between cases.
//! Answer: the lexicographically smallest completion.
//! Method: the search of `boj2239.rs` for n² digits: count completions up to two with forced
//! digits first and the fewest choices next; with several, search again from the first blank
//! row-major.
//! Improves on: the `bitmask` pattern of `sudoku study` (row-major blanks, ascending digits),
//! which finds the same answer but takes minutes on puzzles built against it.
//! Errors: one line on stderr naming case, line and column; exit code 1.
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

/// One case of the input: the box side n and the n^4 cells, row-major, 0 = blank.
struct Case {
    n: usize,
    cells: Vec<u8>,
}

/// Reads the cases, a row a line; an error names case, line and column.
fn parse(text: &str) -> Result<Vec<Case>, String> {
    let mut cases: Vec<Case> = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        // A board's row is one line: it starts and ends on the line it began.
        let row_start = cases.last().map_or(0, |c| c.cells.len());
        let mut column = 1; // of `word`: every separator is one character
        for word in line.split(char::is_whitespace) {
            let at = format!("line {}, column {}", line_index + 1, column);
            column += word.chars().count() + 1;
            if word.is_empty() {
                continue; // two separators in a row
            }
            let (number, side, open) = match cases.last() {
                Some(c) if c.cells.len() < c.n.pow(4) => (cases.len(), c.n * c.n, true),
                _ => (cases.len() + 1, 0, false), // the next word is a new case's n
            };
            let at = format!("case {}, {}", number, at);
            // A number is digits only: `+1` is no number.
            let digits = word.bytes().all(|b| b.is_ascii_digit());
            let value: Option<usize> = word.parse().ok().filter(|_| digits);
            match value {
                Some(v) if open && v <= side => cases[number - 1].cells.push(v as u8),
                Some(n) if !open && (1..=3).contains(&n) => cases.push(Case {
                    n,
                    cells: Vec::new(),
                }),
                _ if open => {
                    return Err(format!(
                        "{}: {} is not a number 0-{}",
                        at,
                        shown(word),
                        side
                    ))
                }
                _ => return Err(format!("{}: {} is not n (1, 2 or 3)", at, shown(word))),
            }
        }
        if let Some(case) = cases.last() {
            let side = case.n * case.n;
            let read = case.cells.len().saturating_sub(row_start);
            if read > 0 && read != side {
                let why = format!("a row of {} numbers; a row is one line of {}", read, side);
                return Err(format!(
                    "case {}, line {}: {}",
                    cases.len(),
                    line_index + 1,
                    why
                ));
            }
        }
    }
    match cases.last() {
        None => Err("empty input: expected n, then n² rows of n² numbers".to_string()),
        Some(c) if c.cells.len() < c.n.pow(4) => Err(format!("case {}: input ends", cases.len())),
        _ => Ok(cases),
    }
}

// ---------------------------------------------------------------- the board and its units

/// The board of one case: n² rows of n² cells, row-major (0 = blank), in arrays sized for
/// n = 3, and per row, column and box a mask of the digits USED there (bit d set: digit d
/// stands somewhere in that unit). Units the board does not have are full from the start.
struct Board {
    all: u16, // the digits 1..=n² as a mask: bit d stands for digit d, bit 0 unused
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    unit_table: [[usize; 3]; 81], // per cell its row, column and box, computed once in `solve`
}

/// The row, the column and the box of cell `i` (boxes numbered row-major from 0), looked up
/// in the board's table.
fn units_of(board: &Board, i: usize) -> [usize; 3] {
    board.unit_table[i]
}

/// The three units of cell `i` as unit numbers: rows are 0..9, columns 9..18, boxes 18..27.
fn units(board: &Board, i: usize) -> [usize; 3] {
    let [r, c, b] = units_of(board, i);
    [r, 9 + c, 18 + b]
}

// ---------------------------------------------------------------- place and undo

/// Writes digit `d` into blank `i` and marks it used in the cell's row, column and box.
fn place(board: &mut Board, i: usize, d: u8) {
    let [r, c, b] = units_of(board, i);
    board.cells[i] = d;
    board.rows[r] ^= 1 << d;
    board.cols[c] ^= 1 << d;
    board.boxes[b] ^= 1 << d;
}

/// Takes digit `d` back out of cell `i`: the same XOR lines as `place`, which undo it.
fn undo(board: &mut Board, i: usize, d: u8) {
    let [r, c, b] = units_of(board, i);
    board.cells[i] = 0;
    board.rows[r] ^= 1 << d;
    board.cols[c] ^= 1 << d;
    board.boxes[b] ^= 1 << d;
}

/// The digits blank `i` can still take: those its row, column and box do not use.
fn candidates(board: &Board, i: usize) -> u16 {
    let [r, c, b] = units_of(board, i);
    board.all & !(board.rows[r] | board.cols[c] | board.boxes[b])
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
        for &u in units(board, i).iter() {
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
    if lost & board.all != 0 {
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
            let fits =
                |i: &&usize| units(board, **i).contains(&u) && candidates(board, **i) & digit != 0;
            let at: Vec<usize> = blanks.iter().filter(fits).cloned().collect();
            Branch {
                blanks: at,
                digits: digit,
            }
        }
        None => Branch {
            blanks: vec![target],
            digits: board.all,
        },
    }
}

/// The smallest completion of the case, if any (clashing givens have none).
fn solve(case: &Case) -> Option<[u8; 81]> {
    let n = case.n;
    let all: u16 = (2 << (n * n)) - 2;
    let mut board = Board {
        all,
        cells: [0; 81],
        rows: [all; 9],
        cols: [all; 9],
        boxes: [all; 9],
        unit_table: [[0; 3]; 81],
    };
    // Each cell's row, column and box, worked out once here: the search looks them up
    // millions of times, and a division by `n` (not a constant) is slow.
    let side = n * n;
    for i in 0..side * side {
        let (r, c) = (i / side, i % side);
        board.unit_table[i] = [r, c, r / n * n + c / n];
    }
    for k in 0..n * n {
        board.rows[k] = 0; // the units the board has start empty
        board.cols[k] = 0;
        board.boxes[k] = 0;
    }
    for (i, &d) in case.cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if candidates(&board, i) & 1 << d == 0 {
            return None; // two givens clash: nothing completes them
        }
        place(&mut board, i, d);
    }
    let mut blanks: Vec<usize> = (0..case.cells.len())
        .filter(|&i| case.cells[i] == 0)
        .collect();
    let mut found = Found {
        count: 0,
        first: [0; 81],
    };
    // First the fast order, counting to two: a lone completion is the smallest.
    search(&mut board, &mut blanks, 2, false, &mut found);
    if found.count > 1 {
        // Several: search again in lexicographic order; the first one found is the smallest.
        found.count = 0;
        search(&mut board, &mut blanks, 1, true, &mut found);
    }
    if found.count == 0 {
        None
    } else {
        Some(found.first)
    }
}

// ---------------------------------------------------------------- writing

/// The completion as n² rows of n² numbers with single spaces, or `NO SOLUTION`.
fn render(n: usize, cells: Option<[u8; 81]>) -> String {
    let cells = match cells {
        Some(cells) => cells,
        None => return "NO SOLUTION\n".to_string(),
    };
    let side = n * n;
    let mut out = String::new();
    for r in 0..side {
        let row: Vec<String> = cells[r * side..r * side + side]
            .iter()
            .map(|d| d.to_string())
            .collect();
        out += &row.join(" ");
        out += "\n";
    }
    out
}

/// Reads stdin once, writes the answers once; on bad input one line on stderr and exit 1.
fn main() {
    let mut bytes = Vec::new();
    let cases = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = cases.map(|cases| {
        let answers: Vec<String> = cases.iter().map(|c| render(c.n, solve(c))).collect();
        answers.join("\n") // a blank line between two cases
    });
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("uva989: {}", message);
        std::process::exit(1);
    }
}
