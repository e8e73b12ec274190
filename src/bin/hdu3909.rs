//! Problem: HDU 3909 "Sudoku" (http://acm.hdu.edu.cn/showproblem.php?pid=3909): is a grid
//! a well-made puzzle, and a minimal one? Boards of N²×N² cells, N = 2, 3 or 4.
//! Input: to the end, cases of a line N, then N² rows of N² characters: `.` for an empty
//! cell, else `1`-`9` and, on 16×16, `A`-`G` for 10-16.
//! Output: per case one line, `No Solution`, `Multiple Solutions` or `Not Minimal`, or, for
//! a minimal puzzle, its solution as N² rows in the input's characters; nothing between.
//! Answer: a puzzle has exactly one solution; it is minimal when taking away any one of its
//! givens leaves several. Clashing givens have no solution.
//! Method: a blank-list backtracker with used-symbol masks that counts solutions up to two.
//! Each node places every forced symbol at once (a blank's only candidate, a symbol's only
//! place in a unit), as `sudoku16.rs` does, and bans what locked candidates rule out (a
//! symbol that fits a box in one of its rows only leaves the rest of that row, and so on),
//! looking again until neither finds anything; then it branches on a blank with the fewest
//! candidates, the one whose neighbours it squeezes most (or, when each has three or more,
//! on a symbol's two places in a unit).
//! Minimality without counting again: given g can go exactly when no completion of the
//! other givens has another symbol in g's cell, so each given costs a search for one
//! completion, with g's cell blank and its symbol banned there, each branch trying the
//! solution's symbol first. That search looks first in windows, every blank outside them
//! filled from the solution: g's band and stack, then two bands and two stacks, and only
//! then the whole board. The first given without such a completion answers `Not Minimal`.
//! Improves on: counting to two afresh for every given taken away (the `fewest-candidates`
//! pattern of `sudoku study`, run once per given): that search must find the one solution
//! again before it can look for a second, and without hidden singles a 16×16 board is
//! slow to count at all. Singles alone, branching on the first blank with the fewest
//! candidates, still take several times the nodes on minimal 16×16 puzzles.
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
/// `banned` holds per cell the symbols it may not take although its units allow them: those
/// locked candidates ruled out (each ban also noted on `trail`, for the search to lift it),
/// and the one the minimality test takes away. `prefer` holds per cell the symbol a branch
/// there tries first (0: none; bit 0 is never a candidate).
struct Board {
    n: usize, // the side of a box: 2, 3 or 4
    all: u32, // the symbols 1..=N² as a mask: bit d stands for symbol d, bit 0 unused
    cells: [u8; 256],
    rows: [u32; 16],
    cols: [u32; 16],
    boxes: [u32; 16],
    banned: [u32; 256],
    trail: Vec<[usize; 2]>, // the bans locked candidates made, [cell, symbols], oldest first
    prefer: [u8; 256],
    // Per blank its candidates as the search's latest look at the board found them, read by
    // `locked` and `choose`, which run right after that look.
    cand: [u32; 256],
    // Worked out once in `solve`, since a division by `n` (not a constant) is slow: per cell
    // its row, column and box; its band and stack (the row and the column of boxes it lies
    // in); and its neighbours (see `neighbours`), cell after cell.
    unit_table: [[usize; 3]; 256],
    band_stack: [[usize; 2]; 256],
    near: Vec<usize>,
}

/// The row, the column and the box of cell `i` (boxes numbered row-major from 0), looked up
/// in the board's table.
#[inline(always)] // called for every blank of every look
fn units_of(board: &Board, i: usize) -> [usize; 3] {
    board.unit_table[i]
}

/// The three units of cell `i` as unit numbers: rows are 0..16, columns 16..32, boxes 32..48.
#[inline(always)] // called for every blank of every look
fn units(board: &Board, i: usize) -> [usize; 3] {
    let [r, c, b] = units_of(board, i);
    [r, 16 + c, 32 + b]
}

