//! HDU 3111 "Sudoku": solve each board, or say `impossible`.
//!
//! Input: a count T, then T boards, a line `---` between two; a board is 9 lines of 9
//! characters, a digit 1-9 or `?` for a blank. Output: per board its solution in the
//! same layout (9 lines of 9 digits), or the line `impossible` when it has none (givens
//! that clash included); a line `---` between the answers of two boards. The judge
//! promises that a board with a solution has exactly one, so any solution found is it.
//! Method: a recursive blank-list backtracker with used-digit masks per row, column and
//! box; each level fills a hidden single when there is one, else the blank with the
//! fewest candidates, its least constraining digit first (`src/bin/hdu1426.rs`'s search,
//! which improves on the row-major seed pattern of `src/bin/boj2580.rs`). A board with
//! no solution is the slow case: the whole tree is searched, and these prunings keep it
//! small.
//! Bad input: one line on stderr naming board, line and column; exit 1.
use std::io::{self, Read, Write};

/// Bits 1..=9 stand for the digits 1..=9.
const FREE: u16 = 0x3fe;

/// The line between two boards, and between two answers.
const SEPARATOR: &str = "---";

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

/// `text` as an error quotes it: in backquotes, control characters
/// escaped (`\u{1b}`, never a raw byte a terminal would obey), cut to 20
/// characters.
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

/// Reads the count T and the T boards (0 for a blank). Blank lines and `---` lines
/// between rows and boards are skipped; after the T boards only they may follow. Errors
/// name board, line and column.
fn parse(text: &str) -> Result<Vec<[u8; 81]>, String> {
    let mut lines = text
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line)) // a last line's lone CR
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && line.trim() != SEPARATOR);
    let (n, first) = match lines.next() {
        Some(found) => found,
        None => return Err("empty input: expected the number of boards".to_string()),
    };
    let count: usize = match first.trim().parse() {
        Ok(count) => count,
        Err(_) => {
            let why = format!("{} is not a number of boards", shown(first.trim()));
            return Err(format!("line {}: {}", n + 1, why));
        }
    };
    let mut boards = Vec::new();
    let mut cells = [0u8; 81];
    let mut filled = 0; // cells of the board being read
    for (n, line) in lines {
        let at = format!("board {}, line {}", boards.len() + 1, n + 1);
        if boards.len() == count {
            return Err(format!("{}: text after the {} boards", at, count));
        }
        let row = line.trim_end();
        for (column, ch) in row.chars().enumerate() {
            let value = match ch {
                '?' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => {
                    let why = format!("{} is not a digit 1-9 or `?`", shown(&ch.to_string()));
                    return Err(format!("{}, column {}: {}", at, column + 1, why));
                }
            };
            if column < 9 {
                cells[filled + column] = value;
            }
        }
        let length = row.chars().count();
        if length != 9 {
            return Err(format!("{}: {} cells, expected 9", at, length));
        }
        filled += 9;
        if filled == 81 {
            boards.push(cells);
            filled = 0;
        }
    }
    if boards.len() < count {
        let rows = filled / 9;
        let why = format!("the input ends after {} rows", rows);
        return Err(format!("board {} of {}: {}", boards.len() + 1, count, why));
    }
    Ok(boards)
}

/// A board being filled: its cells and, per row, column and box, the digits used.
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

/// The box of cell `i` (row-major, boxes numbered row-major too).
fn box_of(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}

impl Board {
    /// The board of `puzzle`'s givens; `None` when two givens share a row, column or box.
    fn new(puzzle: &[u8; 81]) -> Option<Board> {
        let mut board = Board {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &digit) in puzzle.iter().enumerate() {
            if digit != 0 {
                if board.candidates(i) & 1 << digit == 0 {
                    return None;
                }
                board.place(i, digit);
            }
        }
        Some(board)
    }

    /// The digits cell `i` may still take.
    fn candidates(&self, i: usize) -> u16 {
        FREE & !(self.rows[i / 9] | self.cols[i % 9] | self.boxes[box_of(i)])
    }

    /// Writes `digit` in blank cell `i`.
    fn place(&mut self, i: usize, digit: u8) {
        self.rows[i / 9] ^= 1 << digit;
        self.cols[i % 9] ^= 1 << digit;
        self.boxes[box_of(i)] ^= 1 << digit;
        self.cells[i] = digit;
    }

    /// Takes `digit` back out of cell `i`: `place` in the mirror.
    fn undo(&mut self, i: usize, digit: u8) {
        self.rows[i / 9] ^= 1 << digit;
        self.cols[i % 9] ^= 1 << digit;
        self.boxes[box_of(i)] ^= 1 << digit;
        self.cells[i] = 0;
    }
}

