//! Problem: HDU 3909 "Sudoku" (http://acm.hdu.edu.cn/showproblem.php?pid=3909): is a grid
//! a well-made puzzle, and a minimal one? Boards of N²×N² cells, N = 2, 3 or 4.
//! Input: to the end, cases of a line N, then N² rows of N² characters: `.` for an empty
//! cell, else `1`-`9` and, on 16×16, `A`-`G` for 10-16.
//! Output: per case one line, `No Solution`, `Multiple Solutions` or `Not Minimal`, or, for
//! a minimal puzzle, its solution as N² rows in the input's characters; nothing between.
//! Answer: a puzzle has exactly one solution; it is minimal when taking away any one of its
//! givens leaves several. Clashing givens have no solution.
//! Method: a blank-list backtracker with used-symbol masks that counts solutions up to two,
//! each node placing every forced symbol at once (a blank's only candidate, a symbol's only
//! place in a unit), as `sudoku16.rs` does, before it branches on the blank with the fewest
//! candidates (or, when each has three or more, on a symbol's two places in a unit).
//! Minimality without counting again: given g can go exactly when no completion of the
//! other givens has another symbol in g's cell, so each given costs one search for one
//! completion, with g's cell blank and its symbol banned there, each branch trying the
//! solution's symbol first; the first given without such a completion answers `Not
//! Minimal`.
//! Improves on: counting to two afresh for every given taken away (the `fewest-candidates`
//! pattern of `sudoku study`, run once per given): that search must find the one solution
//! again before it can look for a second, and without hidden singles a 16×16 board is
//! slow to count at all.
//! Errors: one line on stderr naming case, line and column; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most

// ---------------------------------------------------------------- reading

/// The input as text, by the one input rule of every file of the kit: UTF-8,
/// one byte-order mark skipped, and a CR only where it ends a line (CRLF).
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
        if let Some(at) = line.find('\r') {
            let column = line[..at].chars().count() + 1;
            let where_ = format!("line {}, column {}", n + 1, column);
            return Err(format!("{}: a carriage return inside a line", where_));
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

/// One case: the box side n and the n⁴ cells, row-major, 0 = empty, 1..=16 the symbols.
struct Case {
    n: usize,
    cells: Vec<u8>,
}

/// Reads the cases: a line N (2, 3 or 4), then N² rows of N² characters, `.` empty, `1`-`9`
/// and `A`-`G` (10-16) up to N²; blank lines and spaces at line ends are skipped. An error
/// names case, line and column.
fn parse(text: &str) -> Result<Vec<Case>, String> {
    let mut cases: Vec<Case> = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        let line = line.trim_end_matches([' ', '\t', '\r']);
        if line.is_empty() {
            continue;
        }
        let (number, side, open) = match cases.last() {
            Some(c) if c.cells.len() < c.n.pow(4) => (cases.len(), c.n * c.n, true),
            _ => (cases.len() + 1, 0, false), // the next line is a new case's N
        };
        let at = format!("case {}, line {}", number, line_index + 1);
        if !open {
            let n = match line {
                "2" => 2,
                "3" => 3,
                "4" => 4,
                _ => return Err(format!("{}: {} is not N (2, 3 or 4)", at, shown(line))),
            };
            cases.push(Case {
                n,
                cells: Vec::new(),
            });
            continue;
        }
        let symbols = ["1-4", "1-9", "1-9, A-G"][side / 6]; // side 4, 9 or 16
        let case = &mut cases[number - 1];
        let mut count = 0;
        for (column, ch) in line.chars().enumerate() {
            // `.` is empty (0); `1`..=`9` are 1..=9 and `A`..=`G` are 10..=16.
            let value = match ch {
                '.' => Some(0),
                '1'..='9' => Some(ch as usize - '0' as usize),
                'A'..='G' => Some(ch as usize - 'A' as usize + 10),
                _ => None,
            };
            match value {
                Some(v) if v <= side => {
                    if count < side {
                        case.cells.push(v as u8);
                    }
                    count += 1;
                }
                _ => {
                    let what = shown(&ch.to_string());
                    let why = format!("{} is not `.` or a symbol {}", what, symbols);
                    return Err(format!("{}, column {}: {}", at, column + 1, why));
                }
            }
        }
        if count != side {
            return Err(format!("{}: {} cells, expected {}", at, count, side));
        }
    }
    match cases.last() {
        None => Err("empty input: expected N, then N² rows of N² characters".to_string()),
        Some(c) if c.cells.len() < c.n.pow(4) => {
            let (rows, side) = (c.cells.len() / (c.n * c.n), c.n * c.n);
            let why = format!("the input ends after {} of {} rows", rows, side);
            Err(format!("case {}: {}", cases.len(), why))
        }
        _ => Ok(cases),
    }
}

