//! [`Fault`]: why a text being judged is not accepted, before the
//! checker phrases it as a verdict for its side (OUTPUT or ANSWER).

use super::lines::Unreadable;

/// Why a text is not accepted, before it is phrased for its [`Side`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Fault {
    /// Not laid out as the rule says (a presentation error in OUTPUT).
    Layout(String),
    /// Laid out right, but the wrong answer.
    Wrong(String),
    /// A board that is not a completion of its puzzle.
    NotSolution(String),
    /// A completion that is not the smallest: the first cell that differs,
    /// its value, and the smallest completion's, as messages name them.
    NotSmallest(String, String, String),
    /// The checker cannot decide (a judge failure on either side).
    Unjudgeable(String),
    /// The text ends before this answer: how many it gave (the caller,
    /// who knows how many puzzles INPUT holds, phrases it).
    Missing(usize),
    /// The text cannot be read on (about the text as a whole).
    Unreadable(Unreadable),
}
