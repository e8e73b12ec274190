//! Problem: Baekjoon 4574 "스도미노쿠" (Su-domino-ku, https://www.acmicpc.net/problem/4574;
//! Mid-Central USA Regional 2011, problem D; also HDU 4210 and e-olymp 3108).
//! Input: puzzles until a line `0`. A puzzle is a line N (the dominoes already laid), N lines
//! `U LU V LV` (a domino: digit U on cell LU, digit V on the neighbouring cell LV; a cell is a
//! row letter A-I and a column digit 1-9, `A1` top left), then a line of nine cells where the
//! digits 1, 2, ..., 9 stand alone.
//! Output: per puzzle the line `Puzzle i` (i from 1), then its solved grid as 9 lines of 9
//! digits.
//! Answer: the one solution: a Sudoku grid whose 72 cells off the nine lone digits are covered
//! by the 36 dominoes (one per pair of different digits 1-9, each laid once, either way round,
//! on two cells side by side); the statement promises exactly one per puzzle.
//! Method: a blank-list backtracker with used-digit masks and one mask of laid dominoes per
//! digit; each node lays a domino on the blank that has the fewest ways left to be covered
//! (a neighbouring blank, two digits their units allow, a domino not yet laid), after checking
//! that every row, column and box can still get each digit it lacks.
//! Improves on: the usual solution, which covers the first blank row-major with every free
//! domino to its right or below: it never notices a blank that nothing can cover until the
//! search reaches it.
//! Errors: one line on stderr naming puzzle, line and column (a count outside 0-36, a digit
//! outside 1-9, a cell outside A1-I9, a domino on two cells not side by side, with one digit
//! twice, laid twice, a cell covered twice, no `0` at the end, text after it) or saying the
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

/// One puzzle as the input gives it: the digits on the board (0 = a cell still to cover)
/// and the dominoes laid, as masks: bit b of `laid[a]` (and bit a of `laid[b]`) is set when
/// the domino of digits a and b lies on the board.
struct Case {
    givens: [u8; 81],
    laid: [u16; 10],
}

/// The cell a name like `I4` stands for (row letter A-I, column digit 1-9), row-major 0..81.
fn cell_of(word: &str) -> Option<usize> {
    match word.as_bytes() {
        &[r, c] if (b'A'..=b'I').contains(&r) && (b'1'..=b'9').contains(&c) => {
            Some((r - b'A') as usize * 9 + (c - b'1') as usize)
        }
        _ => None,
    }
}

