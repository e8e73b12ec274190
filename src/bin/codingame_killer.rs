//! Problem: CodinGame "Killer Sudoku Solver" (https://www.codingame.com/training/medium/
//! killer-sudoku-solver): a Sudoku whose cells are also split into cages, each with a sum.
//! Input: 9 lines, each the row's 9 cells (a digit 1-9, `.` for a blank), a space, and the
//! row's 9 cage letters (`a`-`z`, `A`-`Z`: cells with one letter form one cage); then one line
//! of the cages' sums as `letter=sum` words, separated by spaces (`a=12 b=17 ...`).
//! Output: the solved grid as 9 lines of 9 digits.
//! Answer: the one solution (the statement promises one per test): every row, column and box
//! holds 1-9 once, and every cage holds different digits that add up to its sum.
//! Method: a blank-list backtracker with used-digit masks; each cage keeps its digits used,
//! its sum still to make and its blanks left, and a blank takes only the digits of some set
//! of that many different unused digits with that sum that its cage's blanks can take (from
//! a table of all such sets, so a cage whose sum cannot be made any more is a dead end at
//! once). The rule of 45 adds hidden cages: per row, column and box, its cells outside the
//! cages wholly inside it. Each node fills a hidden single of a row, column, box or cage
//! when there is one, else branches on the blank with the fewest candidates.
//! Improves on: the `fewest-candidates` pattern of `sudoku study` with a cage checked only
//! when its last cell is filled: with few givens the cages are the only guide, and checked
//! late they let the search run deep into sums that can no longer be made.
//! Errors: one line on stderr naming line and column (a row without its two words of nine,
//! a cell other than 1-9 or `.`, a cage that is no letter, a sum that is no `letter=number`
//! with 1-45, a cage without sum, a sum without cage, text after the sums) or saying the
//! puzzle has no solution; exit code 1.
use std::io::{self, Read, Write};

const LIMIT: u64 = 1 << 20; // bytes of input read at most
const ALL: u16 = 0x3fe; // the digits 1..=9 as a mask: bit d stands for digit d, bit 0 unused

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

/// The puzzle as the input gives it: the givens row-major (0 = blank), the cage of every
/// cell (an index into `sums`, cages numbered in the order their letters first appear) and
/// the sum of every cage.
struct Case {
    givens: [u8; 81],
    cage_of: [usize; 81],
    sums: Vec<usize>,
}

/// Reads the 9 rows and the line of sums (blank lines are skipped; after the sums only they
/// may follow). An error names line and column.
fn parse(text: &str) -> Result<Case, String> {
    let mut case = Case {
        givens: [0; 81],
        cage_of: [0; 81],
        sums: Vec::new(),
    };
    let mut letters: Vec<char> = Vec::new(); // the cage letters, in order of appearance
    let mut rows = 0; // rows read
    let mut summed = false; // whether the line of sums is read
    for (line_index, line) in text.lines().enumerate() {
        // The line's words, each with the column it starts in (every separator is one
        // character).
        let mut words = Vec::new();
        let mut column = 1;
        for word in line.split(char::is_whitespace) {
            if !word.is_empty() {
                words.push((column, word));
            }
            column += word.chars().count() + 1;
        }
        if words.is_empty() {
            continue; // a blank line
        }
        let at = format!("line {}", line_index + 1);
        if summed {
            return Err(format!("{}: text after the line of sums", at));
        }
        if rows < 9 {
            // A row: its 9 cells, then its 9 cage letters (the cells are read first, so a
            // stray character is named even when the words are wrong too).
            for (n, c) in words[0].1.chars().enumerate() {
                let where_ = format!("{}, column {}", at, words[0].0 + n);
                let digit = match c {
                    '.' => 0,
                    '1'..='9' => c as u8 - b'0',
                    _ => {
                        let why = format!("{} is not a digit 1-9 or `.`", shown(&c.to_string()));
                        return Err(format!("{}: {}", where_, why));
                    }
                };
                if n < 9 {
                    case.givens[rows * 9 + n] = digit;
                }
            }
            let length = words[0].1.chars().count();
            if length != 9 {
                return Err(format!("{}: {} cells, expected 9", at, length));
            }
            if words.len() != 2 {
                let why = format!(
                    "expected 2 words (9 cells, 9 cage letters), found {}",
                    words.len()
                );
                return Err(format!("{}: {}", at, why));
            }
            for (n, c) in words[1].1.chars().enumerate() {
                let where_ = format!("{}, column {}", at, words[1].0 + n);
                if !c.is_ascii_alphabetic() {
                    let why = format!("{} is not a cage letter a-z or A-Z", shown(&c.to_string()));
                    return Err(format!("{}: {}", where_, why));
                }
                let cage = match letters.iter().position(|&l| l == c) {
                    Some(k) => k,
                    None => {
                        letters.push(c);
                        letters.len() - 1
                    }
                };
                if n < 9 {
                    case.cage_of[rows * 9 + n] = cage;
                }
            }
            let length = words[1].1.chars().count();
            if length != 9 {
                return Err(format!("{}: {} cage letters, expected 9", at, length));
            }
            rows += 1;
            continue;
        }
        // The line of sums: `letter=sum` for every cage, in any order.
        let mut sums: Vec<Option<usize>> = vec![None; letters.len()];
        for &(column, word) in words.iter() {
            let where_ = format!("{}, column {}", at, column);
            let mut chars = word.chars();
            let letter = chars.next().unwrap_or(' ');
            let sum = match (chars.next(), chars.as_str().parse::<usize>()) {
                (Some('='), Ok(sum)) if letter.is_ascii_alphabetic() && (1..=45).contains(&sum) => {
                    sum
                }
                _ => {
                    let why = format!("{} is not a cage sum `letter=1-45`", shown(word));
                    return Err(format!("{}: {}", where_, why));
                }
            };
            let cage = match letters.iter().position(|&l| l == letter) {
                Some(k) => k,
                None => return Err(format!("{}: no cell is in cage `{}`", where_, letter)),
            };
            if sums[cage].is_some() {
                return Err(format!("{}: cage `{}` has a second sum", where_, letter));
            }
            sums[cage] = Some(sum);
        }
        for (k, sum) in sums.iter().enumerate() {
            match *sum {
                Some(sum) => case.sums.push(sum),
                None => return Err(format!("{}: no sum for cage `{}`", at, letters[k])),
            }
        }
        summed = true;
    }
    match (rows, summed) {
        (0, _) => Err("empty input: expected 9 rows of cells and cages".to_string()),
        (9, true) => Ok(case),
        (9, false) => Err("the input ends before the line of sums".to_string()),
        (_, _) => Err(format!("the input ends after {} of the 9 rows", rows)),
    }
}

