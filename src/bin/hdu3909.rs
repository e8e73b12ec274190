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
//! On 16×16 boards the same search runs on bitboards (per symbol, the cells where it may
//! still go, as four 64-bit words of four rows each), so that a rule treats 64 cells at once.
//! Improves on: counting to two afresh for every given taken away (the `fewest-candidates`
//! pattern of `sudoku study`, run once per given): that search must find the one solution
//! again before it can look for a second, and without hidden singles a 16×16 board is
//! slow to count at all. Singles alone, branching on the first blank with the fewest
//! candidates, still take several times the nodes on minimal 16×16 puzzles.
//! Errors: one line on stderr naming case, line and column; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most

// The bitboards of 16×16 boards (see `Bitboards`): a band word holds four rows of 16 bits.
const ROW_LOW: u64 = 0x0001_0001_0001_0001; // bit 0 of each row
const ROW_HIGH: u64 = 0x8000_8000_8000_8000; // bit 15 of each row
const BOX_LOW: u64 = 0x1111_1111_1111_1111; // the first bit of each box's four in a row

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
        // Spaces and tabs at either end of a line are fine; columns count from its start.
        let lead = line.len() - line.trim_start_matches([' ', '\t']).len();
        let line = line
            .trim_start_matches([' ', '\t'])
            .trim_end_matches([' ', '\t', '\r']);
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
                    return Err(format!("{}, column {}: {}", at, lead + column + 1, why));
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
    // On 16×16 only (see `Bitboards`): per cell its neighbours as four band words.
    near_bits: [[u64; 4]; 256],
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
/// the minimal 16×16 puzzles of its folder's README twice the nodes in all, four times the worst.)
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

// ---------------------------------------------------------------- 16×16 on bitboards

// A 16×16 minimal puzzle costs about a hundred searches, so there the same search runs on
// bitboards, where a rule treats 64 cells in one step: per symbol, the cells where it may
// still go, as four u64 words, one per band of four rows (bit 16r + c of band k is row
// 4k + r, column c). A row of a band is then 16 bits, a box 4 bits of each of its 4 rows.
// The rules are `search`'s (naked and hidden singles, locked candidates) and reach the same
// fixpoint; the branch is `choose`'s, ties going to the lowest cell.

/// Bit 15 of each 16-bit row of `y` set when that row is not empty.
#[inline(always)] // a few instructions, in the inner loops
fn rows_nonzero(y: u64) -> u64 {
    // Adding 0x7FFF to a row's 15 low bits carries into bit 15 when one of them is set.
    (((y & !ROW_HIGH) + !ROW_HIGH) | y) & ROW_HIGH
}

/// The 16 low bits of `v` copied into all four rows of a band word.
#[inline(always)] // a few instructions, in the inner loops
fn to_rows(v: u64) -> u64 {
    let v = v | v << 16;
    v | v << 32
}

/// Flags at the first bit of a box's four (bit 4s of a row) spread to all four bits.
#[inline(always)] // a few instructions, in the inner loops
fn spread_boxes(f: u64) -> u64 {
    let f = f | f << 1;
    f | f << 2
}

/// The cells of unit `u` (rows 0..16, columns 16..32, boxes 32..48) as four band words.
fn unit_bits(u: usize) -> [u64; 4] {
    let mut bits = [0u64; 4];
    match u / 16 {
        0 => bits[u / 4] = 0xFFFF << (16 * (u % 4)),
        1 => bits = [ROW_LOW << (u - 16); 4],
        _ => bits[(u - 32) / 4] = 0x000F_000F_000F_000F << (4 * (u % 4)),
    }
    bits
}

/// A 16×16 search state: per symbol d (0..16, for symbols 1..=16) the cells where it may
/// still go (`fits[d]`) and the cells that hold it (`holds[d]`), each as four band words; the
/// blanks; and what changed since the rules last looked: bit 4d + k of `fresh` (symbol d in
/// band k: the singles look again there), bit d of `relock` (locked candidates look again).
#[derive(Clone, Copy)]
struct Bitboards {
    fits: [[u64; 4]; 16],
    holds: [[u64; 4]; 16],
    blank: [u64; 4],
    fresh: u64,
    relock: u32,
}