/// Reads the puzzles up to the line `0` (blank lines are skipped; after the `0` only they may
/// follow). An error names puzzle, line and column.
fn parse(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut case = Case {
        givens: [0; 81],
        laid: [0; 10],
    };
    let mut dominoes = 0; // the dominoes of the puzzle being read, once its count is read
    let mut read = 0; // how many of them are read
    let mut counted = false; // whether the puzzle's count line is read
    let mut ended = false; // whether the line `0` is read
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
        let at = format!("puzzle {}, line {}", cases.len() + 1, line_index + 1);
        let at_word = |k: usize| format!("{}, column {}", at, words[k].0);
        if ended {
            return Err(format!(
                "line {}: text after the closing `0`",
                line_index + 1
            ));
        }
        if !counted {
            // The count line: N, or 0 to end the input.
            let n = match words[0].1.parse::<usize>() {
                Ok(n) if n <= 36 && !words[0].1.starts_with('+') => n, // digits only: no `+`
                _ => {
                    let why = format!("{} is not a count of dominoes 0-36", shown(words[0].1));
                    return Err(format!("{}: {}", at_word(0), why));
                }
            };
            if words.len() > 1 {
                return Err(format!("{}: text after the count", at_word(1)));
            }
            if n == 0 {
                ended = true;
                continue;
            }
            dominoes = n;
            read = 0;
            counted = true;
            continue;
        }
        if read < dominoes {
            // A domino: `U LU V LV`.
            if words.len() != 4 {
                let why = format!("expected 4 words (`U LU V LV`), found {}", words.len());
                return Err(format!("{}: {}", at, why));
            }
            let mut digits = [0u8; 2];
            let mut cells = [0usize; 2];
            for half in 0..2 {
                let (digit, cell) = (words[2 * half].1, words[2 * half + 1].1);
                digits[half] = match digit.as_bytes() {
                    &[b] if (b'1'..=b'9').contains(&b) => b - b'0',
                    _ => {
                        let why = format!("{} is not a digit 1-9", shown(digit));
                        return Err(format!("{}: {}", at_word(2 * half), why));
                    }
                };
                cells[half] = match cell_of(cell) {
                    Some(i) => i,
                    None => {
                        let why = format!("{} is not a cell A1-I9", shown(cell));
                        return Err(format!("{}: {}", at_word(2 * half + 1), why));
                    }
                };
                if case.givens[cells[half]] != 0 {
                    let why = format!("cell {} is covered twice", cell);
                    return Err(format!("{}: {}", at_word(2 * half + 1), why));
                }
            }
            let (a, b) = (digits[0], digits[1]);
            let (i, j) = (cells[0], cells[1]);
            // Side by side: in one row one column apart, or in one column one row apart.
            let beside = (i / 9 == j / 9 && (i % 9 + 1 == j % 9 || j % 9 + 1 == i % 9))
                || (i % 9 == j % 9 && (i / 9 + 1 == j / 9 || j / 9 + 1 == i / 9));
            if !beside {
                let why = format!("{} and {} are not side by side", words[1].1, words[3].1);
                return Err(format!("{}: {}", at_word(3), why));
            }
            if a == b {
                let why = format!("no domino has the digit {} twice", a);
                return Err(format!("{}: {}", at_word(2), why));
            }
            if case.laid[a as usize] & 1 << b != 0 {
                let why = format!("the domino {}+{} is laid twice", a.min(b), a.max(b));
                return Err(format!("{}: {}", at, why));
            }
            case.givens[i] = a;
            case.givens[j] = b;
            case.laid[a as usize] |= 1 << b;
            case.laid[b as usize] |= 1 << a;
            read += 1;
            continue;
        }
        // The line of the lone digits: the cells of 1, 2, ..., 9 in that order.
        if words.len() != 9 {
            let why = format!("{} cells, expected 9 (where 1-9 stand)", words.len());
            return Err(format!("{}: {}", at, why));
        }
        for (k, &(_, word)) in words.iter().enumerate() {
            let i = match cell_of(word) {
                Some(i) => i,
                None => {
                    let why = format!("{} is not a cell A1-I9", shown(word));
                    return Err(format!("{}: {}", at_word(k), why));
                }
            };
            if case.givens[i] != 0 {
                let why = format!("cell {} is covered twice", word);
                return Err(format!("{}: {}", at_word(k), why));
            }
            case.givens[i] = k as u8 + 1;
        }
        cases.push(case);
        case = Case {
            givens: [0; 81],
            laid: [0; 10],
        };
        counted = false;
    }
    if ended {
        return Ok(cases);
    }
    let at = format!("puzzle {}", cases.len() + 1);
    match (counted, read < dominoes) {
        (false, _) if cases.is_empty() => Err("empty input: expected a count N".to_string()),
        (false, _) => Err(format!("{}: the input ends without the line `0`", at)),
        (true, true) => {
            let why = format!("the input ends after {} of its {} dominoes", read, dominoes);
            Err(format!("{}: {}", at, why))
        }
        (true, false) => Err(format!(
            "{}: the input ends before the line of lone digits",
            at
        )),
    }
}

// ---------------------------------------------------------------- the board and its units

/// The board: the cells row-major (0 = blank), per row, column and box a mask of the digits
/// USED there (bit d set: digit d stands somewhere in that row, column or box), and per digit
/// a mask of the dominoes LAID with it (bit b of `dominoes[a]`: the domino a+b is laid).
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    dominoes: [u16; 10],
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

