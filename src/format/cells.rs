//! What a cell may be written as, shared by the readers, and the wording
//! of their messages.
//!
//! - a *cell character* (`line`, `digits`, `euler`, js strings): `1`-`9`,
//!   `0` or `.` for a blank;
//! - a *number token* (`spaced`, js numbers): `0`-`9`, also `05`, `-0`
//!   and `.` for a blank.

/// The value of a cell character: `1`-`9`, `0` or `.` (blank).
pub(crate) fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '0'..='9' => Some(ch as u8 - b'0'),
        '.' => Some(0),
        _ => None,
    }
}

/// `'x' is not a digit 0-9 or '.'`
pub(crate) fn not_a_cell(ch: char) -> String {
    format!("'{}' is not a digit 0-9 or '.'", ch.escape_debug())
}

/// The value of a number token (`0`-`9`, also `05`; `.` is a blank).
pub(crate) fn number_value(tok: &str) -> Result<u8, String> {
    if tok == "." {
        return Ok(0);
    }
    let digits = tok.strip_prefix('-').unwrap_or(tok);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{}' is not a number 0-9", shown(tok)));
    }
    let significant = digits.trim_start_matches('0');
    if significant.len() <= 1 && (tok.len() == digits.len() || significant.is_empty()) {
        return Ok(significant.bytes().next().map_or(0, |b| b - b'0'));
    }
    Err(format!("{} is out of range 0-9", shown(tok)))
}

/// 1-based character column of byte offset `byte` in `line`.
pub(crate) fn column(line: &str, byte: usize) -> usize {
    line[..byte].chars().count() + 1
}

/// `1 row`, `8 rows`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    format!("{} {}{}", n, noun, if n == 1 { "" } else { "s" })
}

/// A token or line as shown in a message: at most 12 characters.
pub(crate) fn shown(s: &str) -> String {
    let mut out: String = s.chars().take(12).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_characters_and_number_tokens() {
        assert_eq!(cell_value('.'), Some(0));
        assert_eq!(cell_value('7'), Some(7));
        assert_eq!(cell_value('x'), None);
        assert_eq!(not_a_cell('\t'), "'\\t' is not a digit 0-9 or '.'");
        for (tok, v) in [
            ("0", 0),
            ("9", 9),
            ("05", 5),
            ("-0", 0),
            (".", 0),
            ("000", 0),
        ] {
            assert_eq!(number_value(tok), Ok(v), "{}", tok);
        }
        assert_eq!(number_value("10").unwrap_err(), "10 is out of range 0-9");
        assert_eq!(number_value("-1").unwrap_err(), "-1 is out of range 0-9");
        assert_eq!(number_value("a").unwrap_err(), "'a' is not a number 0-9");
        assert_eq!(number_value("-").unwrap_err(), "'-' is not a number 0-9");
    }

    #[test]
    fn messages_count_and_shorten() {
        assert_eq!(count(1, "row"), "1 row");
        assert_eq!(count(0, "cell"), "0 cells");
        assert_eq!(shown("short"), "short");
        assert_eq!(shown("abcdefghijklmnop"), "abcdefghijkl…");
        assert_eq!(column("é x", 3), 3);
    }
}