/// Writes symbol `d` (0..16) into blank `i`: its neighbours lose `d`, the cell every other
/// symbol; each symbol that lost a cell is marked fresh where it did.
#[inline(always)] // called for every single placed
fn place_bits(st: &mut Bitboards, board: &Board, i: usize, d: usize) {
    let (w, bit) = (i / 64, 1u64 << (i % 64));
    let near = &board.near_bits[i];
    let mut hit = 0u64; // bit k: d lost a cell in band k
    for (k, (fits, &near)) in st.fits[d].iter_mut().zip(near.iter()).enumerate() {
        hit |= ((*fits & near != 0) as u64) << k;
        *fits &= !near;
    }
    st.fresh |= hit << (4 * d);
    st.fits[d][w] &= !bit; // cell i moves from d's places to its cells: no news for d
    let mut had = 1u32 << d; // bit e: symbol e could go in cell i
    for e in 0..16 {
        had |= ((st.fits[e][w] >> (i % 64)) as u32 & 1) << e;
        st.fits[e][w] &= !bit;
    }
    st.relock |= had;
    // The other symbols that cell i could take changed in its band only: bit e of `had` moves
    // to bit 4e + w (each step doubles the gap between the bits).
    let x = (had & !(1 << d)) as u64;
    let x = (x | x << 24) & 0x0000_00FF_0000_00FF;
    let x = (x | x << 12) & 0x000F_000F_000F_000F;
    let x = (x | x << 6) & 0x0303_0303_0303_0303;
    let x = (x | x << 3) & 0x1111_1111_1111_1111;
    st.fresh |= x << w;
    st.holds[d][w] |= bit;
    st.blank[w] &= !bit;
}

/// The hidden singles of one symbol: `fits` its places, `both` those and the cells that hold
/// it; rows and boxes looked at in the bands of `bands` (bit k: band k), columns everywhere.
/// `None` when a row, column or box has neither a place nor a cell of it: a dead end.
#[inline(always)] // called for every changed symbol of every look
fn hidden_singles(fits: &[u64; 4], both: &[u64; 4], bands: u64) -> Option<[u64; 4]> {
    let mut singles = [0u64; 4];
    // Columns: in how many of the 16 rows each column has it, counted to two (the bands'
    // words folded into one, then its four rows into the low 16 bits).
    let (mut one, mut two) = (both[0], 0u64);
    for &y in both[1..].iter() {
        two |= one & y;
        one |= y;
    }
    two = two | two >> 32 | (one & one >> 32);
    one |= one >> 32;
    two = two | two >> 16 | (one & one >> 16);
    one |= one >> 16;
    if one & 0xFFFF != 0xFFFF {
        return None;
    }
    let columns = to_rows(one & !two & 0xFFFF);
    for k in 0..4 {
        if bands >> k & 1 == 0 {
            singles[k] = fits[k] & columns;
            continue;
        }
        let y = both[k];
        // Rows: a row holds one bit when clearing its lowest bit leaves it empty (the
        // subtraction runs row by row: bit 15 is set first so no borrow crosses a row).
        let lowest_cleared = ((y | ROW_HIGH).wrapping_sub(ROW_LOW)) ^ (!y & ROW_HIGH);
        let crowded = rows_nonzero(y & lowest_cleared);
        let nonempty = rows_nonzero(y);
        if nonempty != ROW_HIGH {
            return None;
        }
        let alone = nonempty & !crowded;
        let rows = (alone - (alone >> 15)) | alone; // bit 15 of a row spread to its 16 bits

        // Boxes: fold the four rows into one, counting to two, then each box's four bits.
        let a = y | y >> 32;
        let t = y & y >> 32;
        let one = a | a >> 16;
        let two = t | t >> 16 | (a & a >> 16);
        let two = two | two >> 1 | (one & one >> 1);
        let one = one | one >> 1;
        let two = two | two >> 2 | (one & one >> 2);
        let one = one | one >> 2;
        if one & 0x1111 != 0x1111 {
            return None;
        }
        let boxes = to_rows(spread_boxes(one & !two & 0x1111));
        singles[k] = fits[k] & (rows | columns | boxes);
    }
    Some(singles)
}