/// The neighbours of cell `i`, the other cells of its row, column and box, each once: the
/// rest of its row and column (2N² - 2), then the cells of its box in neither ((N - 1)²),
/// 3N² - 2N - 1 in all, looked up in the board's table.
fn neighbours(board: &Board, i: usize) -> &[usize] {
    let n = board.n;
    let count = 3 * n * n - 2 * n - 1;
    &board.near[i * count..(i + 1) * count]
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
#[inline(always)] // called for every blank of every look
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
#[inline(always)] // called for every blank of every look
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
/// `limit`, and keeps the first one; the board is left as it was. `counted` holds the places
/// of every unit as an earlier look counted them: the parent node's, or at the root counts
/// that say nothing yet.
fn search(
    board: &mut Board,
    blanks: &mut [usize],
    limit: usize,
    found: &mut Found,
    counted: &[Places; 48],
) {
    // What this node changes it changes back before it returns: the symbols it places (in
    // `blanks[..filled]`) and the bans it adds (on `board.trail` from `first_ban` on).
    let first_ban = board.trail.len();
    let mut filled = 0;
    // Places only fall as the search goes down, so counts from an earlier look are never
    // too low: a symbol they give one place in a unit has one place there at most, so a
    // hidden single they show is real (they may miss some, which a later look finds).
    let mut places = *counted;
    'look: while filled < blanks.len() {
        // Look at every open blank once: read its candidates afresh; place it when it has
        // one candidate, or a symbol with no other place in one of its units (a hidden
        // single); else count it in its row, column and box for the next look.
        let mut placed = false;
        let mut next = [Places {
            one: 0,
            two: 0,
            three: 0,
        }; 48];
        let first = filled; // `filled` grows in the loop; the loop's range does not
        for k in first..blanks.len() {
            let i = blanks[k];
            let cand = candidates(board, i);
            let [r, c, b] = units(board, i);
            // A symbol of this blank under two places in any of its units has only this one.
            let hidden = cand & !(places[r].two & places[c].two & places[b].two);
            let symbol = if hidden != 0 { hidden } else { cand };
            // `x & (x - 1)` clears the lowest bit of x: it is 0 when x has one bit at most.
            // (Cheaper than `count_ones`, which judges compile without a popcount instruction.)
            if symbol == 0 || hidden & hidden.wrapping_sub(1) != 0 {
                break 'look; // no symbol left here, or two that must both go here
            } else if symbol & (symbol - 1) == 0 {
                place(board, i, symbol.trailing_zeros() as u8);
                blanks.swap(k, filled);
                filled += 1;
                placed = true;
            } else {
                board.cand[i] = cand;
                add_place(&mut next[r], cand);
                add_place(&mut next[c], cand);
                add_place(&mut next[b], cand);
            }
        }
        // Counts taken while this look placed symbols may be too high (a blank counted
        // before a placement may have lost a candidate since), never too low. Without a
        // placement they are exact.
        places = next;
        // A symbol that a row, column or box still needs but that fits none of its blanks:
        // a dead end.
        let mut lost = 0;
        for k in 0..16 {
            lost |= !board.rows[k] & !places[k].one;
            lost |= !board.cols[k] & !places[16 + k].one;
            lost |= !board.boxes[k] & !places[32 + k].one;
        }
        if lost & board.all != 0 {
            break;
        }
        // Something placed, or a symbol with one place that the exact counts show: look
        // again.
        if placed || (0..48).any(|u| places[u].one & !places[u].two != 0) {
            continue;
        }
        // Nothing forced: ban what locked candidates rule out and look again; when they
        // rule out nothing, branch where `choose` says, each blank's preferred symbol first
        // (the minimality test prefers the solution's), then the others in order.
        let open = &blanks[filled..];
        if locked(board, open) {
            continue 'look;
        }
        let branch = choose(board, open, &places);
        for &i in branch.blanks.iter() {
            let mut digits = branch.digits & candidates(board, i);
            let preferred = digits & 1 << board.prefer[i]; // 0 when there is none
            while digits != 0 && found.count < limit {
                // `x & x.wrapping_neg()` keeps the lowest bit of x: the smallest symbol.
                let bit = if digits & preferred != 0 {
                    preferred
                } else {
                    digits & digits.wrapping_neg()
                };
                digits &= !bit; // take it off the list
                let d = bit.trailing_zeros() as u8;
                // Move blank `i` to the front of the open ones, so the deeper search gets
                // the rest as one slice.
                let at = blanks[filled..].iter().position(|&b| b == i).unwrap_or(0);
                blanks.swap(filled, filled + at);
                place(board, i, d);
                search(board, &mut blanks[filled + 1..], limit, found, &places);
                undo(board, i, d);
            }
        }
        break;
    }
    if filled == blanks.len() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
    }
    for &i in blanks[..filled].iter() {
        let d = board.cells[i];
        undo(board, i, d);
    }
    for [i, symbols] in board.trail.drain(first_ban..) {
        board.banned[i] &= !(symbols as u32);
    }
}

