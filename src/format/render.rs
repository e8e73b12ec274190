//! Writing boards of any size: one format each ([`render`]), many boards
//! with the separators between them ([`render_many`]), and the `Board::to_*`
//! renderers of the 9×9 board. Every output ends with a newline and has no
//! trailing space.
//!
//! Symbols are written in the style's convention (`1-9A..` or letters);
//! blanks as `.` in `line`, `pretty` and js strings, `0` (`-` in letters)
//! in `digits`, and `0` wherever numbers are written (`spaced`, js
//! numbers).

use super::{Format, Style};
use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::symbol::Convention;
use crate::board::variant::Cage;
use crate::board::Board;

/// A board that can be written: the 9×9 [`Board`] and a [`Grid`] of any
/// shape.
pub trait Cells {
    /// The cells, row-major, 0 = blank.
    fn cells(&self) -> &[u8];
    /// The board's shape.
    fn shape(&self) -> Shape;
    /// A jigsaw's region of each cell (`None`: boxes).
    fn regions(&self) -> Option<&[u8]> {
        None
    }
    /// A killer board's cages (none by default).
    fn cages(&self) -> &[Cage] {
        &[]
    }
}

impl Cells for Board {
    fn cells(&self) -> &[u8] {
        &self.0
    }
    fn shape(&self) -> Shape {
        Shape::CLASSIC
    }
}

impl Cells for Grid {
    fn cells(&self) -> &[u8] {
        Grid::cells(self)
    }
    fn shape(&self) -> Shape {
        Grid::shape(self)
    }
    fn regions(&self) -> Option<&[u8]> {
        self.variant().regions()
    }
    fn cages(&self) -> &[Cage] {
        self.variant().cages()
    }
}

