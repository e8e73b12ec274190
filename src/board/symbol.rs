//! How a cell's value is written, on boards of any size.
//!
//! A cell holds 0 (blank) or a value 1..=N. Boards up to 9×9 write the
//! values as digits; larger boards use one of two conventions, one
//! character a cell:
//!
//! | convention | values | blank | where |
//! |---|---|---|---|
//! | [`Convention::Digits`] | `1`–`9`, then `A` = 10, `B` = 11, …, `G` = 16, …, `P` = 25 | `.` or `0` | 9×9 as today; 16×16 as one line of 256 (`1-9A-G`) |
//! | [`Convention::Letters`] | `A` = 1, `B` = 2, …, `P` = 16, …, `Y` = 25 | `-` or `.` | SPOJ SUDOKU, POJ 3076: 16 rows of 16 letters |
//!
//! The `spaced` format writes numbers instead, `0` for a blank and `1` to
//! `N` ([`read_number`]). Letters are upper case only.
//!
//! # Which convention a board is in
//! Unless a convention is forced (a command-line flag), a reader gives the
//! characters of the whole board to [`Convention::detect`]:
//! 1. a digit `0`–`9` anywhere makes it [`Convention::Digits`] (a letter
//!    then means 10 and up);
//! 2. otherwise a letter or a `-` makes it [`Convention::Letters`];
//! 3. otherwise (only `.` blanks) it is [`Convention::Digits`].
//!
//! So a 16×16 board of only `A`–`P` and `-` (or `.`) is letters, and one
//! with digits and letters is digits-and-letters; a `P` or a `-` in a board
//! that also has digits is then an error that says so. The one case the
//! rule can misread is a digits-and-letters board whose givens happen to
//! hold no digit 1–9 at all and whose blanks are all `.`: it is read as
//! letters (it still reads without error when its letters stop at `G`);
//! force the convention for such a board. Output keeps the convention the
//! board was read in.

use std::fmt;
use std::str::FromStr;

/// Input as a message shows it: at most `max` characters (then `…`), each
/// control character, each whitespace other than the space and each
/// invisible format character (a byte-order mark) escaped as Rust writes
/// it (`\t`, `\u{1b}`, `\u{a0}`, `\u{feff}`). The one quoting rule of
/// every message of the kit that shows input, so that a message never
/// writes a raw control byte to a terminal.
pub fn shown_up_to(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max.saturating_mul(4)) + 3);
    for (k, c) in text.chars().enumerate() {
        if k == max {
            out.push('…');
            break;
        }
        // Invisible format characters too: a byte-order mark, zero-width
        // spaces and joiners, word joiners.
        let invisible = matches!(c, '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}');
        if c.is_control() || (c.is_whitespace() && c != ' ') || invisible {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A token or a line as a message shows it: [`shown_up_to`] 12 characters.
pub fn shown(text: &str) -> String {
    shown_up_to(text, 12)
}

/// A character as a message shows it, escaped as [`shown`] escapes it.
pub fn shown_char(c: char) -> String {
    shown(c.encode_utf8(&mut [0; 4]))
}

/// A way of writing values as one character each (see the module notes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Convention {
    /// `1`–`9`, then `A` = 10, `B` = 11, …; blank `.` or `0`. The only
    /// convention of 9×9 boards so far.
    Digits,
    /// `A` = 1, `B` = 2, …; blank `-` or `.`.
    Letters,
}

/// A character or number token that is no value of the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SymbolError {
    /// A symbol of the convention whose value is above N.
    Beyond(char, usize, Convention),
    /// An upper-case letter in a digits board of at most 9×9.
    LetterInDigits(char, usize),
    /// A digit in a letters board.
    DigitInLetters(char, usize),
    /// `-`, the letters blank, in a digits board.
    LettersBlank(usize),
    /// A character that no convention uses here.
    Unknown(char, usize, Convention),
    /// A number token above N.
    NumberBeyond(String, usize),
    /// A token that is not a number.
    NotANumber(String, usize),
}

