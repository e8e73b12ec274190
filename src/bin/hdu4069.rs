//! Problem: HDU 4069 "Squiggly Sudoku" (http://acm.hdu.edu.cn/showproblem.php?pid=4069): a
//! jigsaw Sudoku, whose nine boxes are irregular regions of nine cells drawn by walls.
//! Input: a count T (1-2500), then T cases of 9 lines of 9 numbers 0-255. Each number is a
//! cell: its digit (0 = blank, 1-9 a given) plus the walls on its sides, 16 up, 32 right,
//! 64 down, 128 left. The regions are the cells that walls do not separate.
//! Output: per case a line `Case i:` (from 1), then the solution as 9 lines of 9 digits when
//! it is unique, else the line `No solution` or `Multiple Solutions`.
//! Answer: the unique solution, so the search counts completions up to two (givens that
//! repeat a digit in a unit have none: `No solution`).
//! Method: the regions by a flood fill through the sides without walls; then a blank-list
//! backtracker with used-digit masks per row, column and region (the regions are the
//! boxes): each node places every single (a blank's only candidate, a digit's only place in
//! a unit) and looks again; when there is none, it bans what locked candidates rule out
//! where a region meets a row or column (`locked`) and looks again; then it branches on the
//! blank with the fewest candidates, or, when every blank has three or more, on a digit's
//! two places in a unit (`choose`, as in `hdu3909.rs`); digits in ascending order. A board
//! whose search passes `MOST` nodes (a near-empty board on a hard layout, where one early
//! choice can lead into a dead subtree too big to walk) is counted again by patterns: each
//! digit's nine cells, one per row, column and region, listed (`patterns`) and fitted
//! together by exact cover on the cell with the fewest patterns through it (`cover`); the
//! digits no given names are interchangeable, so with two of them one cover means several.
//! Improves on: the `fewest-candidates` pattern of `sudoku study`, which knows only 3x3
//! boxes and has no hidden singles.
//! Errors: one line on stderr naming case, line and column, or the cells of a bad wall: a
//! number out of range, a wall between two cells that only one of them has, walls that do
//! not outline nine regions of nine cells; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most
const ALL: u16 = 0x3fe; // the digits 1..=9 as a mask: bit d stands for digit d, bit 0 unused
const MOST: u64 = 500; // nodes of the cell search at most; past that the pattern cover answers

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

/// One case: the cells row-major (0 = blank), and the region (0..9) of each cell.
struct Case {
    cells: [u8; 81],
    regions: [usize; 81],
}

/// The region of each cell, from the walls of the cells (each cell's number less its digit:
/// 16 up, 32 right, 64 down, 128 left). Regions are numbered 0..9 in the order their first
/// cells come, row-major. An error names the cells of a wall that only one of its two cells
/// has, or the first cell of a region that has not nine cells. The grid's edge is a wall
/// whether its cells write it or not.
fn regions(walls: &[u8; 81]) -> Result<[usize; 81], String> {
    let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
    // A wall between two neighbours is written on both: a right wall (32) as the next
    // cell's left wall (128), a wall below (64) as the lower cell's wall above (16).
    for i in 0..81 {
        let right = i % 9 < 8 && (walls[i] & 32 != 0) != (walls[i + 1] & 128 != 0);
        let below = i < 72 && (walls[i] & 64 != 0) != (walls[i + 9] & 16 != 0);
        if right || below {
            let j = if right { i + 1 } else { i + 9 };
            let (a, b) = (name(i), name(j));
            return Err(format!(
                "a wall between {} and {} that only one of them has",
                a, b
            ));
        }
    }
    // Flood fill: a cell in no region yet starts the next one, which grows through every
    // side without a wall.
    let unset = usize::MAX;
    let mut region = [unset; 81];
    let mut next = 0; // the number of the next region
    for start in 0..81 {
        if region[start] != unset {
            continue;
        }
        region[start] = next;
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            let mut open = Vec::new(); // the neighbours no wall separates from cell i
            if i >= 9 && walls[i] & 16 == 0 {
                open.push(i - 9);
            }
            if i % 9 < 8 && walls[i] & 32 == 0 {
                open.push(i + 1);
            }
            if i < 72 && walls[i] & 64 == 0 {
                open.push(i + 9);
            }
            if i % 9 > 0 && walls[i] & 128 == 0 {
                open.push(i - 1);
            }
            for j in open {
                if region[j] == unset {
                    region[j] = next;
                    stack.push(j);
                }
            }
        }
        if size != 9 {
            let why = format!("the region of {} has {} cells", name(start), size);
            return Err(format!("{}, expected 9", why));
        }
        next += 1; // nine regions of nine cells each fill the 81 cells: `next` ends at 9
    }
    Ok(region)
}