// ---------------------------------------------------------------- the board and its units

/// The board: the cells row-major (0 = blank), and per row, column and box a mask of the
/// digits USED there (bit d set: digit d stands somewhere in that row, column or box); then
/// the cages: the cages of every cell (its own, and the hidden ones of the rule of 45, see
/// `solve`), the state of every cage, and the table of `digit_sets`.
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    cages_of: Vec<Vec<usize>>,
    cages: Vec<Cage>,
    sets: Vec<Vec<u16>>,
}

/// One cage as the search goes: the digits USED in it (bit d: digit d), the part of its sum
/// its blanks must still make, and how many blanks it has left.
struct Cage {
    used: u16,
    left: usize,
    open: usize,
}

/// Every set of different digits 1-9 as a mask, grouped by size k (0-9) and sum s (0-45):
/// entry `k * 46 + s` lists the sets of k digits that add up to s (for example, entry
/// `2 * 46 + 4` holds the one set {1, 3}).
fn digit_sets() -> Vec<Vec<u16>> {
    let mut sets = vec![Vec::new(); 10 * 46];
    // Bits 1-9 of `set` are the digits; `set` walks every subset once (bit 0 stays clear).
    for set in (0..1u16 << 10).step_by(2) {
        let size = set.count_ones() as usize;
        let sum: usize = (1..10).filter(|&d| set & 1 << d != 0).sum();
        sets[size * 46 + sum].push(set);
    }
    sets
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

/// Counts digit `d`, just written into blank `i`, in the cell's cages: used, its sum made,
/// one blank fewer. (The caller has checked that `d` fits: see `cage_fits`.)
fn place_in_cage(board: &mut Board, i: usize, d: u8) {
    for &k in board.cages_of[i].iter() {
        let cage = &mut board.cages[k];
        cage.used ^= 1 << d;
        cage.left -= d as usize;
        cage.open -= 1;
    }
}

/// Takes digit `d` of cell `i` back out of its cages: the mirror image of `place_in_cage`.
fn undo_in_cage(board: &mut Board, i: usize, d: u8) {
    for &k in board.cages_of[i].iter() {
        let cage = &mut board.cages[k];
        cage.used ^= 1 << d;
        cage.left += d as usize;
        cage.open += 1;
    }
}

/// What the sets of digits that can still fill a cage's blanks have in common.
struct Fits {
    any: u16,
    every: u16,
}

/// The digits that can still fill the blanks of cage `k`, whose blanks can take at most the
/// digits `reach` (the union of their candidates): the sets of `open` different digits that
/// add up to `left` and use no digit the cage has used or its blanks cannot take. `any`:
/// the digits of some such set (0: the cage's sum can no longer be made); `every`: the
/// digits of all of them, which the cage must get.
fn cage_fits(board: &Board, k: usize, reach: u16) -> Fits {
    let cage = &board.cages[k];
    let mut fits = Fits { any: 0, every: ALL };
    for &set in board.sets[cage.open * 46 + cage.left].iter() {
        if set & cage.used == 0 && set & !reach == 0 {
            fits.any |= set;
            fits.every &= set;
        }
    }
    if fits.any == 0 {
        fits.every = 0;
    }
    fits
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

/// What a search found: the number of solutions, counted up to its limit, and the first.
struct Found {
    count: usize,
    first: [u8; 81],
}

/// Counts into `found` the solutions that fill `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one. Each node fills one blank, moved to the front of
/// `blanks` (the order is free: the statement promises one solution).
fn search(board: &mut Board, blanks: &mut [usize], limit: usize, found: &mut Found) {
    if blanks.is_empty() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
        return;
    }
    // The cages first: per cage, the digits its blanks could take by their rows, columns and
    // boxes, and from that the digits that can still fill it. A cage whose sum can no longer
    // be made is a dead end.
    let cages = board.cages.len();
    let mut reach = vec![0u16; cages];
    for &i in blanks.iter() {
        for &k in board.cages_of[i].iter() {
            reach[k] |= candidates(board, i);
        }
    }
    let mut fits = Vec::with_capacity(cages);
    for (k, &reach) in reach.iter().enumerate() {
        let cage_fits = cage_fits(board, k, reach);
        if board.cages[k].open > 0 && cage_fits.any == 0 {
            return;
        }
        fits.push(cage_fits);
    }
    // A blank takes the digits its row, column and box allow and its cages can still get.
    let allowed = |board: &Board, i: usize| {
        let cages_allow = board.cages_of[i].iter().map(|&k| fits[k].any);
        cages_allow.fold(candidates(board, i), |cand, any| cand & any)
    };
    // Look at every blank once: find the one with the fewest digits allowed (ties: the
    // first), and count in every row, column, box and cage how many places each digit has
    // left. Units 0..27 are the rows, columns and boxes; 27 + k is cage k.
    let mut fewest = 0; // a position in `blanks`
    let mut fewest_count = 10;
    let mut places = vec![Places { one: 0, two: 0 }; 27 + cages];
    for (n, &i) in blanks.iter().enumerate() {
        let cand = allowed(board, i);
        if cand.count_ones() < fewest_count {
            fewest = n;
            fewest_count = cand.count_ones();
        }
        for &u in units(i).iter() {
            add_place(&mut places[u], cand);
        }
        for &k in board.cages_of[i].iter() {
            add_place(&mut places[27 + k], cand);
        }
    }
    // The digits each unit must still get: a row, column or box every digit it lacks, a
    // cage those in every set that can fill it. One that fits none of the unit's blanks is
    // a dead end. (A blank with no digit allowed ends the branch below: it has none to try.)
    let need = |u: usize| match u {
        0..=26 => ALL & !used(board, u),
        _ => fits[u - 27].every,
    };
    if (0..27 + cages).any(|u| need(u) & !places[u].one != 0) {
        return;
    }
    // Branch on the blank with the fewest digits. When it has two or more, a digit that a
    // unit needs and has one place left for (a hidden single) goes first instead: it must go
    // there, so it is a branch of one. In a cage, this finds the cell of a digit every sum
    // needs, where a row-major search would wait until the cage's last cell.
    let mut at = fewest;
    let mut digits = allowed(board, blanks[fewest]);
    let one_place = |u: usize| need(u) & places[u].one & !places[u].two;
    let unit = if fewest_count > 1 {
        (0..27 + cages).find(|&u| one_place(u) != 0)
    } else {
        None
    };
    if let Some(u) = unit {
        // `x & x.wrapping_neg()` keeps the lowest bit of x: the smallest such digit.
        digits = one_place(u) & one_place(u).wrapping_neg();
        let in_unit =
            |i: usize| units(i).contains(&u) || (u >= 27 && board.cages_of[i].contains(&(u - 27)));
        let fits = |&i: &usize| in_unit(i) && allowed(board, i) & digits != 0;
        at = blanks.iter().position(fits).unwrap_or(fewest);
    }
    // Move the blank to the front, so the deeper search gets the rest as one slice.
    blanks.swap(0, at);
    let i = blanks[0];
    while digits != 0 && found.count < limit {
        // Take the smallest digit left: `digits - 1` flips the lowest set bit and the zeros
        // below it, so `&` clears just that bit.
        let d = digits.trailing_zeros() as u8;
        digits &= digits - 1;
        place(board, i, d);
        place_in_cage(board, i, d);
        search(board, &mut blanks[1..], limit, found);
        undo_in_cage(board, i, d);
        undo(board, i, d);
    }
}

/// The solution of the puzzle; an error names two clashing givens or a cage the givens
/// break, or says there is none.
fn solve(case: &Case) -> Result<[u8; 81], String> {
    let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
    let cages_of: Vec<Vec<usize>> = (0..81).map(|i| vec![case.cage_of[i]]).collect();
    let mut board = Board {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        cages_of,
        cages: Vec::new(),
        sets: digit_sets(),
    };
    let mut cells: Vec<Vec<usize>> = vec![Vec::new(); case.sums.len()];
    for i in 0..81 {
        cells[case.cage_of[i]].push(i);
    }
    if let Some(k) = (0..cells.len()).find(|&k| cells[k].len() > 9) {
        let why = format!("the cage of {} has more than 9 cells", name(cells[k][0]));
        return Err(format!("no solution: {}", why));
    }
    for (k, &sum) in case.sums.iter().enumerate() {
        board.cages.push(Cage {
            used: 0,
            left: sum,
            open: cells[k].len(),
        });
    }
    // The rule of 45: a row, column or box holds 1-9, which add up to 45, so its cells
    // outside the cages that lie wholly inside it add up to 45 less those cages' sums; and
    // being in one unit they hold different digits, so they make a cage of their own (hidden
    // in the puzzle, and often small: a cage that sticks out of a box by one cell gives that
    // cell's digit at once).
    for u in 0..27 {
        let in_unit: Vec<usize> = (0..81).filter(|&i| units(i).contains(&u)).collect();
        let inside = |k: &usize| cells[*k].iter().all(|i| in_unit.contains(i));
        let wholly: Vec<usize> = (0..cells.len()).filter(inside).collect();
        let rest: Vec<usize> = in_unit
            .iter()
            .cloned()
            .filter(|&i| !wholly.contains(&case.cage_of[i]))
            .collect();
        let sum: usize = wholly.iter().map(|&k| case.sums[k]).sum();
        if rest.is_empty() || rest.len() == 9 {
            continue; // no cell left, or the whole unit: nothing new
        }
        if sum >= 45 {
            let unit = format!("{} {}", ["row", "column", "box"][u / 9], u % 9 + 1);
            let why = format!("the cages inside {} add up to {}", unit, sum);
            return Err(format!("no solution: {}", why));
        }
        for &i in rest.iter() {
            board.cages_of[i].push(board.cages.len());
        }
        board.cages.push(Cage {
            used: 0,
            left: 45 - sum,
            open: rest.len(),
        });
    }
    for (i, &d) in case.givens.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if let Some(&u) = units(i).iter().find(|&&u| used(&board, u) & 1 << d != 0) {
            let j = (0..i)
                .find(|&j| case.givens[j] == d && units(j).contains(&u))
                .unwrap_or(i);
            let unit = format!("{} {}", ["row", "column", "box"][u / 9], u % 9 + 1);
            let why = format!(
                "digit {} repeats in {} ({} and {})",
                d,
                unit,
                name(j),
                name(i)
            );
            return Err(format!("no solution: {}", why));
        }
        let breaks = |&k: &usize| {
            let cage = &board.cages[k];
            cage.used & 1 << d != 0 || cage.left < d as usize
        };
        if board.cages_of[i].iter().any(breaks) {
            let why = format!("the given {} at {} breaks a cage", d, name(i));
            return Err(format!("no solution: {}", why));
        }
        place(&mut board, i, d);
        place_in_cage(&mut board, i, d);
    }
    let mut blanks: Vec<usize> = (0..81).filter(|&i| case.givens[i] == 0).collect();
    let mut found = Found {
        count: 0,
        first: [0; 81],
    };
    // A cage the givens fill must add up to its sum (the search checks only open cages).
    if board
        .cages
        .iter()
        .any(|cage| cage.open == 0 && cage.left != 0)
    {
        found.count = 0;
    } else {
        search(&mut board, &mut blanks, 1, &mut found);
    }
    match found.count {
        0 => Err("no solution: the givens do not clash, yet nothing completes them".to_string()),
        _ => Ok(found.first),
    }
}

// ---------------------------------------------------------------- writing

/// The solution as 9 lines of 9 digits.
fn render(cells: [u8; 81]) -> String {
    let mut out = String::new();
    for (i, &d) in cells.iter().enumerate() {
        out.push((b'0' + d) as char);
        if i % 9 == 8 {
            out.push('\n');
        }
    }
    out
}

/// Reads stdin once, writes the answer once; on bad input one line on stderr and exit 1.
fn main() {
    let mut bytes = Vec::new();
    let case = match io::stdin().take(LIMIT + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n as u64 > LIMIT => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = case.and_then(|case| solve(&case)).map(render);
    let written = out.and_then(|out| {
        let written = io::stdout().write_all(out.as_bytes());
        written.map_err(|e| format!("cannot write stdout: {}", e))
    });
    if let Err(message) = written {
        eprintln!("codingame_killer: {}", message);
        std::process::exit(1);
    }
}