impl fmt::Display for SymbolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymbolError::Beyond(ch, n, conv) => {
                write!(
                    f,
                    "'{}' is beyond {} ({})",
                    shown_char(*ch),
                    n,
                    conv.range(*n)
                )
            }
            SymbolError::LetterInDigits(ch, n) => write!(
                f,
                "a letter '{}' in a digits board ({}, blank '0' or '.')",
                shown_char(*ch),
                Convention::Digits.range(*n)
            ),
            SymbolError::DigitInLetters(ch, n) => write!(
                f,
                "a digit '{}' in a letters board ({}, blank '-' or '.')",
                shown_char(*ch),
                Convention::Letters.range(*n)
            ),
            SymbolError::LettersBlank(n) => write!(
                f,
                "'-' is the letters blank, in a digits board ({}, blank '0' or '.')",
                Convention::Digits.range(*n)
            ),
            SymbolError::Unknown(ch, n, Convention::Digits) if *n <= 9 => {
                write!(f, "'{}' is not a digit 0-{} or '.'", shown_char(*ch), n)
            }
            SymbolError::Unknown(ch, n, Convention::Digits) => write!(
                f,
                "'{}' is not a symbol {}, '0' or '.'",
                shown_char(*ch),
                Convention::Digits.range(*n).trim_start_matches("digits ")
            ),
            SymbolError::Unknown(ch, n, Convention::Letters) => write!(
                f,
                "'{}' is not a {}, '-' or '.'",
                shown_char(*ch),
                Convention::Letters
                    .range(*n)
                    .replacen("letters", "letter", 1)
            ),
            SymbolError::NumberBeyond(tok, n) => {
                write!(f, "{} is out of range 0-{}", shown(tok), n)
            }
            SymbolError::NotANumber(tok, n) => {
                write!(f, "'{}' is not a number 0-{}", shown(tok), n)
            }
        }
    }
}

impl std::error::Error for SymbolError {}

impl Convention {
    /// Both conventions, in the order the help lists them.
    pub const ALL: [Convention; 2] = [Convention::Digits, Convention::Letters];