/// Reads the count T and the T cases: 9 lines of 9 numbers each, a number being a digit 0-9
/// plus any of the walls 16, 32, 64 and 128. Blank lines between rows and cases are
/// skipped; after the T cases only they may follow. An error names case, line and column.
fn parse(text: &str) -> Result<Vec<Case>, String> {
    let mut lines = text
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line)) // a last line's lone CR
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let (line_index, first) = match lines.next() {
        Some(found) => found,
        None => return Err("empty input: expected the number of cases".to_string()),
    };
    // A count is digits only: `+1` is no count.
    let digits = first.trim().bytes().all(|b| b.is_ascii_digit());
    let count: usize = match first.trim().parse() {
        Ok(count) if digits => count,
        _ => {
            let why = format!("{} is not a number of cases", shown(first.trim()));
            return Err(format!("line {}: {}", line_index + 1, why));
        }
    };
    let mut cases = Vec::new();
    let mut cells = [0u8; 81];
    let mut walls = [0u8; 81];
    let mut filled = 0; // cells of the case being read
    for (line_index, line) in lines {
        let at = format!("case {}, line {}", cases.len() + 1, line_index + 1);
        if cases.len() == count {
            return Err(format!("{}: text after the {} cases", at, count));
        }
        let mut numbers = 0; // on this line
        let mut column = 1; // of `word`: every separator is one character
        for word in line.split(char::is_whitespace) {
            let word_at = format!("{}, column {}", at, column);
            column += word.chars().count() + 1;
            if word.is_empty() {
                continue; // two separators in a row
            }
            let value: u8 = match word.parse() {
                Ok(value) if value % 16 <= 9 && !word.starts_with('+') => value,
                _ => {
                    let why = format!("{} is not a digit 0-9 plus walls", shown(word));
                    return Err(format!("{}: {} (16, 32, 64, 128)", word_at, why));
                }
            };
            if numbers < 9 {
                cells[filled + numbers] = value % 16;
                walls[filled + numbers] = value - value % 16;
            }
            numbers += 1;
        }
        if numbers != 9 {
            return Err(format!("{}: {} numbers, expected 9", at, numbers));
        }
        filled += 9;
        if filled == 81 {
            let number = cases.len() + 1;
            let regions = regions(&walls).map_err(|e| format!("case {}: {}", number, e))?;
            cases.push(Case { cells, regions });
            filled = 0;
        }
    }
    if cases.len() < count {
        let why = format!("the input ends after {} rows", filled / 9);
        return Err(format!("case {} of {}: {}", cases.len() + 1, count, why));
    }
    Ok(cases)
}

// ---------------------------------------------------------------- the board and its units

/// The board: the cells row-major (0 = blank), and per row, column and box a mask of the
/// digits USED there (bit d set: digit d stands somewhere in that row, column or box). The
/// boxes are the case's nine regions; `regions` holds the region of each cell. `banned` holds
/// per blank the digits that locked candidates took off it, which the masks do not show.
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    regions: [usize; 81],
    banned: [u16; 81],
}

/// The box of cell `i`: its region.
fn box_of(board: &Board, i: usize) -> usize {
    board.regions[i]
}

