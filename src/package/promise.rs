//! What the package's input validator checks of every input, and how a
//! folder's boards are laid out: what the validator reads and what the
//! generated cases may hold.
//!
//! The checks are derived from `judge.conf`'s rule keys in one place,
//! [`promise`]: a rule without a `no_solution` line promises solvable
//! boards, `unique` without a `many_solutions` line promises one solution,
//! and so on. (The statement's full promise, with the keys that state it
//! outright, is [`crate::judge::promise::Promise`], which `sudoku stress`
//! reads; the validator does not read those keys yet.)

use crate::board::shape::Shape;
use crate::format::{Cases, Format, Puzzle, Reader, Style};
use crate::judge::problem::{Answers, Conf};

/// What the statement promises about every input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InputChecks {
    /// Every board whose givens do not clash has a solution (the rule has
    /// no line for "none").
    pub solvable: bool,
    /// Every such board has exactly one solution (no line for "several").
    pub unique: bool,
    /// Givens may clash (the rule has a line for that: `no_solution`, or
    /// `illegal` under `classify`; `count` answers 0).
    pub clashes: bool,
    /// Every board is complete (`classify` with lines for "one" and
    /// "illegal" only: a grid checker).
    pub full: bool,
    /// Exactly one board per input (`cases = one`).
    pub one_board: bool,
}

impl InputChecks {
    /// True when a board with several solutions may be given.
    pub fn allows_many(&self) -> bool {
        !self.unique && !self.full
    }

    /// True when a board without solution (givens not clashing) may be
    /// given.
    pub fn allows_none(&self) -> bool {
        !self.solvable && !self.full
    }
}

/// The promise of the folder whose `judge.conf` is `conf` (see the module
/// notes): a board the rule has no answer for is never given. Under
/// `exact` nothing is known of the input's boards: every flag says
/// "anything", and the input validator checks the text only.
pub fn promise(conf: &Conf) -> InputChecks {
    let answers = conf.answers;
    if answers == Answers::Exact {
        return InputChecks {
            solvable: false,
            unique: false,
            clashes: true,
            full: false,
            one_board: conf.cases == Cases::One,
        };
    }
    let lines_none = conf.no_solution.is_some();
    let lines_many = conf.many_solutions.is_some();
    let (none, many, clashes) = match answers {
        Answers::Count => (true, true, true),
        Answers::Classify => (lines_none, lines_many, lines_none || conf.illegal.is_some()),
        Answers::Unique => (lines_none, lines_many, lines_none),
        _ => (lines_none, true, lines_none),
    };
    InputChecks {
        solvable: !none,
        unique: !many,
        clashes,
        full: answers == Answers::Classify && !none && !many,
        one_board: conf.cases == Cases::One,
    }
}

/// How a folder's boards are written in its inputs, as its first case shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardLayout {
    /// The style of its boards (format, js quote, euler label, symbols).
    pub style: Style,
    /// The shape of its boards.
    pub shape: Shape,
    /// The character the case writes for a blank cell.
    pub blank: char,
}

impl BoardLayout {
    /// True when the input validator can read the boards cell by cell
    /// (one character per cell, or numbers separated by spaces) and the
    /// generator can write them: plain boards (or Sudoku X) up to 9×9 in
    /// `digits` or `line` (not under `cases = size`, whose boards differ
    /// in size), or numbers at any size in `spaced`.
    pub fn is_cells(&self, conf: &Conf) -> bool {
        let plain = conf.from.and_then(Format::own_rules).is_none()
            && conf
                .variant
                .as_ref()
                .is_none_or(|v| v.regions().is_none() && v.cages().is_empty());
        let format = self.style.format;
        // Under `cases = size` the first board does not tell the others'
        // size: one character per cell holds only up to 9x9.
        let small = self.shape.size() <= 9 && conf.cases != Cases::Size;
        plain
            && conf.answers != Answers::Exact
            && (format == Format::Spaced
                || (small && matches!(format, Format::Digits | Format::Line)))
    }
}

/// The layout of `text`, a case of the folder `conf` judges: its first
/// board's style and shape, and the character it writes for blanks.
/// `None` when the text holds no board the kit reads (an `exact` folder's
/// own format).
pub fn layout(conf: &Conf, text: &str) -> Option<BoardLayout> {
    let mut reader = Reader::new(text.as_bytes(), conf.from, conf.cases).with_sizing(conf.sizing);
    let puzzle: Puzzle = reader.next()?.ok()?;
    let blank = conf.sizing.blank.unwrap_or_else(|| {
        let body: String = text.lines().skip(puzzle.line.saturating_sub(1)).collect();
        if matches!(puzzle.style.format, Format::Digits | Format::Line) && body.contains('.') {
            '.'
        } else {
            '0'
        }
    });
    Some(BoardLayout {
        shape: puzzle.grid.shape(),
        style: puzzle.style,
        blank,
    })
}