/// `board` written in `style`, ending with a newline. An `euler` board
/// without a label gets `Grid 01` (euler boards are 9×9; another shape is
/// written as `digits` rows under the label).
pub fn render<B: Cells + ?Sized>(board: &B, style: &Style) -> String {
    let w = Writer {
        cells: board.cells(),
        n: board.shape().size(),
        shape: board.shape(),
        regions: board.regions(),
        cages: board.cages(),
        conv: style.convention,
    };
    match style.format {
        Format::Line => w.line(),
        Format::Spaced => w.spaced(),
        Format::Digits => w.rows_text(),
        Format::Js => w.js(style.quote),
        Format::Euler => format!(
            "{}\n{}",
            style.label.as_deref().unwrap_or("Grid 01"),
            w.rows_text()
        ),
        Format::Pretty => w.pretty(),
        Format::Walls => w.walls(),
        Format::Killer => super::killer::killer_rows(w.n, w.cages, |i| w.symbol(w.cells[i], '.')),
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
pub fn render_many<B: Cells>(boards: &[(B, Style)]) -> String {
    let mut out = String::with_capacity(boards.len() * 100);
    let mut prev = None;
    for (k, (board, style)) in boards.iter().enumerate() {
        if let Some(p) = prev {
            out.push_str(separator(p, style.format));
        }
        if style.format == Format::Euler && style.label.is_none() {
            let labelled = Style {
                label: Some(format!("Grid {:02}", k + 1)),
                ..style.clone()
            };
            out.push_str(&render(board, &labelled));
        } else {
            out.push_str(&render(board, style));
        }
        prev = Some(style.format);
    }
    out
}

/// The cells of one board and how to write its symbols.
struct Writer<'a> {
    cells: &'a [u8],
    n: usize,
    shape: Shape,
    /// A jigsaw's region of each cell.
    regions: Option<&'a [u8]>,
    /// A killer board's cages.
    cages: &'a [Cage],
    conv: Convention,
}

impl Writer<'_> {
    fn symbol(&self, v: u8, blank: char) -> char {
        self.conv.write(v, blank)
    }

    fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.cells.chunks(self.n.max(1))
    }

    /// N² symbols on one line, `.` for blanks.
    fn line(&self) -> String {
        let mut s = String::with_capacity(self.cells.len() + 1);
        s.extend(self.cells.iter().map(|&v| self.symbol(v, '.')));
        s.push('\n');
        s
    }

    /// N lines of N numbers separated by one space, `0` for blanks.
    fn spaced(&self) -> String {
        let mut s = String::with_capacity(self.cells.len() * 3);
        for row in self.rows() {
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push(' ');
                }
                s.push_str(&v.to_string());
            }
            s.push('\n');
        }
        s
    }

    /// N lines of N symbols, `0` (letters: `-`) for blanks.
    fn rows_text(&self) -> String {
        let blank = match self.conv {
            Convention::Digits => '0',
            Convention::Letters => '-',
        };
        let mut s = String::with_capacity(self.cells.len() + self.n);
        for row in self.rows() {
            s.extend(row.iter().map(|&v| self.symbol(v, blank)));
            s.push('\n');
        }
        s
    }

    /// A JS array literal, one row per line with a two-space indent and
    /// `, ` between cells; `[` and `]` on lines of their own. With a
    /// `quote`, cells are one-character strings and blanks are `"."`;
    /// else numbers with 0 for blanks.
    fn js(&self, quote: Option<char>) -> String {
        let mut s = String::from("[\n");
        for (r, row) in self.rows().enumerate() {
            s.push_str("  [");
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push_str(", ");
                }
                match quote {
                    Some(q) => {
                        s.push(q);
                        s.push(self.symbol(v, '.'));
                        s.push(q);
                    }
                    None => s.push_str(&v.to_string()),
                }
            }
            s.push_str(if r + 1 < self.n { "],\n" } else { "]\n" });
        }
        s.push_str("]\n");
        s
    }

    /// HDU 4069's rows: each cell's value plus its walls, from the
    /// regions (the boxes on a board without).
    fn walls(&self) -> String {
        let n = self.n;
        let boxes: Vec<u8>;
        let regions = match self.regions {
            Some(regions) => regions,
            None => {
                boxes = (0..n * n).map(|i| self.shape.box_of(i) as u8).collect();
                &boxes
            }
        };
        let walls = super::walls::walls_of(n, regions);
        let mut s = String::with_capacity(n * n * 4);
        for r in 0..n {
            let row: Vec<String> = (0..n)
                .map(|c| (self.cells[r * n + c] | walls[r * n + c]).to_string())
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }

    /// Boxed rows for people: `4 2 5 | 9 7 1 | 3 6 8`, a
    /// `------+-------+------` line between bands of boxes, `.` blanks; a
    /// jigsaw's walls as [`jigsaw_lines`] draws them.
    fn pretty(&self) -> String {
        if let Some(regions) = self.regions {
            let cell = |i: usize| self.symbol(self.cells[i], '.').to_string();
            let lines = jigsaw_lines(self.n, regions, cell);
            return lines.iter().map(|l| format!("{}\n", l)).collect();
        }
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let stacks = self.n / bc;
        let rule: Vec<String> = (0..stacks)
            .map(|k| {
                let edges = usize::from(k > 0) + usize::from(k + 1 < stacks);
                "-".repeat(2 * bc - 1 + edges)
            })
            .collect();
        let rule = rule.join("+");
        let mut s = String::with_capacity((self.n + br) * (2 * self.n + 2 * stacks));
        for (r, row) in self.rows().enumerate() {
            if r > 0 && r % br == 0 {
                s.push_str(&rule);
                s.push('\n');
            }
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push_str(if c % bc == 0 { " | " } else { " " });
                }
                s.push(self.symbol(v, '.'));
            }
            s.push('\n');
        }
        s
    }
}