/// `locked` for one symbol, whose places are `fits`: the cells to ban it from.
fn locked_bits(fits: &[u64; 4]) -> [u64; 4] {
    let mut ban = [0u64; 4];
    let mut columns = [0u64; 4]; // per band, the columns (16 bits) where it fits
    for b in 0..4 {
        let y = fits[b];
        // f has bit 16r + 4s when row r of the band meets it in box s.
        let f = (y | y >> 1 | y >> 2 | y >> 3) & BOX_LOW;
        // A box that has it in one row only: the rest of that row loses it.
        let one = f | f >> 32;
        let two = f & f >> 32;
        let two = two | two >> 16 | (one & one >> 16);
        let one = one | one >> 16;
        let pointed = f & to_rows(one & !two & 0x1111);
        let mut band_ban = 0u64;
        for s in 0..4 {
            let rows = (pointed >> (4 * s)) & ROW_LOW;
            band_ban |= rows.wrapping_mul(0xFFFF) & !(0x000F_000F_000F_000Fu64 << (4 * s));
        }
        // A row that has it in one box only: that box's other rows lose it.
        let one = f | f >> 8;
        let two = f & f >> 8;
        let two = two | two >> 4 | (one & one >> 4);
        let one = one | one >> 4;
        let claimed = f & ((one & !two & ROW_LOW).wrapping_mul(0x1111));
        let one = claimed | claimed >> 32;
        let two = claimed & claimed >> 32;
        let two = two | two >> 16 | (one & one >> 16);
        let one = one | one >> 16;
        let flags = (to_rows(one & 0xFFFF) & !claimed) | to_rows(two & 0xFFFF);
        band_ban |= flags.wrapping_mul(0xF);
        ban[b] = band_ban;
        columns[b] = (y | y >> 16 | y >> 32 | y >> 48) & 0xFFFF;
    }
    // The same across the bands, for columns. A box (band b, stack s) that has it in one
    // column only: the column's other bands lose it.
    let mut pointed = [0u64; 4];
    for b in 0..4 {
        let v = columns[b];
        let one = v | v >> 2;
        let two = v & v >> 2;
        let two = two | two >> 1 | (one & one >> 1);
        let one = one | one >> 1;
        pointed[b] = v & spread_boxes(one & !two & 0x1111);
    }
    let (mut one, mut two) = (columns[0], 0u64);
    for &v in columns[1..].iter() {
        two |= one & v;
        one |= v;
    }
    let only = one & !two; // the columns that have it in one band only
    for b in 0..4 {
        let mut band_ban = 0u64;
        for (o, &p) in pointed.iter().enumerate() {
            if o != b {
                band_ban |= p; // pointed out in band o: not in band b
            }
        }
        // A column that has it in band b only: the box there keeps it to that column.
        let q = columns[b] & only;
        let one = q | q >> 2;
        let two = q & q >> 2;
        let two = two | two >> 1 | (one & one >> 1);
        let one = one | one >> 1;
        band_ban |= (spread_boxes(one & 0x1111) & !q) | spread_boxes(two & 0x1111);
        ban[b] = (ban[b] | to_rows(band_ban)) & fits[b];
    }
    ban
}