/// The three units of cell `i` as unit numbers: rows are 0..9, columns 9..18, boxes 18..27.
fn units(board: &Board, i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + box_of(board, i)]
}

// ---------------------------------------------------------------- place and undo

/// Writes digit `d` into blank `i` and marks it used in the cell's row, column and box.
fn place(board: &mut Board, i: usize, d: u8) {
    let b = box_of(board, i);
    board.cells[i] = d;
    board.rows[i / 9] ^= 1 << d;
    board.cols[i % 9] ^= 1 << d;
    board.boxes[b] ^= 1 << d;
}

/// Takes digit `d` back out of cell `i`: the same XOR lines as `place`, which undo it.
fn undo(board: &mut Board, i: usize, d: u8) {
    let b = box_of(board, i);
    board.cells[i] = 0;
    board.rows[i / 9] ^= 1 << d;
    board.cols[i % 9] ^= 1 << d;
    board.boxes[b] ^= 1 << d;
}

/// The digits blank `i` can still take: those its row, column and box do not use, less those
/// locked candidates banned.
fn candidates(board: &Board, i: usize) -> u16 {
    let used = board.rows[i / 9] | board.cols[i % 9] | board.boxes[box_of(board, i)];
    ALL & !(used | board.banned[i])
}

// ---------------------------------------------------------------- search

/// How many places each digit has left in one unit, counted up to three, for all nine
/// digits at once: bit d of `one` is set when digit d fits at least one blank of the unit,
/// of `two` at least two, of `three` at least three. So `one & !two` are the digits with
/// exactly one place (hidden singles), `two & !three` those with exactly two.
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

/// What a search found: the number of completions, counted up to its limit, the first one,
/// and the nodes the cell search has visited (it gives up past `MOST`).
struct Found {
    count: u64,
    first: [u8; 81],
    nodes: u64,
}

/// Where a search node branches: each of `blanks` in turn, with each digit of `digits`.
struct Branch {
    blanks: Vec<usize>,
    digits: u16,
}