/// The row, column and box of cell `i`, numbered 0..9, 9..18 and 18..27: one index
/// space for the 27 units, so one loop serves them all.
fn units_of(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + box_of(i)]
}

/// Fills `blanks` (the blank cells of `board`); true once all are filled, with the
/// solution left in `board`. Each level fills one cell: a digit with one place left in
/// a row, column or box when there is one (a hidden single, found with the `once` and
/// `twice` masks; without it the hardest boards take a thousand times longer), else the
/// blank with the fewest candidates, trying each. The cell is moved to the front of
/// `blanks` (any order is allowed: a solution, when there is one, is the only one).
fn search(board: &mut Board, blanks: &mut [usize]) -> bool {
    if blanks.is_empty() {
        return true;
    }
    let mut best = 0;
    let mut fewest = 10;
    let mut once = [0u16; 27]; // per unit: the digits some blank of it can take
    let mut twice = [0u16; 27]; // per unit: the digits two or more of its blanks can take
    for (k, &i) in blanks.iter().enumerate() {
        let cand = board.candidates(i);
        if cand.count_ones() < fewest {
            best = k;
            fewest = cand.count_ones();
        }
        for &u in units_of(i).iter() {
            twice[u] |= once[u] & cand;
            once[u] |= cand;
        }
    }
    let mut choices = board.candidates(blanks[best]);
    for u in 0..27 {
        let used = match u {
            0..=8 => board.rows[u],
            9..=17 => board.cols[u - 9],
            _ => board.boxes[u - 18],
        };
        if FREE & !used & !once[u] != 0 {
            return false; // a digit this unit still needs fits none of its blanks
        }
        let single = once[u] & !twice[u];
        if fewest > 1 && single != 0 {
            let digit = single & single.wrapping_neg();
            let in_unit = |k: &usize| units_of(blanks[*k]).contains(&u);
            let fits = |k: &usize| board.candidates(blanks[*k]) & digit != 0;
            if let Some(k) = (0..blanks.len()).find(|k| in_unit(k) && fits(k)) {
                best = k;
                choices = digit;
                fewest = 1;
            }
        }
    }
    blanks.swap(0, best);
    let i = blanks[0];
    for digit in try_order(board, i, choices, &blanks[1..]) {
        board.place(i, digit);
        if search(board, &mut blanks[1..]) {
            return true;
        }
        board.undo(i, digit);
    }
    false
}

/// The digits of `choices` for cell `i`, the one the fewest of the `others` blanks that
/// share a unit with `i` can take first: it takes the fewest options away from them, so
/// it is the likeliest to lead to a solution (ascending digits send Norvig's "hard1"
/// into a search a hundred times longer).
fn try_order(board: &Board, i: usize, mut choices: u16, others: &[usize]) -> Vec<u8> {
    let units = units_of(i);
    let shares = |p: &usize| units_of(*p).iter().zip(units.iter()).any(|(a, b)| a == b);
    let peers: Vec<u16> = others
        .iter()
        .filter(|p| shares(p))
        .map(|&p| board.candidates(p))
        .collect();
    let mut order = Vec::new();
    while choices != 0 {
        let digit = (choices & choices.wrapping_neg()).trailing_zeros() as u8;
        choices &= choices - 1;
        let takers = peers.iter().filter(|&&c| c & 1 << digit != 0).count();
        order.push((takers, digit));
    }
    order.sort();
    order.into_iter().map(|(_, digit)| digit).collect()
}

/// A solution of `puzzle`, or `None` when it has none.
fn solve(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
    let mut board = Board::new(puzzle)?;
    let mut blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    if search(&mut board, &mut blanks) {
        Some(board.cells)
    } else {
        None
    }
}

/// 9 lines of 9 digits, or `impossible`.
fn render(solution: Option<[u8; 81]>) -> String {
    let cells = match solution {
        Some(cells) => cells,
        None => return "impossible\n".to_string(),
    };
    let mut out = String::with_capacity(90);
    for (i, &digit) in cells.iter().enumerate() {
        out.push((b'0' + digit) as char);
        if i % 9 == 8 {
            out.push('\n');
        }
    }
    out
}

fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = result.map(|boards| {
        let answers: Vec<String> = boards.iter().map(|b| render(solve(b))).collect();
        answers.join(&format!("{}\n", SEPARATOR))
    });
    if let Err(message) = out.and_then(|out| {
        io::stdout()
            .write_all(out.as_bytes())
            .map_err(|e| e.to_string())
    }) {
        eprintln!("hdu3111: {}", message);
        std::process::exit(1);
    }
}