// ---------------------------------------------------------------- the board and its units

/// The board of one case: N² rows of N² cells, row-major (0 = empty), in arrays sized for
/// N = 4, and per row, column and box a mask of the symbols USED there (bit d set: symbol d
/// stands somewhere in that unit). Units the board does not have are full from the start.
/// Two more fields serve the minimality test only: `banned`, per cell the symbols it may
/// not take although its units allow them, and `prefer`, per cell the symbol a branch there
/// tries first (0: none; bit 0 is never a candidate).
struct Board {
    all: u32, // the symbols 1..=N² as a mask: bit d stands for symbol d, bit 0 unused
    cells: [u8; 256],
    rows: [u32; 16],
    cols: [u32; 16],
    boxes: [u32; 16],
    unit_table: [[usize; 3]; 256], // per cell its row, column and box, computed once in `solve`
    banned: [u32; 256],
    prefer: [u8; 256],
}

/// The row, the column and the box of cell `i` (boxes numbered row-major from 0), looked up
/// in the board's table.
fn units_of(board: &Board, i: usize) -> [usize; 3] {
    board.unit_table[i]
}

/// The three units of cell `i` as unit numbers: rows are 0..16, columns 16..32, boxes 32..48.
fn units(board: &Board, i: usize) -> [usize; 3] {
    let [r, c, b] = units_of(board, i);
    [r, 16 + c, 32 + b]
}

// ---------------------------------------------------------------- place and undo

/// Writes symbol `d` into blank `i` and marks it used in the cell's row, column and box.
fn place(board: &mut Board, i: usize, d: u8) {
    let [r, c, b] = units_of(board, i);
    board.cells[i] = d;
    board.rows[r] ^= 1 << d;
    board.cols[c] ^= 1 << d;
    board.boxes[b] ^= 1 << d;
}

/// Takes symbol `d` back out of cell `i`: the same XOR lines as `place`, which undo it.
fn undo(board: &mut Board, i: usize, d: u8) {
    let [r, c, b] = units_of(board, i);
    board.cells[i] = 0;
    board.rows[r] ^= 1 << d;
    board.cols[c] ^= 1 << d;
    board.boxes[b] ^= 1 << d;
}

/// The symbols blank `i` can still take: those its row, column and box do not use, and that
/// are not banned there.
fn candidates(board: &Board, i: usize) -> u32 {
    let [r, c, b] = units_of(board, i);
    board.all & !(board.rows[r] | board.cols[c] | board.boxes[b] | board.banned[i])
}

// ---------------------------------------------------------------- search

/// How many places each symbol has left in one unit, counted up to three, for all symbols
/// at once: bit d of `one` is set when symbol d fits at least one blank of the unit, of
/// `two` at least two, of `three` at least three. So `one & !two` are the symbols with
/// exactly one place, `two & !three` those with exactly two.
#[derive(Clone, Copy)]
struct Places {
    one: u32,
    two: u32,
    three: u32,
}

/// Counts one more blank of the unit, which takes the symbols `cand`: each of them moves up
/// one step (from "at least two" to "at least three" first, so no symbol moves twice).
fn add_place(places: &mut Places, cand: u32) {
    places.three |= places.two & cand;
    places.two |= places.one & cand;
    places.one |= cand;
}