/// Where to branch when nothing is forced: when every blank has three candidates or more,
/// on a symbol with two places left in some unit; else on a blank with the fewest
/// candidates, and of those on the one that squeezes its neighbours most. Each neighbour
/// that shares a candidate with it weighs 4^(9 - k) for its own k candidates (k at most 9),
/// so one left with two counts as much as four with three. Whichever symbol the branch
/// writes, those neighbours lose a candidate, and the ones left with one are singles that
/// fill more of the board at once. (Taking the first such blank of `blanks` instead costs
/// the minimal 16×16 puzzles of the README twice the nodes in all, four times the worst.)
fn choose(board: &Board, blanks: &[usize], places: &[Places; 48]) -> Branch {
    // Each blank's count of candidates, and its weight as a neighbour; a filled cell weighs
    // 0, whatever `cand` still holds for it.
    let mut count = [0u32; 256];
    let mut weight = [0u32; 256];
    for &i in blanks.iter() {
        count[i] = board.cand[i].count_ones();
        weight[i] = 1 << (2 * (9 - count[i].min(9)));
    }
    let fewest = blanks.iter().map(|&i| count[i]).min().unwrap_or(0);
    let two_places = |u: usize| places[u].two & !places[u].three;
    let unit = (0..48).find(|&u| fewest > 2 && two_places(u) != 0);
    if let Some(u) = unit {
        let digit = two_places(u) & two_places(u).wrapping_neg(); // the smallest such symbol
        let fits = |i: &&usize| units(board, **i).contains(&u) && board.cand[**i] & digit != 0;
        return Branch {
            blanks: blanks.iter().filter(fits).cloned().collect(),
            digits: digit,
        };
    }
    let mut best = blanks[0];
    let mut best_score = 0;
    for &i in blanks.iter().filter(|&&i| count[i] == fewest) {
        let mut score = 1;
        for &j in neighbours(board, i).iter() {
            if board.cand[j] & board.cand[i] != 0 {
                score += weight[j];
            }
        }
        if score > best_score {
            best = i;
            best_score = score;
        }
    }
    Branch {
        blanks: vec![best],
        digits: board.all,
    }
}

/// Locked candidates where rows and columns cross the boxes. A symbol that fits a box in
/// one of its rows only must go in that row, so it cannot go in the rest of the row; a
/// symbol that fits a row in one of its boxes only must go in that box, so it cannot go in
/// the rest of the box; the same for columns. Bans such symbols from the blanks of
/// `blanks` that cannot take them; returns whether it banned any.
fn locked(board: &mut Board, blanks: &[usize]) -> bool {
    let n = board.n;
    // `parts[0][r][t]`: the symbols that fit a blank where row r crosses the t-th box along
    // it (the boxes of its band, left to right); `parts[1][c][t]` the same for column c
    // (the boxes of its stack, top to bottom).
    let mut parts = [[[0u32; 4]; 16]; 2];
    for &i in blanks.iter() {
        let [r, c, _] = units_of(board, i);
        let [band, stack] = board.band_stack[i];
        parts[0][r][stack] |= board.cand[i];
        parts[1][c][band] |= board.cand[i];
    }
    let none = Places {
        one: 0,
        two: 0,
        three: 0,
    };
    // `off[0][r][t]`, `off[1][c][t]`: the symbols to ban where that line crosses its t-th box.
    let mut off = [[[0u32; 4]; 16]; 2];
    for across in 0..2 {
        // Each group of n lines (the rows of a band, the columns of a stack) crosses the
        // same n boxes. Counted as `Places` count places in a unit: in how many of a box's
        // lines, or of a line's boxes, each symbol fits.
        let groups = parts[across].chunks(n).take(n);
        for (group, bans) in groups.zip(off[across].chunks_mut(n)) {
            for t in 0..n {
                let mut box_places = none; // box t of the group
                for line in group.iter() {
                    add_place(&mut box_places, line[t]);
                }
                for (line, line_bans) in group.iter().zip(bans.iter_mut()) {
                    let only_here = line[t] & !box_places.two; // in box t, in this line only
                    for (other, ban) in line_bans.iter_mut().enumerate().take(n) {
                        if other != t {
                            *ban |= only_here; // so not in the line's other boxes
                        }
                    }
                }
            }
            for (k, line) in group.iter().enumerate() {
                let mut line_places = none; // line k of the group
                for &part in line.iter().take(n) {
                    add_place(&mut line_places, part);
                }
                for (t, &part) in line.iter().enumerate().take(n) {
                    let only_here = part & !line_places.two; // in this line, in box t only
                    for (other, line_bans) in bans.iter_mut().enumerate() {
                        if other != k {
                            line_bans[t] |= only_here; // so not in the box's other lines
                        }
                    }
                }
            }
        }
    }
    // Something to ban where a blank still has it?
    let mut to_ban = false;
    for across in 0..2 {
        for (line, line_bans) in parts[across].iter().zip(off[across].iter()).take(n * n) {
            for (&part, &ban) in line.iter().zip(line_bans.iter()).take(n) {
                to_ban |= part & ban != 0;
            }
        }
    }
    if !to_ban {
        return false;
    }
    for &i in blanks.iter() {
        let [r, c, _] = units_of(board, i);
        let [band, stack] = board.band_stack[i];
        let ban = (off[0][r][stack] | off[1][c][band]) & board.cand[i];
        if ban != 0 {
            board.banned[i] |= ban;
            board.trail.push([i, ban as usize]);
        }
    }
    true
}