/// The rows of an N×N jigsaw whose cells lie in `regions` (row-major),
/// each cell one symbol written by `cell`: cells one space apart, or `|`
/// between two cells of different regions; between each two rows a line
/// with `-` under each cell whose region changes below it and `+` where
/// walls meet (`sudoku convert --to pretty`, the terminal frame of
/// `sudoku trace`). No line has a trailing space.
///
/// ```text
/// 5 2 1|4 3 9 6|7 8
///    +-+-+-+   +
/// 7 6|3 8 9|5 1|2 4
/// ```
pub fn jigsaw_lines(n: usize, regions: &[u8], cell: impl Fn(usize) -> String) -> Vec<String> {
    let region = |r: usize, c: usize| regions[r * n + c];
    let vertical = |r: usize, c: usize| c > 0 && region(r, c - 1) != region(r, c);
    let horizontal = |r: usize, c: usize| region(r, c) != region(r + 1, c);
    let mut lines = Vec::with_capacity(2 * n);
    for r in 0..n {
        if r > 0 {
            let above = r - 1;
            let mut walls = String::new();
            for c in 0..n {
                if c > 0 {
                    let meets = vertical(above, c)
                        || vertical(r, c)
                        || horizontal(above, c - 1)
                        || horizontal(above, c);
                    walls.push(if meets { '+' } else { ' ' });
                }
                walls.push(if horizontal(above, c) { '-' } else { ' ' });
            }
            lines.push(walls.trim_end().to_string());
        }
        let mut row = String::new();
        for c in 0..n {
            if c > 0 {
                row.push(if vertical(r, c) { '|' } else { ' ' });
            }
            row.push_str(&cell(r * n + c));
        }
        lines.push(row);
    }
    lines
}

impl Board {
    /// 81 characters, `.` for blanks, then a newline.
    pub fn to_line(&self) -> String {
        render(self, &Style::new(Format::Line))
    }

    /// 9 lines of 9 numbers separated by one space, `0` for blanks.
    pub fn to_spaced(&self) -> String {
        render(self, &Style::new(Format::Spaced))
    }

    /// 9 lines of 9 digits, `0` for blanks.
    pub fn to_digit_rows(&self) -> String {
        render(self, &Style::new(Format::Digits))
    }

    /// A JS array literal (see [`render`]): string cells with `quote`,
    /// else numbers.
    pub fn to_js(&self, quote: Option<char>) -> String {
        let style = Style {
            quote,
            ..Style::new(Format::Js)
        };
        render(self, &style)
    }

    /// The Project Euler layout: the `label` line (`Grid 01`), then 9 rows
    /// of digits with `0` for blanks.
    pub fn to_euler(&self, label: &str) -> String {
        let style = Style {
            label: Some(label.to_string()),
            ..Style::new(Format::Euler)
        };
        render(self, &style)
    }

    /// Boxed rows for people: `4 2 5 | 9 7 1 | 3 6 8`, a
    /// `------+-------+------` line between bands, `.` for blanks.
    pub fn to_pretty(&self) -> String {
        render(self, &Style::new(Format::Pretty))
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_all;
    use super::super::testutil::*;
    use super::*;
    use crate::testdata::{WIKI, WIKI_SOLVED};

    #[test]
    fn pretty_draws_a_jigsaws_walls() {
        use crate::board::variant::Variant;
        // A 4x4 whose four regions wind round the centre.
        let regions = "AAAB ACBB CCDB CDDD";
        let rules = Variant::classic()
            .with_regions(Shape::new(2, 2).unwrap(), regions)
            .unwrap();
        let grid = Grid::empty(Shape::new(2, 2).unwrap())
            .with_variant(std::sync::Arc::new(rules))
            .unwrap();
        let out = render(&grid, &Style::new(Format::Pretty));
        assert_eq!(
            out,
            ". . .|.\n +-+-+\n.|.|. .\n-+ +-+\n. .|.|.\n +-+ +-\n.|. . .\n"
        );
        assert!(out.lines().all(|l| !l.ends_with(' ')));
    }

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