/// Counts into `found` the completions that fill `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one. Stops early, leaving the count short, once it has
/// visited `MOST` nodes.
fn search(board: &mut Board, blanks: &mut [usize], limit: u64, found: &mut Found) {
    found.nodes += 1;
    let banned = board.banned; // the bans this node adds are lifted before it returns
                               // `blanks[..filled]`: the singles this node placed, undone before it returns.
    let mut filled = 0;
    'look: while filled < blanks.len() {
        // Look at every open blank once: find the one with the fewest candidates (ties: the
        // first), and count in every row, column and box how many places each digit has left.
        let mut fewest = blanks[filled];
        let mut fewest_count = 10;
        let mut places = [Places {
            one: 0,
            two: 0,
            three: 0,
        }; 27];
        // The digits that fit some blank where region k meets row r (`in_row[k][r]`) or
        // column c (`in_col[k][c]`), for the locked candidates below.
        let mut in_row = [[0u16; 9]; 9];
        let mut in_col = [[0u16; 9]; 9];
        for &i in blanks[filled..].iter() {
            let cand = candidates(board, i);
            if cand.count_ones() < fewest_count {
                fewest = i;
                fewest_count = cand.count_ones();
            }
            for &u in units(board, i).iter() {
                add_place(&mut places[u], cand);
            }
            in_row[box_of(board, i)][i / 9] |= cand;
            in_col[box_of(board, i)][i % 9] |= cand;
        }
        // A digit that a row, column or box still needs but that fits none of its blanks.
        let mut lost = 0;
        for k in 0..9 {
            lost |= !board.rows[k] & !places[k].one;
            lost |= !board.cols[k] & !places[9 + k].one;
            lost |= !board.boxes[k] & !places[18 + k].one;
        }
        // Or a blank without candidates: either way a dead end.
        if fewest_count == 0 || lost & ALL != 0 {
            break;
        }
        // No single anywhere: ban what locked candidates rule out and look again; when they
        // rule out nothing, branch where `choose` says, digits in ascending order. (Every
        // branch is searched unless two completions turn up, so no digit order pays here:
        // a unique puzzle and one without completion walk the whole tree either way.)
        if fewest_count > 1 && (0..27).all(|u| places[u].one & !places[u].two == 0) {
            if locked(board, &in_row, 0) || locked(board, &in_col, 1) {
                continue 'look;
            }
            let open = &blanks[filled..];
            let branch = choose(board, open, &places, fewest, fewest_count);
            for &i in branch.blanks.iter() {
                let mut digits = branch.digits & candidates(board, i);
                while digits != 0 && found.count < limit && found.nodes <= MOST {
                    // `x & x.wrapping_neg()` keeps the lowest bit of x: the smallest digit.
                    let bit = digits & digits.wrapping_neg();
                    digits &= !bit; // take it off the list
                    let d = bit.trailing_zeros() as u8;
                    // Move blank `i` to the front of the open ones, so the deeper search
                    // gets the rest as one slice.
                    let at = blanks[filled..].iter().position(|&b| b == i).unwrap_or(0);
                    blanks.swap(filled, filled + at);
                    place(board, i, d);
                    search(board, &mut blanks[filled + 1..], limit, found);
                    undo(board, i, d);
                }
            }
            break;
        }
        // Else place every single this look found: a blank's only candidate, or a digit
        // with one place left in one of the blank's units (a hidden single).
        let first = filled; // `filled` grows in the loop; the loop's range does not
        for n in first..blanks.len() {
            let i = blanks[n];
            let cand = candidates(board, i);
            let mut hidden = 0;
            for &u in units(board, i).iter() {
                // A digit of this blank with under two places in a unit has only this one.
                hidden |= cand & !places[u].two;
            }
            let digit = if hidden != 0 { hidden } else { cand };
            // `x & (x - 1)` clears the lowest bit of x: it is 0 when x has one bit at most.
            // (Cheaper than `count_ones`, which judges compile without a popcount instruction.)
            if digit == 0 || hidden & hidden.wrapping_sub(1) != 0 {
                break 'look; // no digit left here, or two that must both go here
            } else if digit & (digit - 1) == 0 {
                place(board, i, digit.trailing_zeros() as u8);
                blanks.swap(n, filled);
                filled += 1;
            }
        }
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
    board.banned = banned;
}

/// Where to branch when nothing is forced: when every blank has three candidates or more,
/// on a digit with two places left in some unit (two branches, each filling a digit many
/// blanks were waiting on: a third less work on the hardest puzzles), else on the blank
/// with the fewest candidates.
fn choose(
    board: &Board,
    blanks: &[usize],
    places: &[Places; 27],
    fewest: usize,
    choices: u32,
) -> Branch {
    let two_places = |u: usize| places[u].two & !places[u].three;
    let unit = (0..27).find(|&u| choices > 2 && two_places(u) != 0);
    match unit {
        Some(u) => {
            let digit = two_places(u) & two_places(u).wrapping_neg(); // the smallest such digit
            let fits =
                |i: &&usize| units(board, **i).contains(&u) && candidates(board, **i) & digit != 0;
            Branch {
                blanks: blanks.iter().filter(fits).cloned().collect(),
                digits: digit,
            }
        }
        None => Branch {
            blanks: vec![fewest],
            digits: ALL,
        },
    }
}

