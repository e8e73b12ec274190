//! Problem: CodinGame "Killer Sudoku Solver" (https://www.codingame.com/training/medium/
//! killer-sudoku-solver): a Sudoku whose cells are also split into cages, each with a sum.
//! Input: 9 lines, each the row's 9 cells (a digit 1-9, `.` for a blank), a space, and the
//! row's 9 cage letters (`a`-`z`, `A`-`Z`: cells with one letter form one cage); then one line
//! of the cages' sums as `letter=sum` words, separated by spaces (`a=12 b=17 ...`).
//! Output: the solved grid as 9 lines of 9 digits.
//! Answer: the one solution (the statement promises one per test): every row, column and box
//! holds 1-9 once, and every cage holds different digits that add up to its sum.
//! Method: a blank-list backtracker with used-digit masks that treats every row, column
//! and box as one more cage (nine cells adding up to 45). Each cage keeps its digits used,
//! its sum still to make and its blanks left. The rule of 45 adds hidden cages: for each
//! row, column, box, band of rows or columns side by side and pair of boxes side by side,
//! its cells outside the cages wholly inside it, and the cells outside it of the cages
//! sticking out of it (their digits differ only when they share a unit or a cage; else only
//! their sum's bounds hold). Each node narrows what its blanks may take, cage after cage
//! until nothing changes: a blank keeps a digit only when some set of different unused
//! digits that makes the cage's sum (from a table of all such sets) holds it and the other
//! blanks can take the rest of that set (none of them left with the digit as its only one of
//! the set: a naked single, within a set); and a digit every such set holds leaves the other
//! blanks of any cage that holds all the places it can go. A node starts from what the node
//! above narrowed, then branches: while some cage has two or more digit sets left, on the
//! sets of the cage with the fewest for its weight, which grows with the dead ends the
//! search meets in and around the cage (each branch keeps the cage's blanks to one set's
//! digits); else on the blank with the fewest digits (among equals, the one in the most
//! cages).
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
            let sign = chars.as_str().starts_with("=+"); // a sum is digits only: `a=+5` is none
            let sum = match (chars.next(), chars.as_str().parse::<usize>()) {
                (Some('='), Ok(sum))
                    if letter.is_ascii_alphabetic() && (1..=45).contains(&sum) && !sign =>
                {
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

/// The board: the cells row-major (0 = blank), the filled ones as bits (bit i: cell i), and
/// per row, column and box a mask of the digits USED there (bit d set: digit d stands
/// somewhere in that row, column or box); then the cages: the cages of every cell (its own
/// first), every cage with its state, the table of `digit_sets`, per cell the cells of each
/// cage holding it whose digits differ (as in `Cage`: what `cage_fits` looks through) and
/// all those cells but its own in one set (`seen`), the cells that share its row, column or
/// box (`peers`), and per cage its weight, which grows with the dead ends the search meets
/// there (see `blame`). The cages are the puzzle's, then every row, column and box (nine
/// cells adding up to 45), then the hidden ones of the rule of 45 (see `solve`).
struct Board {
    cells: [u8; 81],
    filled: u128,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    cages_of: Vec<Vec<usize>>,
    cages: Vec<Cage>,
    sets: Vec<Vec<u16>>,
    holders: Vec<Vec<u128>>,
    seen: [u128; 81],
    peers: [u128; 81],
    weights: Vec<u64>,
}

/// One cage: its cells (bit i set: cell i is in it; at most 9 cells), whether its digits
/// must all differ (a cage of the puzzle, or cells of one row, column or box) or may repeat
/// (a hidden cage spread over several units); and as the search goes, the digits USED in it
/// (bit d: digit d; kept only when they differ), the part of its sum its blanks must still
/// make, how many blanks it has left, and its cells listed with those blanks first (in any
/// order: `place_in_cage` moves a cell it fills behind them); and the most cells another
/// cage whose digits differ shares with it (see `cage_fits`).
struct Cage {
    cells: u128,
    distinct: bool,
    used: u16,
    left: usize,
    open: usize,
    blanks: [usize; 9],
    shared: usize,
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

/// Counts digit `d`, just written into blank `i`, in the cell's cages: used (where digits
/// differ), its sum made, one blank fewer (the cell swapped to the last of the blanks, which
/// leave it behind them); and marks the cell filled. (The caller has checked that `d` fits:
/// see `cage_fits`.)
fn place_in_cage(board: &mut Board, i: usize, d: u8) {
    board.filled ^= 1 << i;
    for &k in board.cages_of[i].iter() {
        let cage = &mut board.cages[k];
        if cage.distinct {
            cage.used ^= 1 << d;
        }
        cage.left -= d as usize;
        if let Some(at) = cage.blanks[..cage.open].iter().position(|&j| j == i) {
            cage.blanks.swap(at, cage.open - 1);
        }
        cage.open -= 1;
    }
}

/// Takes digit `d` of cell `i` back out of its cages: the mirror image of `place_in_cage`
/// (cells are taken back in the reverse order, so the cell is the first behind the blanks).
fn undo_in_cage(board: &mut Board, i: usize, d: u8) {
    board.filled ^= 1 << i;
    for &k in board.cages_of[i].iter() {
        let cage = &mut board.cages[k];
        if cage.distinct {
            cage.used ^= 1 << d;
        }
        cage.left += d as usize;
        cage.open += 1;
    }
}

/// What the search knows a node's blanks may still take, kept two ways: the digits that may
/// go into each blank (bit d of `digits[i]`: digit d, as in the used masks), and the blanks
/// each digit may go into (bit i of `places[d]`: cell i).
#[derive(Clone, Copy)]
struct Fits {
    digits: [u16; 81],
    places: [u128; 10],
}

/// Keeps only the digits `keep` of blank `i`, in both views of `fits`; true when it took one
/// away.
fn keep_only(fits: &mut Fits, i: usize, keep: u16) -> bool {
    let mut lost = fits.digits[i] & !keep;
    fits.digits[i] &= keep;
    let narrowed = lost != 0;
    while lost != 0 {
        fits.places[lost.trailing_zeros() as usize] &= !(1 << i);
        lost &= lost - 1;
    }
    narrowed
}

/// The digits of `set` that a cage's blanks must take as the only digit of the set one of
/// them can take (`digits`: what each blank may take; when the blanks fill the set, each
/// takes one of its digits); `None` when they cannot fill it: a blank that can take no digit
/// of the set, or two left with the same one.
fn sole_digits(digits: &[u16], set: u16) -> Option<u16> {
    let mut taken = 0;
    for &mine in digits.iter() {
        let own = mine & set;
        // At most one digit of the set (`own - 1` clears the lowest set bit, when any):
        if own & own.wrapping_sub(1) == 0 {
            if own == 0 || taken & own != 0 {
                return None;
            }
            taken |= own;
        }
    }
    Some(taken)
}

/// The sets of different digits that can still fill `cage`'s blanks, which may take
/// `digits` (one mask per blank; `reach`: all of them together): the sets of the size and sum
/// left, none of their digits used in the cage, all within reach, each blank able to take
/// one of them, no two left with the same one (see `sole_digits`); each with the digits
/// blanks must take as their only one of the set; and how many sets there are. No size and
/// sum has more than 12.
fn sets_left(board: &Board, cage: &Cage, digits: &[u16], reach: u16) -> SetsLeft {
    let mut left = SetsLeft {
        sets: [0; 12],
        sole: [0; 12],
        count: 0,
    };
    for &set in board.sets[cage.open * 46 + cage.left].iter() {
        if set & cage.used != 0 || set & !reach != 0 {
            continue;
        }
        if let Some(taken) = sole_digits(digits, set) {
            left.sets[left.count] = set;
            left.sole[left.count] = taken;
            left.count += 1;
        }
    }
    left
}

/// What `sets_left` finds: the first `count` entries of `sets`, and of `sole` their digits
/// that blanks must take.
struct SetsLeft {
    sets: [u16; 12],
    sole: [u16; 12],
    count: usize,
}

/// Narrows `fits`, what the blanks may take, by cage `k`; gives the cells it narrowed
/// (as bits), or `None` when the cage can no longer be completed (a dead end).
///
/// Digits that differ: the blanks must take one of the sets of `open` different digits that
/// add up to `left` and use no digit the cage has used. A blank may take digit d only when
/// some such set holds d and the OTHER blanks can take the rest of that set (in a cage of
/// two with sum 10, a blank beside one that can only take 1 or 2 keeps only 9 and 8; in a
/// row, a digit only one blank can take goes there: a hidden single), and no other blank is
/// left with d as its only digit of the set (in a row, the digit of a blank left with one
/// leaves the others: a naked single; a set that one blank cannot take a digit of, or that
/// leaves two blanks the same one, is no set for the cage). Then a digit every
/// such set holds must go into one of the blanks that can take it: when those blanks all
/// lie in another cage too (a row, a box, a cage of the puzzle), that cage gets the digit
/// there, so its other blanks cannot take it.
///
/// Digits that may repeat: only the sum's bounds. Each blank's digit must leave the other
/// blanks a sum they can make: no less than `left` less the largest sum they can make, no
/// more than `left` less the smallest.
fn cage_fits(board: &Board, k: usize, fits: &mut Fits) -> Option<u128> {
    let cage = &board.cages[k];
    if cage.open == 0 {
        return Some(0); // filled: its digits made its sum (each one came through here)
    }
    let blanks = &cage.blanks[..cage.open];
    let mut narrowed = 0u128;
    // Keeps only the digits `keep` of blank i, noting it in `narrowed` when that takes one
    // away; false when none is left.
    let mut narrow = |fits: &mut Fits, i: usize, keep: u16| {
        if keep_only(fits, i, keep) {
            narrowed |= 1 << i;
        }
        fits.digits[i] != 0
    };
    if !cage.distinct {
        // A mask's smallest digit is its lowest set bit, its largest its highest.
        let smallest = |digits: u16| digits.trailing_zeros() as usize;
        let largest = |digits: u16| 15 - digits.leading_zeros() as usize;
        // The least and the most the blanks make, and the widest gap between a blank's
        // smallest and largest digit.
        let (mut least, mut most, mut widest) = (0, 0, 0);
        for &i in blanks.iter() {
            let (low, high) = (smallest(fits.digits[i]), largest(fits.digits[i]));
            least += low;
            most += high;
            widest = widest.max(high - low);
        }
        if cage.left < least || cage.left > most {
            return None;
        }
        // A blank loses a digit only when its gap is wider than the room the sum leaves
        // above the least or below the most (see `low` and `high` below).
        if widest <= (cage.left - least).min(most - cage.left) {
            return Some(narrowed);
        }
        for &i in blanks.iter() {
            // The others make at least `least - smallest`, at most `most - largest`.
            let low = (cage.left + largest(fits.digits[i])).saturating_sub(most);
            let high = cage.left + smallest(fits.digits[i]) - least;
            // Bits low..=high (`2 << high` keeps bit `high`); ALL keeps digits 1-9 of them.
            let range = (2u32 << high.min(9)) - (1u32 << low.min(10));
            if !narrow(fits, i, ALL & range as u16) {
                return None;
            }
        }
        return Some(narrowed);
    }
    // What each blank may take, in the order of `blanks`; and how many blanks can take each
    // digit, in four bit planes (bit d of `count[p]`: bit p of digit d's count, added blank
    // by blank with carries).
    let mut digits = [0u16; 9];
    let mut count = [0u16; 4];
    for (n, &i) in blanks.iter().enumerate() {
        let mut carry = fits.digits[i];
        digits[n] = carry;
        for plane in count.iter_mut() {
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
        }
    }
    let digits = &digits[..blanks.len()];
    // The digits at least one blank can take, and at least two (every blank is narrowed
    // from these counts, taken before any of them is).
    let twice = count[1] | count[2] | count[3];
    let once = count[0] | twice;
    let left = sets_left(board, cage, digits, once);
    let (sets, sole) = (&left.sets[..left.count], &left.sole[..left.count]);
    // The digits of the sets that no blank takes as its only one of the set.
    let free = sets
        .iter()
        .zip(sole.iter())
        .fold(0, |digits, (&set, &taken)| digits | set & !taken);
    let mut lost = 0; // the digits some blank loses here
    for (&i, &mine) in blanks.iter().zip(digits.iter()) {
        // The digits of its own that no other blank can take (every set lies within `once`:
        // what the others cannot take of a set is these).
        let only = mine & !twice;
        if only == 0 && mine & !free == 0 {
            continue; // every set fits it below, and together they keep all its digits
        }
        let mut keep = 0;
        for (&set, &taken) in sets.iter().zip(sole.iter()) {
            // The digits the OTHER blanks take as their only one of the set are theirs (a
            // naked single in a row leaves the row's other blanks): all the sole digits
            // but its own, when it is left with one.
            let own = mine & set;
            let single = own & own.wrapping_sub(1) == 0;
            // The digits of the set no other blank can take: this blank must take them, so
            // the set fits it only when there is at most one such digit.
            let missing = set & only;
            if missing == 0 {
                keep |= set & !taken | if single { own } else { 0 };
            } else if missing & (missing - 1) == 0 {
                keep |= missing;
            }
        }
        lost |= mine & !keep;
        if !narrow(fits, i, keep) {
            return None;
        }
    }
    // The digits every set still within the blanks' reach holds (none left: a dead end);
    // the reach is `once` unless a blank lost a digit just now.
    let reach = match lost {
        0 => once,
        _ => blanks.iter().fold(0, |digits, &i| digits | fits.digits[i]),
    };
    let fitting = |set: &u16| set & !reach == 0;
    if !sets.iter().any(fitting) {
        return None;
    }
    let every = sets
        .iter()
        .filter(|set| fitting(set))
        .fold(ALL, |digits, &set| digits & set);
    // Each such digit must go into one of the blanks that can take it (its places here).
    // Another cage holds all those places only when there are no more of them than it
    // shares with this cage: a digit more blanks can take than any other cage shares has
    // nothing to take. (The counts hold when no blank lost a digit above.) Those digits are
    // the ones whose count is greater than `cage.shared`, compared plane by plane from the
    // top: `equal` keeps the digits whose count matches it so far.
    let crowded = if cage.shared < blanks.len() && lost == 0 {
        let (mut greater, mut equal) = (0u16, ALL);
        for p in (0..4).rev() {
            if cage.shared >> p & 1 == 1 {
                equal &= count[p];
            } else {
                greater |= equal & count[p];
                equal &= !count[p];
            }
        }
        greater
    } else {
        0
    };
    let mut need = every & !crowded;
    while need != 0 {
        let d = need.trailing_zeros() as usize;
        need &= need - 1;
        let places = fits.places[d] & cage.cells;
        // Every cage that holds all those places (each holds the first of them, so the
        // first's cages are all to look at) gets d there: its other blanks lose it. (This
        // cage is one of them, with nothing to lose.)
        let first = places.trailing_zeros() as usize;
        // Such a cage holds the first and the last place too, so the blanks it could take d
        // from see both: when no blank outside the places that can take d sees both, there is
        // nothing to take (most digits that get this far end here, before the cages are
        // looked through); and a cage has nothing to take where it holds none of those.
        let last = 127 - places.leading_zeros() as usize;
        let takers = fits.places[d] & !places & board.seen[first] & board.seen[last];
        if takers == 0 {
            continue;
        }
        for &holder in board.holders[first].iter() {
            if takers & holder == 0 || places & !holder != 0 {
                continue;
            }
            let mut lose = fits.places[d] & holder & !places;
            while lose != 0 {
                let i = lose.trailing_zeros() as usize;
                lose &= lose - 1;
                if !narrow(fits, i, !(1 << d)) {
                    return None;
                }
            }
        }
    }
    Some(narrowed)
}

// ---------------------------------------------------------------- search

/// What a search found: the number of solutions, counted up to its limit, and the first.
struct Found {
    count: usize,
    first: [u8; 81],
}

/// Counts into `found` the solutions that fill `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one. `above` holds what each blank may take as the node
/// above narrowed it (its places still hold the blank that node filled), and `changed` the
/// cells changed since (the blank it filled, or the blanks it kept to a cage's digit set).
/// Each node either keeps a cage's blanks to one of its sets, or fills one blank, moved to
/// the front of `blanks` (the order is free: the statement promises one solution).
fn search(
    board: &mut Board,
    blanks: &mut [usize],
    above: Fits,
    mut changed: u128,
    limit: usize,
    found: &mut Found,
) {
    if blanks.is_empty() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
        return;
    }
    // The digits each blank may take: those the node above left it (what ruled a digit out
    // there still rules it out here, one digit later) that its row, column and box allow.
    // (Kept up to date from the node above rather than counted afresh: 9 % faster.)
    let mut fits = above;
    for places in fits.places.iter_mut() {
        *places &= !board.filled; // a filled cell is no place (at the root: the givens)
    }
    // Only a blank that shares a row, column or box with a cell filled since the node above
    // (the blank it filled; at the root, the givens) can have lost a digit to those masks.
    let mut near = 0u128;
    let mut filled_since = changed & board.filled;
    while filled_since != 0 {
        near |= board.peers[filled_since.trailing_zeros() as usize];
        filled_since &= filled_since - 1;
    }
    let mut look = near & !board.filled;
    while look != 0 {
        let i = look.trailing_zeros() as usize;
        look &= look - 1;
        if keep_only(&mut fits, i, candidates(board, i)) {
            changed |= 1 << i;
        }
    }
    // Then narrowed by the cages, round after round: each round looks at the cages with a
    // cell changed since the round before (the others would narrow nothing new), until a
    // round narrows nothing. A cage that can no longer be completed is a dead end (so a
    // cage's last digit always makes its sum).
    while changed != 0 {
        let mut narrowed = 0;
        for k in 0..board.cages.len() {
            if board.cages[k].cells & changed == 0 {
                continue;
            }
            match cage_fits(board, k, &mut fits) {
                Some(cells) => narrowed |= cells,
                None => {
                    blame(board, k);
                    return;
                }
            }
        }
        changed = narrowed;
    }
    // Branch on a cage's digit sets while some cage has two or more left: on the cage with
    // the fewest for its weight (see `fewest_sets`), each set in turn, its blanks kept to the
    // set's digits (the sets split the solutions, and each set takes away a digit some blank
    // has, since the cage's blanks reach the other sets' digits too). A big cage with few sets
    // settles many blanks at once where a blank settles one, and a wrong set fails soon.
    if let Some((cells, sets, count)) = fewest_sets(board, &fits) {
        for &set in sets[..count].iter() {
            let mut kept = fits;
            let mut changed = 0;
            let mut open = cells & !board.filled; // the cage's blanks
            while open != 0 {
                let i = open.trailing_zeros() as usize;
                open &= open - 1;
                if keep_only(&mut kept, i, set) {
                    changed |= 1 << i;
                }
            }
            search(board, blanks, kept, changed, limit, found);
            if found.count >= limit {
                break;
            }
        }
        return;
    }
    // Else branch on the blank with the fewest digits; among those, on the one in the most cages
    // (the hidden ones of the rule of 45 make the difference): each digit tried there
    // narrows the most other blanks, so a wrong one fails soonest.
    let mut at = 0; // a position in `blanks`
    for (n, &i) in blanks.iter().enumerate() {
        let best = blanks[at];
        let count = fits.digits[i].count_ones();
        let best_count = fits.digits[best].count_ones();
        let more_cages = board.cages_of[i].len() > board.cages_of[best].len();
        if count < best_count || count == best_count && more_cages {
            at = n;
        }
    }
    // Move the blank to the front, so the deeper search gets the rest as one slice.
    blanks.swap(0, at);
    let i = blanks[0];
    let mut digits = fits.digits[i];
    while digits != 0 && found.count < limit {
        // Take the smallest digit left: `digits - 1` flips the lowest set bit and the zeros
        // below it, so `&` clears just that bit.
        let d = digits.trailing_zeros() as u8;
        digits &= digits - 1;
        place(board, i, d);
        place_in_cage(board, i, d);
        search(board, &mut blanks[1..], fits, 1 << i, limit, found);
        undo_in_cage(board, i, d);
        undo(board, i, d);
    }
}

/// The cage to branch on when some cage has two or more digit sets left: the one with the
/// fewest sets for its weight (ties: the first, so a cage of the puzzle before a hidden
/// one); its cells, its sets and how many there are.
///
/// A cage's weight grows with the dead ends the search meets in and around it (`blame`; the
/// "dom/wdeg" rule of constraint solvers): where the search keeps failing the puzzle is
/// hard, so the cages there are settled early, even with more sets than another. n sets of
/// weight w go before m sets of weight v when n / w < m / v, compared as n * v < m * w.
fn fewest_sets(board: &Board, fits: &Fits) -> Option<(u128, [u16; 12], usize)> {
    let mut best: Option<(u128, [u16; 12], usize)> = None;
    let mut best_weight = 1; // the weight of `best`'s cage
    for (k, cage) in board.cages.iter().enumerate() {
        // A row, column or box always has one set, 1-9; so does any cage whose size and sum
        // allow one, and a cage whose digits may repeat has none: no need to look.
        if !cage.distinct || board.sets[cage.open * 46 + cage.left].len() < 2 {
            continue;
        }
        let mut digits = [0u16; 9]; // what each blank may take
        for (n, &i) in cage.blanks[..cage.open].iter().enumerate() {
            digits[n] = fits.digits[i];
        }
        let digits = &digits[..cage.open];
        let reach = digits.iter().fold(0, |reach, &mine| reach | mine);
        let SetsLeft { sets, count, .. } = sets_left(board, cage, digits, reach);
        let weight = board.weights[k];
        let fewer = match best {
            Some((_, _, fewest)) => count as u64 * best_weight < fewest as u64 * weight,
            None => true,
        };
        if count >= 2 && fewer {
            best = Some((cage.cells, sets, count));
            best_weight = weight;
        }
    }
    best
}

/// Weighs a dead end that cage `k` found (it can no longer be completed): 4 on cage k, 1 on
/// every other cage that shares a cell with it. The rows, columns, boxes and hidden cages
/// find most dead ends, but the search branches on the puzzle's cages: so the ones that
/// cross where it fails gain weight too.
fn blame(board: &mut Board, k: usize) {
    let cells = board.cages[k].cells;
    for (j, cage) in board.cages.iter().enumerate() {
        if j == k {
            board.weights[j] += 4;
        } else if cage.cells & cells != 0 {
            board.weights[j] += 1;
        }
    }
}

/// The solution of the puzzle; an error names two clashing givens or a cage the givens
/// break, or says there is none.
fn solve(case: &Case) -> Result<[u8; 81], String> {
    let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
    let cages_of: Vec<Vec<usize>> = (0..81).map(|i| vec![case.cage_of[i]]).collect();
    let mut board = Board {
        cells: [0; 81],
        filled: 0,
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        cages_of,
        cages: Vec::new(),
        sets: digit_sets(),
        holders: Vec::new(),
        seen: [0; 81],
        peers: [0; 81],
        weights: Vec::new(),
    };
    // A set of cells as bits: bit i for cell i; and back as a list (at most 9, the rest 0).
    let bits = |cells: &[usize]| cells.iter().fold(0u128, |bits, &i| bits | 1 << i);
    let listed = |cells: u128| {
        let mut list = [0; 9];
        for (n, i) in (0..81).filter(|&i| cells >> i & 1 != 0).take(9).enumerate() {
            list[n] = i;
        }
        list
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
            cells: bits(&cells[k]),
            distinct: true,
            used: 0,
            left: sum,
            open: cells[k].len(),
            blanks: listed(bits(&cells[k])),
            shared: 0,
        });
    }
    // Every row, column and box is a cage too: its nine digits differ and add up to 45.
    let in_unit = |u: usize| -> Vec<usize> { (0..81).filter(|&i| units(i).contains(&u)).collect() };
    for u in 0..27 {
        for &i in in_unit(u).iter() {
            board.cages_of[i].push(board.cages.len());
        }
        board.cages.push(Cage {
            cells: bits(&in_unit(u)),
            distinct: true,
            used: 0,
            left: 45,
            open: 9,
            blanks: listed(bits(&in_unit(u))),
            shared: 0,
        });
    }
    // The rule of 45: a row, column or box holds 1-9, which add up to 45, so its cells
    // outside the cages that lie wholly inside it add up to 45 less those cages' sums; and
    // being in one unit they hold different digits, so they make a cage of their own (hidden
    // in the puzzle, and often small: a cage that sticks out of a box by one cell gives that
    // cell's digit at once).
    for u in 0..27 {
        let in_unit = in_unit(u);
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
            cells: bits(&rest),
            distinct: true,
            used: 0,
            left: 45 - sum,
            open: rest.len(),
            blanks: listed(bits(&rest)),
            shared: 0,
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
    // The rule of 45 on larger regions: a band of 1-8 rows side by side (or columns), a box,
    // two boxes side by side; n units add up to 45n. Its cells outside the cages wholly
    // inside it (the innies) add up to 45n less those cages' sums; the cells outside it of
    // the cages that stick out of it (the outies) add up to those cages' sums less the
    // innies' sum. Each new set of at most 9 such cells is one more hidden cage, its digits
    // different when its cells share one row, column, box or cage. These come after the
    // givens, and a set the givens break is left out: the cages above already rule such a
    // puzzle out (and the error messages name those alone).
    // A region as bits: the cells for which `is_in` holds.
    let region = |is_in: &dyn Fn(usize) -> bool| {
        (0..81).filter(|&i| is_in(i)).fold(0, |r, i| r | 1u128 << i)
    };
    let mut regions: Vec<u128> = Vec::new();
    for first in 0..9 {
        for last in first..first + 8 {
            if last < 9 {
                regions.push(region(&|i| (first..=last).contains(&(i / 9))));
                regions.push(region(&|i| (first..=last).contains(&(i % 9))));
            }
        }
    }
    for b in 0..9 {
        regions.push(region(&|i| box_of(i) == b));
        if b % 3 < 2 {
            regions.push(region(&|i| box_of(i) == b || box_of(i) == b + 1));
        }
        if b < 6 {
            regions.push(region(&|i| box_of(i) == b || box_of(i) == b + 3));
        }
    }
    let puzzle = case.sums.len(); // the puzzle's cages come first, then the 27 units
    for &region in regions.iter() {
        let whole = 45 * region.count_ones() as usize / 9;
        // The puzzle's cages wholly inside the region and those partly inside.
        let mut wholly_sum = 0;
        let mut partly_sum = 0;
        let mut partly = 0u128;
        for k in 0..puzzle {
            let cage = board.cages[k].cells;
            if cage & !region == 0 {
                wholly_sum += case.sums[k];
            } else if cage & region != 0 {
                partly_sum += case.sums[k];
                partly |= cage;
            }
        }
        if wholly_sum > whole || partly_sum < whole - wholly_sum {
            continue; // sums no filling can make: the cages above rule it out
        }
        let innies_sum = whole - wholly_sum;
        let outies_sum = partly_sum - innies_sum;
        let innies = partly & region;
        let outies = partly & !region;
        for &(set, sum) in [(innies, innies_sum), (outies, outies_sum)].iter() {
            let known = board.cages.iter().any(|cage| cage.cells == set);
            if set == 0 || set.count_ones() > 9 || known {
                continue;
            }
            let holds = |cage: &Cage| set & !cage.cells == 0;
            let one_unit = board.cages[puzzle..puzzle + 27].iter().any(holds);
            let one_cage = board.cages[..puzzle].iter().any(holds);
            let mut cage = Cage {
                cells: set,
                distinct: one_unit || one_cage,
                used: 0,
                left: sum,
                open: set.count_ones() as usize,
                blanks: listed(set),
                shared: 0,
            };
            // The givens in it, counted as `place_in_cage` counts them, unless they break it.
            let in_set: Vec<usize> = (0..81).filter(|&i| set >> i & 1 != 0).collect();
            let mut broken = cage.distinct && sum > 45;
            for &i in in_set.iter().filter(|&&i| case.givens[i] != 0) {
                let d = case.givens[i];
                broken |= cage.distinct && cage.used & 1 << d != 0 || cage.left < d as usize;
                if broken {
                    break;
                }
                if cage.distinct {
                    cage.used ^= 1 << d;
                }
                cage.left -= d as usize;
                cage.open -= 1;
            }
            if broken || cage.open == 0 {
                continue;
            }
            // Its blanks first, as `place_in_cage` would have left them.
            cage.blanks[..in_set.len()].sort_by_key(|&i| case.givens[i] != 0);
            for &i in in_set.iter() {
                board.cages_of[i].push(board.cages.len());
            }
            board.cages.push(cage);
        }
    }
    // Per cage, the most cells another cage whose digits differ shares with it.
    let shared: Vec<usize> = (0..board.cages.len())
        .map(|k| {
            let cells = board.cages[k].cells;
            let others = board.cages.iter().enumerate();
            let others = others.filter(|&(j, cage)| j != k && cage.distinct);
            let common = others.map(|(_, cage)| (cage.cells & cells).count_ones() as usize);
            common.max().unwrap_or(0)
        })
        .collect();
    for (cage, &shared) in board.cages.iter_mut().zip(shared.iter()) {
        cage.shared = shared;
    }
    for i in 0..81 {
        let cages = board.cages_of[i].iter().map(|&k| &board.cages[k]);
        let holders = cages.filter(|cage| cage.distinct).map(|cage| cage.cells);
        board.holders.push(holders.collect());
        let around = board.holders[i]
            .iter()
            .fold(0, |cells, &holder| cells | holder);
        board.seen[i] = around & !(1 << i);
    }
    for i in 0..81 {
        for j in 0..81 {
            if j != i && units(i).iter().any(|u| units(j).contains(u)) {
                board.peers[i] |= 1 << j;
            }
        }
    }
    board.weights = vec![1; board.cages.len()]; // no dead end met yet
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
        // Every blank may take any digit so far (the givens' places go in the search's first
        // step), and every cage is new to the search.
        let everything = (1u128 << 81) - 1;
        let mut anything = Fits {
            digits: [ALL; 81],
            places: [everything; 10],
        };
        anything.places[0] = 0; // bit 0 stands for no digit
        search(&mut board, &mut blanks, anything, everything, 1, &mut found);
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