/// What the case's grid is: `Ok` with the solution of a minimal puzzle, else `Err` with the
/// line that says what it is instead (`No Solution`, `Multiple Solutions`, `Not Minimal`).
fn solve(case: &Case) -> Result<[u8; 256], &'static str> {
    let n = case.n;
    let side = n * n;
    let all: u32 = (2 << side) - 2;
    let mut board = Board {
        n,
        all,
        cells: [0; 256],
        rows: [all; 16],
        cols: [all; 16],
        boxes: [all; 16],
        banned: [0; 256],
        trail: Vec::new(),
        prefer: [0; 256],
        cand: [0; 256],
        unit_table: [[0; 3]; 256],
        band_stack: [[0; 2]; 256],
        near: Vec::with_capacity(3 * side * side * side), // room for every cell's neighbours
    };
    for i in 0..side * side {
        let (r, c) = (i / side, i % side);
        board.unit_table[i] = [r, c, r / n * n + c / n];
        board.band_stack[i] = [r / n, c / n];
        for k in 0..side {
            if k != c {
                board.near.push(r * side + k); // the rest of its row
            }
            if k != r {
                board.near.push(k * side + c); // and of its column
            }
        }
        for r2 in r / n * n..r / n * n + n {
            for c2 in c / n * n..c / n * n + n {
                if r2 != r && c2 != c {
                    board.near.push(r2 * side + c2); // its box's cells in neither
                }
            }
        }
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
    // The counts a root search starts from: every symbol as if it had three places or more
    // in every unit, so that none says "one place left" before the first look.
    let uncounted = [Places {
        one: !0,
        two: !0,
        three: !0,
    }; 48];
    search(&mut board, &mut blanks, 2, &mut found, &uncounted);
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
        found.count = 0;
        // Look in windows first: the blanks of k bands and k stacks, g's among them, every
        // other blank filled from `solution`, a much smaller search. A completion that
        // differs from `solution` in a few cells near g (two rows and two columns swapping
        // two symbols, say) turns up in the first window (k = 1); the windows a band and a
        // stack wider (k = 2) catch most of the others; the last is the whole board (k = n),
        // where finding none means g can go. (Windows of three bands and three stacks cost
        // more than they find.) A window is [bands, stacks], bit t set for band (stack) t.
        let [band, stack] = board.band_stack[g];
        let mut windows = Vec::new();
        let whole = n as u32; // the whole board: all n bands and stacks
        for k in (1..=whole).filter(|&k| k <= 2 || k == whole) {
            for bands in 0..1usize << n {
                for stacks in 0..1usize << n {
                    let sized = bands.count_ones() == k && stacks.count_ones() == k;
                    if sized && bands >> band & 1 == 1 && stacks >> stack & 1 == 1 {
                        windows.push([bands, stacks]);
                    }
                }
            }
        }
        for [bands, stacks] in windows {
            let inside = |i: &usize| {
                let [b, s] = board.band_stack[*i];
                bands >> b & 1 == 1 || stacks >> s & 1 == 1
            };
            let (mut open, far): (Vec<usize>, Vec<usize>) = blanks.iter().partition(|i| inside(i));
            open.push(g);
            for &i in far.iter() {
                place(&mut board, i, solution[i]);
            }
            search(&mut board, &mut open, 1, &mut found, &uncounted);
            for &i in far.iter() {
                undo(&mut board, i, solution[i]);
            }
            if found.count > 0 {
                break;
            }
        }
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