/// The cells side by side with cell `i` (up, left, right, down), as many as there are.
fn neighbours(i: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let column = i % 9;
    if i >= 9 {
        out.push(i - 9);
    }
    if column >= 1 {
        out.push(i - 1);
    }
    if column < 8 {
        out.push(i + 1);
    }
    if i < 72 {
        out.push(i + 9);
    }
    out
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

/// Lays the domino a+b: digit `a` on blank `i`, digit `b` on blank `j`, and marks it laid.
fn lay(board: &mut Board, i: usize, j: usize, a: u8, b: u8) {
    place(board, i, a);
    place(board, j, b);
    board.dominoes[a as usize] ^= 1 << b;
    board.dominoes[b as usize] ^= 1 << a;
}

/// Takes the domino a+b back off cells `i` and `j`: the same lines as `lay`, which undo it.
fn lift(board: &mut Board, i: usize, j: usize, a: u8, b: u8) {
    undo(board, i, a);
    undo(board, j, b);
    board.dominoes[a as usize] ^= 1 << b;
    board.dominoes[b as usize] ^= 1 << a;
}

/// The digits blank `j` can take beside digit `a` on a domino: those its units allow, other
/// than `a`, whose domino with `a` is not laid yet.
fn partners(board: &Board, j: usize, a: u8) -> u16 {
    candidates(board, j) & !board.dominoes[a as usize] & !(1 << a)
}

// ---------------------------------------------------------------- search

/// What a search found: the number of solutions, counted up to its limit, and the first.
struct Found {
    count: usize,
    first: [u8; 81],
}

/// The number of ways blank `i` can still be covered: per blank neighbour `j`, per digit `a`
/// blank `i` can take, the digits `j` can take beside it. Every way lays a domino not yet
/// laid, and a digit `j`'s units allow; when `i` and `j` share a unit, `b != a` keeps it.
fn ways(board: &Board, i: usize) -> u32 {
    let mut count = 0;
    for j in neighbours(i) {
        if board.cells[j] != 0 {
            continue;
        }
        let mut digits = candidates(board, i);
        while digits != 0 {
            let a = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            count += partners(board, j, a).count_ones();
        }
    }
    count
}

/// Counts into `found` the solutions that cover `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one. Each node lays one domino on two blanks, moved to the
/// front of `blanks` (the order is free: the statement promises one solution).
fn search(board: &mut Board, blanks: &mut [usize], limit: usize, found: &mut Found) {
    if blanks.is_empty() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
        return;
    }
    // Look at every blank once: find the one with the fewest ways to be covered (ties: the
    // first), and collect per row, column and box the digits its blanks can still take.
    let mut fewest = 0; // a position in `blanks`
    let mut fewest_ways = u32::MAX;
    let mut reach = [0u16; 27];
    for (n, &i) in blanks.iter().enumerate() {
        let count = ways(board, i);
        if count < fewest_ways {
            fewest = n;
            fewest_ways = count;
        }
        for &u in units(i).iter() {
            reach[u] |= candidates(board, i);
        }
    }
    // A blank that nothing can cover (no blank beside it, or no domino fits): a dead end.
    if fewest_ways == 0 {
        return;
    }
    // A digit that a row, column or box still needs but that none of its blanks can take:
    // a dead end too (the blanks of a unit are exactly the digits it lacks, so each of them
    // must fit somewhere).
    for (u, &reach) in reach.iter().enumerate() {
        if ALL & !used(board, u) & !reach != 0 {
            return;
        }
    }
    // Branch on the blank with the fewest ways: every domino it can get, both ways round.
    blanks.swap(0, fewest);
    let i = blanks[0];
    for j in neighbours(i) {
        // `j` must be blank; then it is among blanks[1..]: move it to position 1, so the
        // deeper search gets the rest as one slice.
        let at = match blanks[1..].iter().position(|&b| b == j) {
            Some(at) => at + 1,
            None => continue,
        };
        blanks.swap(1, at);
        let mut digits = candidates(board, i);
        while digits != 0 {
            let a = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            let mut others = partners(board, j, a);
            while others != 0 && found.count < limit {
                let b = others.trailing_zeros() as u8;
                others &= others - 1;
                lay(board, i, j, a, b);
                search(board, &mut blanks[2..], limit, found);
                lift(board, i, j, a, b);
            }
        }
    }
}

/// The solution of one puzzle; an error names two clashing givens, or says there is none.
fn solve(case: &Case) -> Result<[u8; 81], String> {
    let mut board = Board {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        dominoes: case.laid,
    };
    for (i, &d) in case.givens.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if let Some(&u) = units(i).iter().find(|&&u| used(&board, u) & 1 << d != 0) {
            let j = (0..i)
                .find(|&j| case.givens[j] == d && units(j).contains(&u))
                .unwrap_or(i);
            let name = |k: usize| format!("{}{}", (b'A' + (k / 9) as u8) as char, k % 9 + 1);
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
        place(&mut board, i, d);
    }
    let mut blanks: Vec<usize> = (0..81).filter(|&i| case.givens[i] == 0).collect();
    let mut found = Found {
        count: 0,
        first: [0; 81],
    };
    search(&mut board, &mut blanks, 1, &mut found);
    match found.count {
        0 => Err("no solution: the dominoes left cannot cover the blanks".to_string()),
        _ => Ok(found.first),
    }
}

// ---------------------------------------------------------------- writing

/// The answer to puzzle `n`: the line `Puzzle n`, then the grid as 9 lines of 9 digits.
fn render(n: usize, cells: [u8; 81]) -> String {
    let mut out = format!("Puzzle {}\n", n);
    for (i, &d) in cells.iter().enumerate() {
        out.push((b'0' + d) as char);
        if i % 9 == 8 {
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
    let out = cases.and_then(|cases| {
        let mut out = String::new();
        for (k, case) in cases.iter().enumerate() {
            let solution = solve(case).map_err(|e| format!("puzzle {}: {}", k + 1, e))?;
            out += &render(k + 1, solution);
        }
        Ok(out)
    });
    let written = out.and_then(|out| {
        let written = io::stdout().write_all(out.as_bytes());
        written.map_err(|e| format!("cannot write stdout: {}", e))
    });
    if let Err(message) = written {
        eprintln!("boj4574: {}", message);
        std::process::exit(1);
    }
}