/// `search` on bitboards, from `st`: counts into `found` the completions, stopping at
/// `limit`, and keeps the first one. Each node gets its own copy of the state (1 KiB), so
/// there is nothing to undo.
fn search_bits(board: &Board, mut st: Bitboards, limit: usize, found: &mut Found) {
    loop {
        if st.blank == [0; 4] {
            if found.count == 0 {
                for d in 0..16 {
                    for k in 0..4 {
                        let mut x = st.holds[d][k];
                        while x != 0 {
                            found.first[64 * k + x.trailing_zeros() as usize] = d as u8 + 1;
                            x &= x - 1;
                        }
                    }
                }
            }
            found.count += 1;
            return;
        }
        // Naked singles: the blanks with one place, counted to two across the symbols; a
        // blank with none is a dead end.
        let mut naked = [0u64; 4];
        for (k, naked) in naked.iter_mut().enumerate() {
            let (mut one, mut two) = (0u64, 0u64);
            for fits in st.fits.iter() {
                two |= one & fits[k];
                one |= fits[k];
            }
            if st.blank[k] & !one != 0 {
                return;
            }
            *naked = one & !two;
        }
        // Hidden singles, of the symbols changed since the last look (of all of them when
        // some blank has one place left); then every single found is placed at once.
        let mut singles = [[0u64; 4]; 16];
        let mut found_any = 0u32; // bit d: symbol d has a single
        let fresh = st.fresh;
        st.fresh = 0;
        let mut look = 0u32;
        for d in 0..16 {
            look |= ((fresh >> (4 * d) & 0xF != 0) as u32) << d;
        }
        if naked != [0; 4] {
            look = 0xFFFF;
        }
        while look != 0 {
            let d = look.trailing_zeros() as usize;
            look &= look - 1;
            let fits = &st.fits[d];
            let mut s = [0u64; 4];
            for k in 0..4 {
                s[k] = fits[k] & naked[k];
            }
            let bands = fresh >> (4 * d) & 0xF;
            if bands != 0 {
                let mut both = st.holds[d];
                for k in 0..4 {
                    both[k] |= fits[k];
                }
                match hidden_singles(fits, &both, bands) {
                    None => return,
                    Some(hidden) => {
                        for k in 0..4 {
                            s[k] |= hidden[k];
                        }
                    }
                }
            }
            // (ORed word by word: comparing the array would read it back in 16-byte loads
            // right after the 8-byte stores, which the processor cannot forward: a stall.)
            if s[0] | s[1] | s[2] | s[3] != 0 {
                found_any |= 1 << d;
            }
            singles[d] = s;
        }
        if found_any != 0 {
            while found_any != 0 {
                let d = found_any.trailing_zeros() as usize;
                found_any &= found_any - 1;
                for (k, &single) in singles[d].iter().enumerate() {
                    let mut x = single;
                    while x != 0 {
                        let b = x.trailing_zeros() as usize;
                        x &= x - 1;
                        if st.fits[d][k] >> b & 1 == 0 {
                            return; // an earlier single took this place: both cannot stand
                        }
                        place_bits(&mut st, board, 64 * k + b, d);
                    }
                }
            }
            continue;
        }
        // Nothing forced: locked candidates, for the symbols changed since they last looked
        // (a symbol's bans depend on its own places only); then branch.
        let mut banned = false;
        let mut relock = st.relock;
        st.relock = 0;
        while relock != 0 {
            let d = relock.trailing_zeros() as usize;
            relock &= relock - 1;
            let ban = locked_bits(&st.fits[d]);
            if ban != [0; 4] {
                for (k, &ban) in ban.iter().enumerate() {
                    st.fits[d][k] &= !ban;
                    st.fresh |= ((ban != 0) as u64) << (4 * d + k);
                }
                st.relock |= 1 << d;
                banned = true;
            }
        }
        if banned {
            continue;
        }
        branch_bits(board, &st, limit, found);
        return;
    }
}

