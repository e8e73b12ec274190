//! Writing boards: one format each ([`render`]), many boards with the
//! separators between them ([`render_many`]), and the `Board::to_*`
//! renderers. Every output ends with a newline and has no trailing space.

use super::{Format, Style};
use crate::board::Board;

/// `board` written in `style`, ending with a newline. An `euler` board
/// without a label gets `Grid 01`.
pub fn render(board: &Board, style: &Style) -> String {
    match style.format {
        Format::Line => board.to_line(),
        Format::Spaced => board.to_spaced(),
        Format::Digits => board.to_digit_rows(),
        Format::Js => board.to_js(style.quote),
        Format::Euler => board.to_euler(style.label.as_deref().unwrap_or("Grid 01")),
        Format::Pretty => board.to_pretty(),
    }
}

/// What goes between a board written in `prev` and the next one written in
/// `next`: nothing between `line` boards or before an `euler` board that
/// follows another (its header separates), else one blank line.
pub fn separator(prev: Format, next: Format) -> &'static str {
    match (prev, next) {
        (Format::Line, Format::Line) | (Format::Euler, Format::Euler) => "",
        _ => "\n",
    }
}

/// Many boards, each in its style, separated as [`separator`] says. An
/// `euler` board without a label gets `Grid NN` from its position (1-based).
pub fn render_many(boards: &[(Board, Style)]) -> String {
    let mut out = String::with_capacity(boards.len() * 100);
    let mut prev = None;
    for (k, (board, style)) in boards.iter().enumerate() {
        if let Some(p) = prev {
            out.push_str(separator(p, style.format));
        }
        if style.format == Format::Euler && style.label.is_none() {
            out.push_str(&board.to_euler(&format!("Grid {:02}", k + 1)));
        } else {
            out.push_str(&render(board, style));
        }
        prev = Some(style.format);
    }
    out
}

fn digit_char(v: u8, blank: char) -> char {
    if v == 0 {
        blank
    } else {
        (b'0' + v) as char
    }
}

impl Board {
    /// 81 characters, `.` for blanks, then a newline.
    pub fn to_line(&self) -> String {
        let mut s: String = self.0.iter().map(|&v| digit_char(v, '.')).collect();
        s.push('\n');
        s
    }

    /// 9 lines of 9 numbers separated by one space, `0` for blanks.
    pub fn to_spaced(&self) -> String {
        let mut s = String::with_capacity(162);
        for row in self.0.chunks(9) {
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push(' ');
                }
                s.push(digit_char(v, '0'));
            }
            s.push('\n');
        }
        s
    }

    /// 9 lines of 9 digits, `0` for blanks.
    pub fn to_digit_rows(&self) -> String {
        let mut s = String::with_capacity(90);
        for row in self.0.chunks(9) {
            s.extend(row.iter().map(|&v| digit_char(v, '0')));
            s.push('\n');
        }
        s
    }

    /// A JS array literal, one row per line with a two-space indent and
    /// `, ` between cells; `[` and `]` on lines of their own. With a
    /// `quote`, cells are one-character strings and blanks are `"."`;
    /// else numbers with 0 for blanks.
    pub fn to_js(&self, quote: Option<char>) -> String {
        let mut s = String::from("[\n");
        for (r, row) in self.0.chunks(9).enumerate() {
            s.push_str("  [");
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push_str(", ");
                }
                match quote {
                    Some(q) => {
                        s.push(q);
                        s.push(digit_char(v, '.'));
                        s.push(q);
                    }
                    None => s.push(digit_char(v, '0')),
                }
            }
            s.push_str(if r < 8 { "],\n" } else { "]\n" });
        }
        s.push_str("]\n");
        s
    }

    /// The Project Euler layout: the `label` line (`Grid 01`), then 9 rows
    /// of digits with `0` for blanks.
    pub fn to_euler(&self, label: &str) -> String {
        let mut s = String::with_capacity(label.len() + 91);
        s.push_str(label);
        s.push('\n');
        s.push_str(&self.to_digit_rows());
        s
    }

    /// Boxed rows for people: `4 2 5 | 9 7 1 | 3 6 8`, a
    /// `------+-------+------` line between bands, `.` for blanks.
    pub fn to_pretty(&self) -> String {
        let mut s = String::with_capacity(11 * 22);
        for (r, row) in self.0.chunks(9).enumerate() {
            if r == 3 || r == 6 {
                s.push_str("------+-------+------\n");
            }
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push_str(if c % 3 == 0 { " | " } else { " " });
                }
                s.push(digit_char(v, '.'));
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_all;
    use super::super::testutil::*;
    use super::*;
    use crate::testdata::{WIKI, WIKI_SOLVED};

    #[test]
    fn pretty_draws_boxes() {
        let out = board(WIKI_SOLVED).to_pretty();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "5 3 4 | 6 7 8 | 9 1 2");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines[7], "------+-------+------");
        assert!(out.ends_with("3 4 5 | 2 8 6 | 1 7 9\n"));
        assert!(board(WIKI)
            .to_pretty()
            .starts_with("5 3 . | . 7 . | . . .\n"));
    }

    #[test]
    fn multi_line_boards_are_separated_by_one_blank_line() {
        let b = board(WIKI);
        let two = render_many(&[
            (b, Style::new(Format::Spaced)),
            (b, Style::new(Format::Spaced)),
        ]);
        assert_eq!(two, format!("{}\n{}", b.to_spaced(), b.to_spaced()));
        let lines = render_many(&[(b, Style::new(Format::Line)), (b, Style::new(Format::Line))]);
        assert_eq!(lines, format!("{}{}", b.to_line(), b.to_line()));
        let text = format!("\n\n{}\n\n\n{}\n\n", b.to_digit_rows(), b.to_digit_rows());
        assert_eq!(parse_all(&text, None).len(), 2);
    }

    #[test]
    fn euler_boards_without_a_label_are_numbered_by_position() {
        let b = board(WIKI);
        let text = render_many(&[
            (b, Style::new(Format::Euler)),
            (b, Style::new(Format::Euler)),
        ]);
        assert!(text.starts_with("Grid 01\n"));
        assert!(text.contains("\nGrid 02\n"));
        assert_eq!(
            render(&b, &Style::new(Format::Euler)),
            b.to_euler("Grid 01")
        );
    }
}