/// Locked candidates where the regions meet the rows (`across` 0: `slices[k][r]` holds the
/// digits that fit a blank where region k meets row r) or the columns (`across` 1, the same
/// by column). A digit that fits region k in one line only stands in that line, so it
/// cannot go in the rest of the line; a digit that fits a line in one region only stands in
/// that region, so it cannot go in the rest of the region. Bans such digits from the
/// blanks they cannot take; returns whether it banned any.
fn locked(board: &mut Board, slices: &[[u16; 9]; 9], across: usize) -> bool {
    let none = Places {
        one: 0,
        two: 0,
        three: 0,
    };
    // Per region the digits that fit it in one line only; per line those that fit it in
    // one region only (counted as `Places` count places in a unit).
    let mut one_line = [0u16; 9];
    let mut one_region = [0u16; 9];
    for k in 0..9 {
        let mut lines = none;
        let mut regions = none;
        for (r, slice) in slices.iter().enumerate() {
            add_place(&mut lines, slices[k][r]); // region k where it meets line r
            add_place(&mut regions, slice[k]); // line k where it meets region r
        }
        one_line[k] = lines.one & !lines.two;
        one_region[k] = regions.one & !regions.two;
    }
    let mut banned_any = false;
    for i in 0..81 {
        if board.cells[i] != 0 {
            continue;
        }
        let k = box_of(board, i);
        let r = if across == 0 { i / 9 } else { i % 9 };
        let mut ban = 0;
        for other in 0..9 {
            if other != k {
                ban |= slices[other][r] & one_line[other]; // another region's, in line r
            }
            if other != r {
                ban |= slices[k][other] & one_region[other]; // region k's, in another line
            }
        }
        ban &= candidates(board, i);
        if ban != 0 {
            board.banned[i] |= ban;
            banned_any = true;
        }
    }
    banned_any
}

/// Adds to `out` every pattern of one digit: a set of nine cells (bit i for cell i), one in
/// each row, column and region, all of them among `allowed`. Row by row from row `r`, with
/// the columns and regions the cells chosen so far (`cells`) take.
fn patterns(
    board: &Board,
    allowed: u128,
    r: usize,
    cols: u16,
    regions: u16,
    cells: u128,
    out: &mut Vec<u128>,
) {
    if r == 9 {
        out.push(cells);
        return;
    }
    for c in 0..9 {
        let i = r * 9 + c;
        let k = box_of(board, i);
        if allowed & 1 << i != 0 && cols & 1 << c == 0 && regions & 1 << k == 0 {
            let (cols, regions) = (cols | 1 << c, regions | 1 << k);
            patterns(board, allowed, r + 1, cols, regions, cells | 1 << i, out);
        }
    }
}

/// Counts into `found` the ways to cover the cells left (those not in `covered`) with one
/// pattern per digit, up to `limit`: Knuth's exact cover, on the cell with the fewest
/// patterns through it. `choices[d]` holds digit d's patterns that are still possible, and
/// `choices[0]` the shared ones of the digits no given names (`fresh`, in order; they take
/// their labels as their patterns are chosen, so each cover is counted once however its
/// fresh digits are named); `chosen[d]` the pattern chosen for digit d.
fn cover(
    choices: &[Vec<u128>; 10],
    covered: u128,
    fresh: &[u8],
    chosen: &mut [u128; 10],
    limit: u64,
    found: &mut Found,
) {
    let grid: u128 = (1 << 81) - 1;
    if covered == grid {
        if found.count == 0 {
            for (d, &pattern) in chosen.iter().enumerate() {
                for i in (0..81).filter(|&i| pattern & 1 << i != 0) {
                    found.first[i] = d as u8; // chosen[0] is empty: every digit has its own
                }
            }
        }
        found.count += 1;
        return;
    }
    // How many patterns pass through each cell; then the open cell with the fewest.
    let mut through = [0u32; 81];
    for &pattern in choices.iter().flatten() {
        let mut cells = pattern;
        while cells != 0 {
            through[cells.trailing_zeros() as usize] += 1;
            cells &= cells - 1; // the next cell of the pattern
        }
    }
    let open = (0..81).filter(|&i| covered & 1 << i == 0);
    let cell = match open.min_by_key(|&i| through[i]) {
        Some(cell) => cell,
        None => return,
    };
    for (label, list) in choices.iter().enumerate() {
        for &pattern in list.iter().filter(|&&p| p & 1 << cell != 0) {
            if found.count >= limit {
                return;
            }
            // The digit this pattern is for, and the fresh digits left after it.
            let (d, rest) = if label == 0 {
                (fresh[0] as usize, &fresh[1..])
            } else {
                (label, fresh)
            };
            // What stays possible: the patterns that share no cell with this one, of the
            // digits still without a pattern.
            let mut next: [Vec<u128>; 10] = Default::default();
            for (other, list) in choices.iter().enumerate() {
                let gone = if other == 0 {
                    rest.is_empty()
                } else {
                    other == d
                };
                if !gone {
                    next[other] = list.iter().cloned().filter(|&p| p & pattern == 0).collect();
                }
            }
            chosen[d] = pattern;
            cover(&next, covered | pattern, rest, chosen, limit, found);
        }
    }
}

