//! One stress input as data ([`StressInput`]) and as the bytes a program reads
//! ([`InputLayout::write`]), in the folder's own format and framing: the count
//! line, `end`, a size line before each board, the separator line, the
//! blank character, the js quote and the euler labels its cases use.

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::format::{render, separator, Cases, Format, Style};
use crate::rng::Rng;

/// One input of a stress run.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StressInput {
    /// Boards, one after another in the folder's framing.
    Boards(Vec<Grid>),
    /// BOJ 1840: the 81 moves `ROW COL DIGIT`, cell `order[k]` written
    /// k-th with its value in `written`; `solution` is the completion the
    /// moves follow until their first mistake.
    Moves {
        /// The value each cell gets (some may differ from `solution`).
        written: Grid,
        /// The grid the moves were drawn from.
        solution: Grid,
        /// The cells in the order the moves fill them.
        order: Vec<usize>,
    },
    /// BOJ 4574: domino puzzles, closed by a line `0`.
    Dominoes(Vec<Domino>),
    /// An empty input (an output-only problem).
    Nothing,
}

impl StressInput {
    /// How many boards (games, puzzles) it holds.
    pub fn len(&self) -> usize {
        match self {
            StressInput::Boards(b) => b.len(),
            StressInput::Dominoes(d) => d.len(),
            StressInput::Moves { .. } => 1,
            StressInput::Nothing => 0,
        }
    }

    /// True when it holds no board.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The givens of all its boards (for a game, the moves that agree with
    /// its solution; for dominoes, the cells laid).
    pub fn givens(&self) -> usize {
        match self {
            StressInput::Boards(b) => b.iter().map(Grid::givens).sum(),
            StressInput::Moves {
                written, solution, ..
            } => (0..81)
                .filter(|&i| written.get(i) == solution.get(i))
                .count(),
            StressInput::Dominoes(d) => d.iter().map(|p| 2 * p.laid.len() + 9).sum(),
            StressInput::Nothing => 0,
        }
    }
}

/// A BOJ 4574 puzzle: the dominoes laid (`(u, cell, v, cell)`: digit u
/// on the first cell, v on the second, side by side) and the cell of each
/// lone digit 1..=9.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Domino {
    /// The dominoes given.
    pub laid: Vec<(u8, usize, u8, usize)>,
    /// `lone[d - 1]` is the cell where digit `d` stands alone.
    pub lone: [usize; 9],
}

/// How the folder writes its inputs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InputLayout {
    /// The style of every board (format, js quote, symbols).
    pub style: Style,
    /// The framing.
    pub cases: Cases,
    /// The character written for a blank, where the format writes one
    /// character per cell or a number (`?`, `*`, `.`); `None`: the format's.
    pub blank: Option<char>,
    /// The line between two boards (`---`), else a blank line.
    pub separator: Option<String>,
    /// A blank line after the count line (HDU 5547's "each after an
    /// empty line").
    pub blank_after_count: bool,
}

impl InputLayout {
    /// A layout for `format` framed by `cases`, nothing learned.
    pub fn new(format: Format, cases: Cases) -> InputLayout {
        InputLayout {
            style: Style::new(format),
            cases,
            blank: None,
            separator: None,
            blank_after_count: false,
        }
    }

    /// The bytes of `input`.
    pub fn write(&self, input: &StressInput) -> Vec<u8> {
        match input {
            StressInput::Boards(boards) => self.boards(boards).into_bytes(),
            StressInput::Moves { written, order, .. } => order
                .iter()
                .map(|&i| format!("{} {} {}\n", i / 9 + 1, i % 9 + 1, written.get(i)))
                .collect::<String>()
                .into_bytes(),
            StressInput::Dominoes(puzzles) => {
                let mut out: String = puzzles.iter().map(domino_text).collect();
                out.push_str("0\n");
                out.into_bytes()
            }
            StressInput::Nothing => Vec::new(),
        }
    }