/// What a search found: the number of completions, counted up to its limit, and the first.
struct Found {
    count: usize,
    first: [u8; 256],
}

/// Where a search node branches: each of `blanks` in turn, with each symbol of `digits`.
struct Branch {
    blanks: Vec<usize>,
    digits: u32,
}

/// Counts into `found` the completions that fill `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one; the board is left as it was.
fn search(board: &mut Board, blanks: &mut [usize], limit: usize, found: &mut Found) {
    if blanks.is_empty() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
        return;
    }
    // Look at every blank once: find the one with the fewest candidates (ties: the first),
    // and count in every row, column and box how many places each symbol has left.
    let mut fewest = blanks[0];
    let mut fewest_count = 17;
    let mut places = [Places {
        one: 0,
        two: 0,
        three: 0,
    }; 48];
    for &i in blanks.iter() {
        let cand = candidates(board, i);
        if cand.count_ones() < fewest_count {
            fewest = i;
            fewest_count = cand.count_ones();
        }
        for &u in units(board, i).iter() {
            add_place(&mut places[u], cand);
        }
    }
    // A symbol that a row, column or box still needs but that fits none of its blanks.
    let mut lost = 0;
    for k in 0..16 {
        lost |= !board.rows[k] & !places[k].one;
        lost |= !board.cols[k] & !places[16 + k].one;
        lost |= !board.boxes[k] & !places[32 + k].one;
    }
    if lost & board.all != 0 {
        return;
    }
    // Place every forced symbol at once: a blank's only candidate, or a symbol with one
    // place left in one of the blank's units. Every completion has them, so counting goes
    // on below them; they move to the front of `blanks`.
    let mut forced = 0;
    let mut dead = false;
    for n in 0..blanks.len() {
        let i = blanks[n];
        let cand = candidates(board, i);
        let mut hidden = 0;
        for &u in units(board, i).iter() {
            hidden |= places[u].one & !places[u].two;
        }
        // `x & (x - 1)` clears the lowest bit of x: it is 0 when x has one bit at most.
        let single = if cand != 0 && cand & (cand - 1) == 0 {
            cand
        } else {
            cand & hidden
        };
        if cand == 0 {
            dead = true; // a symbol forced just before took this blank's last candidate
        }
        if single != 0 {
            place(board, i, single.trailing_zeros() as u8);
            blanks.swap(forced, n);
            forced += 1;
        }
    }
    if forced > 0 {
        // One deeper call for all of them: they need no choice, so no branch of their own.
        if !dead {
            search(board, &mut blanks[forced..], limit, found);
        }
        for &i in blanks[..forced].iter() {
            let d = board.cells[i];
            undo(board, i, d);
        }
        return;
    }
    // Nothing forced: branch where `choose` says, each blank's preferred symbol first (the
    // minimality test prefers the solution's), then the others in order.
    let branch = choose(board, blanks, &places, fewest, fewest_count);
    for &i in branch.blanks.iter() {
        let mut digits = branch.digits & candidates(board, i);
        let preferred = digits & 1 << board.prefer[i]; // 0 when there is none
        while digits != 0 && found.count < limit {
            // `x & x.wrapping_neg()` keeps the lowest bit of x: the smallest symbol left.
            let bit = if digits & preferred != 0 {
                preferred
            } else {
                digits & digits.wrapping_neg()
            };
            digits &= !bit; // take it off the list
            let d = bit.trailing_zeros() as u8;
            // Move blank `i` to the front, so the deeper search gets the rest as one slice.
            let at = blanks.iter().position(|&b| b == i).unwrap_or(0);
            blanks.swap(0, at);
            place(board, i, d);
            search(board, &mut blanks[1..], limit, found);
            undo(board, i, d);
        }
    }
}