/// Counts the completions of a case up to `limit` and keeps the first one; givens that
/// repeat a digit in a row, column or region have none.
fn solve(case: &Case, limit: u64) -> Found {
    let mut board = Board {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        regions: case.regions,
        banned: [0; 81],
    };
    let mut found = Found {
        count: 0,
        first: [0; 81],
        nodes: 0,
    };
    for (i, &d) in case.cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if candidates(&board, i) & 1 << d == 0 {
            return found; // two givens clash: nothing completes them
        }
        place(&mut board, i, d);
    }
    let mut blanks: Vec<usize> = (0..81).filter(|&i| case.cells[i] == 0).collect();
    search(&mut board, &mut blanks, limit, &mut found);
    if found.nodes <= MOST {
        return found;
    }
    // The cell search gave up: a near-empty board on a layout where an early choice can lead
    // into a dead subtree too big to walk. Count by patterns instead, each digit's nine
    // cells chosen at once: the patterns through a cell see the whole grid, so a layout
    // that has no filling, or a cell no digit can take, shows at the first nodes.
    let mut choices: [Vec<u128>; 10] = Default::default();
    let mut fresh = Vec::new(); // the digits no given names, which share `choices[0]`
    for d in 1..10u8 {
        let given = (0..81)
            .filter(|&i| case.cells[i] == d)
            .fold(0, |m, i| m | 1 << i);
        if given == 0 {
            fresh.push(d);
        }
        let label = if given == 0 { 0 } else { d as usize };
        if label == 0 && fresh.len() > 1 {
            continue; // the shared list is made once
        }
        let fits = blanks
            .iter()
            .filter(|&&i| candidates(&board, i) & 1 << d != 0);
        let allowed = fits.fold(given, |m, &i| m | 1 << i);
        patterns(&board, allowed, 0, 0, 0, 0, &mut choices[label]);
        choices[label].retain(|&p| p & given == given);
    }
    found.count = 0;
    // Two fresh digits swapped make a second filling of any filling: with two or more of
    // them, one cover shows that there are several.
    let enough = if fresh.len() > 1 { 1 } else { limit };
    cover(&choices, 0, &fresh, &mut [0; 10], enough, &mut found);
    if fresh.len() > 1 && found.count > 0 {
        found.count = limit;
    }
    found
}

// ---------------------------------------------------------------- writing

/// The answer for case `number`: the line `Case number:`, then its solution as 9 lines of 9
/// digits when there is exactly one, else `No solution` or `Multiple Solutions`.
fn render(number: usize, found: &Found) -> String {
    let mut out = format!("Case {}:\n", number);
    if found.count == 0 {
        out.push_str("No solution\n");
    } else if found.count > 1 {
        out.push_str("Multiple Solutions\n");
    } else {
        for (i, &d) in found.first.iter().enumerate() {
            out.push((b'0' + d) as char);
            if i % 9 == 8 {
                out.push('\n');
            }
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
        let mut out = String::new();
        for (n, case) in cases.iter().enumerate() {
            out += &render(n + 1, &solve(case, 2));
        }
        out
    });
    let written = out.and_then(|out| {
        let written = io::stdout().write_all(out.as_bytes());
        written.map_err(|e| format!("cannot write stdout: {}", e))
    });
    if let Err(message) = written {
        eprintln!("hdu4069: {}", message);
        std::process::exit(1);
    }
}