    /// Boards in the framing and style.
    fn boards(&self, boards: &[Grid]) -> String {
        let mut out = String::new();
        match self.cases {
            Cases::Count => {
                out.push_str(&format!("{}\n", boards.len()));
                if self.blank_after_count {
                    out.push('\n');
                }
            }
            Cases::Auto if boards.len() > 1 && self.style.format != Format::Js => {
                out.push_str(&format!("{}\n", boards.len()));
            }
            _ => {}
        }
        for (k, board) in boards.iter().enumerate() {
            if k > 0 {
                match &self.separator {
                    Some(line) => out.push_str(&format!("{}\n", line)),
                    None => out.push_str(separator(self.style.format, self.style.format)),
                }
            }
            if self.cases == Cases::Size {
                out.push_str(&format!("{}\n", board.shape().box_rows()));
            }
            let mut style = self.style.clone();
            if style.format == Format::Euler {
                style.label = Some(format!("Grid {:02}", k + 1));
            }
            out.push_str(&self.blanked(&render(board, &style)));
        }
        if self.cases == Cases::End {
            out.push_str("end\n");
        }
        out
    }

    /// `text` (one board) with its blanks written as the folder writes
    /// them: `0` tokens of `spaced`, `0` or `.` cells of `digits`, `line`
    /// and `euler` rows.
    fn blanked(&self, text: &str) -> String {
        let Some(blank) = self.blank else {
            return text.to_string();
        };
        let format = self.style.format;
        let mut out = String::with_capacity(text.len());
        for (k, line) in text.lines().enumerate() {
            let fixed = match format {
                Format::Spaced => line
                    .split(' ')
                    .map(|t| {
                        if t == "0" {
                            blank.to_string()
                        } else {
                            t.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
                Format::Digits | Format::Line => line.replace(['0', '.'], &blank.to_string()),
                Format::Euler if k > 0 => line.replace(['0', '.'], &blank.to_string()),
                _ => line.to_string(),
            };
            out.push_str(&fixed);
            out.push('\n');
        }
        out
    }
}

/// The name of cell `i`: row letter, column digit (`A1`, `I9`).
fn cell_name(i: usize) -> String {
    format!("{}{}", (b'A' + (i / 9) as u8) as char, i % 9 + 1)
}

/// One BOJ 4574 puzzle as its input lines.
fn domino_text(p: &Domino) -> String {
    let mut out = format!("{}\n", p.laid.len());
    for &(u, a, v, b) in &p.laid {
        out.push_str(&format!("{} {} {} {}\n", u, cell_name(a), v, cell_name(b)));
    }
    let lone: Vec<String> = p.lone.iter().map(|&i| cell_name(i)).collect();
    out.push_str(&lone.join(" "));
    out.push('\n');
    out
}

/// The domino puzzles of a BOJ 4574 input (up to its line `0`); a
/// malformed puzzle ends the reading (the ones before it are kept).
pub fn read_dominoes(text: &str) -> Vec<Domino> {
    let cell = |w: &str| {
        let b = w.as_bytes();
        (b.len() == 2 && (b'A'..=b'I').contains(&b[0]) && (b'1'..=b'9').contains(&b[1]))
            .then(|| usize::from(b[0] - b'A') * 9 + usize::from(b[1] - b'1'))
    };
    let digit = |w: &str| w.parse::<u8>().ok().filter(|d| (1..=9).contains(d));
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut out = Vec::new();
    while let Some(n) = lines.next().and_then(|l| l.parse::<usize>().ok()) {
        if n == 0 || n > 36 {
            break;
        }
        let mut laid = Vec::with_capacity(n);
        for _ in 0..n {
            let w: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
            match (
                w.len(),
                w.first().and_then(|x| digit(x)),
                w.get(1).and_then(|x| cell(x)),
            ) {
                (4, Some(u), Some(a)) => match (digit(w[2]), cell(w[3])) {
                    (Some(v), Some(b)) => laid.push((u, a, v, b)),
                    _ => return out,
                },
                _ => return out,
            }
        }
        let cells: Vec<usize> = lines
            .next()
            .unwrap_or("")
            .split_whitespace()
            .filter_map(cell)
            .collect();
        let Ok(lone) = <[usize; 9]>::try_from(cells) else {
            return out;
        };
        out.push(Domino { laid, lone });
    }
    out
}

/// `p` in a random isomorphic form: turned or mirrored (the board's eight
/// symmetries keep rows, columns, boxes and which cells are side by side),
/// digits relabelled (the set of dominoes maps onto itself), the dominoes
/// listed in another order and either way round. One solution still.
pub fn moved_domino(rng: &mut Rng, p: &Domino) -> Domino {
    let (transpose, flip_r, flip_c) = (rng.below(2) == 1, rng.below(2) == 1, rng.below(2) == 1);
    let at = |i: usize| {
        let (mut r, mut c) = (i / 9, i % 9);
        if transpose {
            std::mem::swap(&mut r, &mut c);
        }
        if flip_r {
            r = 8 - r;
        }
        if flip_c {
            c = 8 - c;
        }
        r * 9 + c
    };
    let mut values: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut values);
    let to = |d: u8| values[usize::from(d) - 1];
    let mut laid: Vec<(u8, usize, u8, usize)> = p
        .laid
        .iter()
        .map(|&(u, a, v, b)| (to(u), at(a), to(v), at(b)))
        .map(|(u, a, v, b)| {
            if rng.below(2) == 0 {
                (u, a, v, b)
            } else {
                (v, b, u, a)
            }
        })
        .collect();
    rng.shuffle(&mut laid);
    let mut lone = [0usize; 9];
    for (d, &i) in p.lone.iter().enumerate() {
        lone[usize::from(to(d as u8 + 1)) - 1] = at(i);
    }
    Domino { laid, lone }
}

/// A random BOJ 1840 game: a random complete grid filled in a random
/// order; from a random move on (or never, one time in four) a digit is
/// wrong, sometimes a repeat, sometimes one that breaks no rule yet.
pub fn random_moves(rng: &mut Rng) -> Option<StressInput> {
    let solution = crate::generate::random_grid(rng, Shape::CLASSIC)?;
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut written = solution.clone();
    if rng.below(4) > 0 {
        let from = rng.below(81);
        for (k, &i) in order.iter().enumerate().skip(from) {
            if k == from || rng.below(3) == 0 {
                written.set(i, 1 + rng.below(9) as u8);
            }
        }
    }
    Some(StressInput::Moves {
        written,
        solution,
        order,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_framed_as_the_folder_frames_them() {
        let mut board = Grid::empty(Shape::new(2, 2).unwrap());
        board.set(0, 1);
        let two = StressInput::Boards(vec![board.clone(), board.clone()]);
        let mut hdu5547 = InputLayout::new(Format::Digits, Cases::Count);
        hdu5547.blank = Some('*');
        hdu5547.blank_after_count = true;
        assert_eq!(
            String::from_utf8(hdu5547.write(&two)).unwrap(),
            "2\n\n1***\n****\n****\n****\n\n1***\n****\n****\n****\n"
        );
        let mut hdu3111 = InputLayout::new(Format::Digits, Cases::Count);
        hdu3111.separator = Some("---".into());
        assert!(String::from_utf8(hdu3111.write(&two))
            .unwrap()
            .contains("0000\n---\n1000"));
        let uva = InputLayout::new(Format::Spaced, Cases::Size);
        assert!(String::from_utf8(uva.write(&two))
            .unwrap()
            .starts_with("2\n1 0 0 0\n"));
        let poj = InputLayout::new(Format::Line, Cases::End);
        let nine = StressInput::Boards(vec![Grid::empty(Shape::CLASSIC)]);
        assert_eq!(
            String::from_utf8(poj.write(&nine)).unwrap(),
            format!("{}\nend\n", ".".repeat(81))
        );
    }

    #[test]
    fn moves_and_dominoes_are_written_as_their_statements_say() {
        let mut rng = Rng::new(3);
        let game = random_moves(&mut rng).unwrap();
        let text =
            String::from_utf8(InputLayout::new(Format::Line, Cases::One).write(&game)).unwrap();
        assert_eq!(text.lines().count(), 81);
        let case = "2\n1 A1 2 A2\n3 B1 4 C1\nA3 A4 A5 A6 A7 A8 A9 B2 B3\n0\n";
        let read = read_dominoes(case);
        assert_eq!(read.len(), 1);
        let layout = InputLayout::new(Format::Line, Cases::One);
        let again = String::from_utf8(layout.write(&StressInput::Dominoes(read.clone()))).unwrap();
        assert_eq!(again, case);
        // A moved puzzle: dominoes still side by side, values a relabelling.
        for _ in 0..20 {
            let moved = moved_domino(&mut rng, &read[0]);
            assert_eq!(moved.laid.len(), 2);
            for &(u, a, v, b) in &moved.laid {
                let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
                assert_eq!(ra.abs_diff(rb) + ca.abs_diff(cb), 1);
                assert_ne!(u, v);
            }
            let mut lone = moved.lone.to_vec();
            lone.sort_unstable();
            lone.dedup();
            assert_eq!(lone.len(), 9);
        }
    }
}