/// Where to branch when nothing is forced: when every blank has three candidates or more,
/// on a symbol with two places left in some unit (two branches, each filling a symbol many
/// blanks were waiting on: without it, Norvig's "hard1" takes a hundred times longer to
/// count), else on the blank with the fewest candidates.
fn choose(
    board: &Board,
    blanks: &[usize],
    places: &[Places; 48],
    fewest: usize,
    choices: u32,
) -> Branch {
    let two_places = |u: usize| places[u].two & !places[u].three;
    let unit = (0..48).find(|&u| choices > 2 && two_places(u) != 0);
    match unit {
        Some(u) => {
            let digit = two_places(u) & two_places(u).wrapping_neg(); // the smallest such symbol
            let fits =
                |i: &&usize| units(board, **i).contains(&u) && candidates(board, **i) & digit != 0;
            Branch {
                blanks: blanks.iter().filter(fits).cloned().collect(),
                digits: digit,
            }
        }
        None => Branch {
            blanks: vec![fewest],
            digits: board.all,
        },
    }
}

/// What the case's grid is: `Ok` with the solution of a minimal puzzle, else `Err` with the
/// line that says what it is instead (`No Solution`, `Multiple Solutions`, `Not Minimal`).
fn solve(case: &Case) -> Result<[u8; 256], &'static str> {
    let n = case.n;
    let side = n * n;
    let all: u32 = (2 << side) - 2;
    let mut board = Board {
        all,
        cells: [0; 256],
        rows: [all; 16],
        cols: [all; 16],
        boxes: [all; 16],
        unit_table: [[0; 3]; 256],
        banned: [0; 256],
        prefer: [0; 256],
    };
    // Each cell's row, column and box, worked out once here: the search looks them up
    // millions of times, and a division by `n` (not a constant) is slow.
    for i in 0..side * side {
        let (r, c) = (i / side, i % side);
        board.unit_table[i] = [r, c, r / n * n + c / n];
    }
    for k in 0..side {
        board.rows[k] = 0; // the units the board has start empty
        board.cols[k] = 0;
        board.boxes[k] = 0;
    }
    for (i, &d) in case.cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if candidates(&board, i) & 1 << d == 0 {
            return Err("No Solution"); // two givens clash: nothing completes them
        }
        place(&mut board, i, d);
    }
    let mut blanks: Vec<usize> = (0..side * side).filter(|&i| case.cells[i] == 0).collect();
    let mut found = Found {
        count: 0,
        first: [0; 256],
    };
    search(&mut board, &mut blanks, 2, &mut found);
    match found.count {
        0 => return Err("No Solution"),
        1 => {}
        _ => return Err("Multiple Solutions"),
    }
    let solution = found.first;
    // A puzzle: is it minimal? Given g can go when the other givens have no completion but
    // `solution`; any other completion agrees with every other given, so it has another
    // symbol in g's cell. Hence: take g away, ban its symbol there, and look for one
    // completion. Branches try the solution's symbol first: a completion that differs from
    // it in few cells is found soonest.
    board.prefer = solution;
    for g in 0..side * side {
        let d = case.cells[g];
        if d == 0 {
            continue;
        }
        undo(&mut board, g, d);
        board.banned[g] = 1 << d;
        let mut open = blanks.clone();
        open.push(g);
        found.count = 0;
        search(&mut board, &mut open, 1, &mut found);
        board.banned[g] = 0;
        place(&mut board, g, d);
        if found.count == 0 {
            return Err("Not Minimal"); // nothing but `solution` completes the others: g can go
        }
    }
    Ok(solution)
}

// ---------------------------------------------------------------- writing

/// The answer for a board of `n`: the line, or the solution as N² rows of N² characters
/// (`1`-`9`, then `A`-`G` for 10-16).
fn render(n: usize, answer: Result<[u8; 256], &'static str>) -> String {
    let cells = match answer {
        Ok(cells) => cells,
        Err(line) => return format!("{}\n", line),
    };
    let side = n * n;
    let mut out = String::new();
    for (i, &d) in cells[..side * side].iter().enumerate() {
        out.push(if d <= 9 {
            (b'0' + d) as char
        } else {
            (b'A' + d - 10) as char
        });
        if i % side == side - 1 {
            out.push('\n');
        }
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
        answers.concat() // no line between two cases
    });
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("hdu3909: {}", message);
        std::process::exit(1);
    }
}