/// `choose` on bitboards, and the branch it chooses.
fn branch_bits(board: &Board, st: &Bitboards, limit: usize, found: &mut Found) {
    // Each blank's count of places, bit-sliced: bit j of `count[k][p]` is bit p of the count
    // of cell 64k + j, added up one symbol at a time (a count of 16 reads as bit 4 alone).
    let mut count = [[0u64; 5]; 4];
    for (k, planes) in count.iter_mut().enumerate() {
        for fits in st.fits.iter() {
            let mut carry = fits[k];
            for plane in planes.iter_mut().take(4) {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
            planes[4] |= carry;
        }
    }
    // The blanks of band k with n places.
    let with = |n: usize, k: usize| -> u64 {
        let mut m = st.blank[k];
        for (p, &plane) in count[k].iter().enumerate() {
            m &= if n >> p & 1 != 0 { plane } else { !plane };
        }
        m
    };
    let fewest = (1..=16)
        .find(|&n| (0..4).any(|k| with(n, k) != 0))
        .unwrap_or(16);
    if fewest > 2 {
        // A symbol with two places in a unit: rows, then columns, then boxes.
        for u in 0..48 {
            let unit = unit_bits(u);
            for d in 0..16 {
                let mut here = st.fits[d]; // its places in the unit
                for (here, &unit) in here.iter_mut().zip(unit.iter()) {
                    *here &= unit;
                }
                if here.iter().map(|x| x.count_ones()).sum::<u32>() != 2 {
                    continue;
                }
                for (k, &x) in here.iter().enumerate() {
                    let mut x = x;
                    while x != 0 && found.count < limit {
                        let i = 64 * k + x.trailing_zeros() as usize;
                        x &= x - 1;
                        let mut next = *st;
                        place_bits(&mut next, board, i, d);
                        search_bits(board, next, limit, found);
                    }
                }
                return;
            }
        }
    }
    // Each blank's weight as a neighbour: 4^(9 - k) for its k places (k at most 9; 16 bits
    // hold 4^7, and keep the frame of this recursion small).
    let mut weight = [0u16; 256];
    for k in 0..4 {
        let mut rest = st.blank[k]; // those with 9 or more weigh 1
        for n in 2..=8 {
            let mut x = with(n, k);
            rest &= !x;
            while x != 0 {
                weight[64 * k + x.trailing_zeros() as usize] = 1 << (2 * (9 - n));
                x &= x - 1;
            }
        }
        while rest != 0 {
            weight[64 * k + rest.trailing_zeros() as usize] = 1;
            rest &= rest - 1;
        }
    }
    // Of the blanks with the fewest places, the one that squeezes its neighbours most: each
    // neighbour that shares a symbol with it adds its weight.
    let mut best = 256;
    let mut best_score = 0;
    for k in 0..4 {
        let mut tied = with(fewest, k);
        while tied != 0 {
            let b = tied.trailing_zeros() as usize;
            tied &= tied - 1;
            let i = 64 * k + b;
            let mut near = [0u64; 4]; // the places of its symbols
            for fits in st.fits.iter().filter(|fits| fits[k] >> b & 1 != 0) {
                for (near, &fits) in near.iter_mut().zip(fits.iter()) {
                    *near |= fits;
                }
            }
            let mut score = 1;
            for w in 0..4 {
                let mut x = near[w] & board.near_bits[i][w];
                while x != 0 {
                    score += u32::from(weight[64 * w + x.trailing_zeros() as usize]);
                    x &= x - 1;
                }
            }
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
    }
    let (k, bit) = (best / 64, 1u64 << (best % 64));
    let mut digits = 0u32; // bit d: symbol d + 1
    for d in 0..16 {
        if st.fits[d][k] & bit != 0 {
            digits |= 1 << d;
        }
    }
    let preferred = digits & (1u32 << board.prefer[best]) >> 1; // 0 when there is none
    while digits != 0 && found.count < limit {
        let b = if digits & preferred != 0 {
            preferred
        } else {
            digits & digits.wrapping_neg()
        };
        digits &= !b;
        let mut next = *st;
        place_bits(&mut next, board, best, b.trailing_zeros() as usize);
        search_bits(board, next, limit, found);
    }
}

/// The bitboards of `board` (a 16×16 board) with `blanks` to fill: the other cells as they
/// stand, each blank's banned symbols taken away.
fn start_bits(board: &Board, blanks: &[usize]) -> Bitboards {
    let mut open = [0u64; 4];
    for &i in blanks.iter() {
        open[i / 64] |= 1 << (i % 64);
    }
    let mut st = Bitboards {
        fits: [open; 16],
        holds: [[0; 4]; 16],
        blank: open,
        fresh: !0,
        relock: 0xFFFF,
    };
    for i in 0..256 {
        let (k, bit) = (i / 64, 1u64 << (i % 64));
        if open[k] & bit == 0 {
            let d = board.cells[i] as usize - 1;
            st.holds[d][k] |= bit;
            for w in 0..4 {
                st.fits[d][w] &= !board.near_bits[i][w];
            }
        } else {
            for d in 0..16 {
                if board.banned[i] >> (d + 1) & 1 != 0 {
                    st.fits[d][k] &= !bit;
                }
            }
        }
    }
    st
}

/// Counts into `found` the completions that fill `blanks`, stopping at `limit`, and keeps
/// the first one: with `search`, or on 16×16 with `search_bits`.
fn complete(board: &mut Board, blanks: &mut [usize], limit: usize, found: &mut Found) {
    if board.n == 4 {
        let start = start_bits(board, blanks);
        search_bits(board, start, limit, found);
        return;
    }
    // The counts a root search starts from: every symbol as if it had three places or more
    // in every unit, so that none says "one place left" before the first look.
    let uncounted = [Places {
        one: !0,
        two: !0,
        three: !0,
    }; 48];
    search(board, blanks, limit, found, &uncounted);
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
        near_bits: [[0; 4]; 256],
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
    if n == 4 {
        for i in 0..256 {
            let near = neighbours(&board, i).iter();
            let bits = near.fold([0u64; 4], |mut bits, &j| {
                bits[j / 64] |= 1 << (j % 64);
                bits
            });
            board.near_bits[i] = bits;
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
    complete(&mut board, &mut blanks, 2, &mut found);
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
            complete(&mut board, &mut open, 1, &mut found);
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
