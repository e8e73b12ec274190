//! A separator line: a line that stands between two boards (HDU 3111's
//! `---`), skipped like a blank line when INPUT is read, and required
//! between two answers when an output is judged.

use std::fmt;
use std::str::FromStr;

/// The longest separator line, in bytes.
pub const MAX_SEPARATOR: usize = 16;

/// A separator line (`---`): 1 to [`MAX_SEPARATOR`] printable ASCII
/// characters, not starting with `#` (a comment) and holding no digit or
/// letter (it would read as a row); kept inline so that
/// [`super::Sizing`] stays `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Separator {
    bytes: [u8; MAX_SEPARATOR],
    len: u8,
}

impl Separator {
    /// The line as text.
    pub fn as_str(&self) -> &str {
        // Only printable ASCII is ever stored.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }

    /// True when `line`, spaces and tabs around it aside, is this separator.
    pub fn matches(&self, line: &str) -> bool {
        line.trim_matches(|c| c == ' ' || c == '\t') == self.as_str()
    }
}

impl FromStr for Separator {
    type Err = String;

    /// Parses a separator line; the error says what is allowed.
    fn from_str(text: &str) -> Result<Separator, String> {
        let allowed = |b: u8| b.is_ascii_punctuation() || b == b' ';
        let ok = !text.is_empty()
            && text.len() <= MAX_SEPARATOR
            && text.bytes().all(allowed)
            && !text.starts_with('#')
            && text.trim() == text;
        if !ok {
            return Err(format!(
                "`{}`: expected a line of 1 to {} punctuation characters such as ---, \
                 not starting with #",
                text, MAX_SEPARATOR
            ));
        }
        let mut bytes = [0u8; MAX_SEPARATOR];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(Separator {
            bytes,
            len: text.len() as u8,
        })
    }
}

impl fmt::Display for Separator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Separator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Separator({:?})", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_parse_match_and_refuse_rows_and_comments() {
        let dashes: Separator = "---".parse().unwrap();
        assert_eq!(dashes.as_str(), "---");
        assert!(dashes.matches("---") && dashes.matches(" ---\t"));
        assert!(!dashes.matches("----") && !dashes.matches(""));
        for bad in ["", "# x", "12-", "abc", " --", "-----------------"] {
            assert!(bad.parse::<Separator>().is_err(), "{:?}", bad);
        }
    }
}