    /// `digits` or `letters`, as a flag names it.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Digits => "digits",
            Convention::Letters => "letters",
        }
    }

    /// The convention of a board from all its characters (blanks
    /// included), by the rule of the module notes. O(cells).
    pub fn detect<I: IntoIterator<Item = char>>(chars: I) -> Convention {
        let mut letters = false;
        for ch in chars {
            match ch {
                '0'..='9' => return Convention::Digits,
                'A'..='Z' | '-' => letters = true,
                _ => {}
            }
        }
        if letters {
            Convention::Letters
        } else {
            Convention::Digits
        }
    }

    /// The value of `ch` on an N×N board (`n` = N, 1..=25): 0 for a blank,
    /// else 1..=N. The error names the character and says why it is none.
    #[inline]
    pub fn read(self, ch: char, n: usize) -> Result<u8, SymbolError> {
        let value = match (self, ch) {
            (Convention::Digits, '0' | '.') | (Convention::Letters, '-' | '.') => return Ok(0),
            (Convention::Digits, '1'..='9') => ch as usize - '0' as usize,
            (Convention::Digits, 'A'..='Z') if n <= 9 => {
                return Err(SymbolError::LetterInDigits(ch, n))
            }
            (Convention::Digits, 'A'..='Z') => ch as usize - 'A' as usize + 10,
            (Convention::Digits, '-') => return Err(SymbolError::LettersBlank(n)),
            (Convention::Letters, 'A'..='Z') => ch as usize - 'A' as usize + 1,
            (Convention::Letters, '0'..='9') => return Err(SymbolError::DigitInLetters(ch, n)),
            _ => return Err(SymbolError::Unknown(ch, n, self)),
        };
        if value > n {
            return Err(SymbolError::Beyond(ch, n, self));
        }
        Ok(value as u8)
    }

    /// The character of value `v` (1..=25): `7`, `G`, …; `blank` for 0.
    #[inline]
    pub fn write(self, v: u8, blank: char) -> char {
        match (self, v) {
            (_, 0) => blank,
            (Convention::Digits, 1..=9) => char::from(b'0' + v),
            (Convention::Digits, _) => char::from(b'A' + v - 10),
            (Convention::Letters, _) => char::from(b'A' + v - 1),
        }
    }

    /// The symbols of an N×N board in words: `digits 1-9, A-G`,
    /// `digits 1-6`, `letters A-P`.
    pub fn range(self, n: usize) -> String {
        let span = |from: u8, to: u8| {
            let (a, b) = (self.write(from, ' '), self.write(to, ' '));
            if from == to {
                a.to_string()
            } else {
                format!("{}-{}", a, b)
            }
        };
        let n = n.clamp(1, crate::board::shape::MAX_SIZE) as u8;
        match self {
            Convention::Digits if n <= 9 => format!("digits {}", span(1, n)),
            Convention::Digits => format!("digits 1-9, {}", span(10, n)),
            Convention::Letters => format!("letters {}", span(1, n)),
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Convention {
    type Err = String;

    /// Parses `digits` or `letters`; the error lists both.
    fn from_str(s: &str) -> Result<Convention, String> {
        Convention::ALL
            .iter()
            .copied()
            .find(|c| c.name() == s)
            .ok_or_else(|| format!("unknown symbols `{}` (expected digits or letters)", s))
    }
}

/// The value of a number token of the `spaced` format on an N×N board:
/// `0` (also `00`) or `.` is a blank; no sign (`+1`, `-0`), `1` to `N` (leading zeros
/// allowed) a value. On 9×9 the messages are those of the 9×9 reader:
/// `'x' is not a number 0-9`, `10 is out of range 0-9`.
pub fn read_number(token: &str, n: usize) -> Result<u8, SymbolError> {
    if token == "." {
        return Ok(0);
    }
    let shown: String = token.chars().take(12).collect();
    let shown = if shown.len() < token.len() {
        shown + "…"
    } else {
        shown
    };
    // A number is ASCII digits only: no sign (`+1`, `-0`); leading zeros are fine.
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SymbolError::NotANumber(shown, n));
    }
    let significant = token.trim_start_matches('0');
    let value = if significant.len() <= 2 {
        significant.parse::<usize>().unwrap_or(0)
    } else {
        usize::MAX
    };
    if value > n {
        return Err(SymbolError::NumberBeyond(shown, n));
    }
    Ok(value as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Convention::{Digits, Letters};

    fn read_all(conv: Convention, text: &str, n: usize) -> Result<Vec<u8>, String> {
        text.chars()
            .map(|ch| conv.read(ch, n).map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn digits_read_digits_then_letters_and_write_them_back() {
        let text = "123456789ABCDEFG.0";
        let values = read_all(Digits, text, 16).unwrap();
        let mut expect: Vec<u8> = (1..=16).collect();
        expect.extend([0, 0]);
        assert_eq!(values, expect);
        let back: String = values.iter().map(|&v| Digits.write(v, '.')).collect();
        assert_eq!(back, "123456789ABCDEFG..");
        assert_eq!(Digits.write(25, '.'), 'P');
        assert_eq!(Digits.read('P', 25), Ok(25));
    }

    #[test]
    fn letters_read_a_as_one_and_write_them_back() {
        let values = read_all(Letters, "ABOP-.", 16).unwrap();
        assert_eq!(values, vec![1, 2, 15, 16, 0, 0]);
        let back: String = values.iter().map(|&v| Letters.write(v, '-')).collect();
        assert_eq!(back, "ABOP--");
        assert_eq!(Letters.read('Y', 25), Ok(25));
        assert_eq!(Letters.read('D', 4), Ok(4));
    }

    #[test]
    fn errors_name_the_symbol_and_say_why() {
        let err = |conv: Convention, ch, n| conv.read(ch, n).unwrap_err().to_string();
        assert_eq!(err(Letters, 'Q', 16), "'Q' is beyond 16 (letters A-P)");
        assert_eq!(err(Digits, 'H', 16), "'H' is beyond 16 (digits 1-9, A-G)");
        assert_eq!(err(Digits, '7', 6), "'7' is beyond 6 (digits 1-6)");
        assert_eq!(err(Digits, 'B', 10), "'B' is beyond 10 (digits 1-9, A)");
        assert_eq!(
            err(Letters, '3', 16),
            "a digit '3' in a letters board (letters A-P, blank '-' or '.')"
        );
        assert_eq!(
            err(Digits, 'A', 9),
            "a letter 'A' in a digits board (digits 1-9, blank '0' or '.')"
        );
        assert_eq!(
            err(Digits, '-', 16),
            "'-' is the letters blank, in a digits board (digits 1-9, A-G, blank '0' or '.')"
        );
        // On 9x9 the message of the 9x9 reader.
        assert_eq!(err(Digits, 'x', 9), "'x' is not a digit 0-9 or '.'");
        assert_eq!(err(Digits, '\t', 4), "'\\t' is not a digit 0-4 or '.'");
        assert_eq!(
            err(Digits, 'a', 16),
            "'a' is not a symbol 1-9, A-G, '0' or '.'"
        );
        assert_eq!(err(Letters, '*', 16), "'*' is not a letter A-P, '-' or '.'");
        assert_eq!(err(Letters, '*', 1), "'*' is not a letter A, '-' or '.'");
    }

    #[test]
    fn detection_settles_the_ambiguous_boards() {
        let detect = |s: &str| Convention::detect(s.chars());
        // SPOJ's letters, with '-' or '.' blanks.
        assert_eq!(detect("--A----C-----O-I"), Letters);
        assert_eq!(detect("..A....C.....O.I"), Letters);
        // Digits and letters together: digits first, letters for 10 and up.
        assert_eq!(detect("..A....C.....9.I"), Digits);
        assert_eq!(detect("0.A0"), Digits);
        // Nothing but blanks: digits, the kit's default.
        assert_eq!(detect("...."), Digits);
        assert_eq!(detect(""), Digits);
        // A board of digits with a '-' blank reads as digits, and the '-'
        // is then an error.
        assert_eq!(detect("-1"), Digits);
    }

    #[test]
    fn names_round_trip() {
        for conv in Convention::ALL {
            assert_eq!(conv.name().parse(), Ok(conv));
        }
        assert_eq!(
            "hex".parse::<Convention>(),
            Err("unknown symbols `hex` (expected digits or letters)".to_string())
        );
    }

    #[test]
    fn numbers_read_zero_to_n() {
        assert_eq!(read_number("0", 25), Ok(0));
        assert_eq!(read_number(".", 25), Ok(0));
        assert!(read_number("-0", 25).is_err() && read_number("+1", 25).is_err());
        assert_eq!(read_number("25", 25), Ok(25));
        assert_eq!(read_number("007", 9), Ok(7));
        let err = |t: &str, n| read_number(t, n).unwrap_err().to_string();
        assert_eq!(err("26", 25), "26 is out of range 0-25");
        assert_eq!(err("10", 9), "10 is out of range 0-9");
        assert_eq!(err("-3", 9), "'-3' is not a number 0-9");
        assert_eq!(
            err("123456789012345", 16),
            "123456789012… is out of range 0-16"
        );
        assert_eq!(err("x", 9), "'x' is not a number 0-9");
        assert_eq!(err("1.5", 16), "'1.5' is not a number 0-16");
    }
}
