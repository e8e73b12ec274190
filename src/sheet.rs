//! Puzzle sheets: the page layout of `sudoku pdf`, drawn with the writer in
//! [`crate::pdf`].
//!
//! Every page has the title at the top, 1, 2, 4 or 6 grids in equal slots
//! (one column of 1 or 2, or two columns of 2 or 3 rows), each grid
//! centred in its slot with its number under it (`Puzzle 7`), and
//! `Page 3 of 8` at the bottom. Solution pages follow the puzzle pages in
//! the same order and layout (`Solution 7`); there the givens are black and
//! the digits the solver filled in are grey.
//!
//! Grids look like a puzzle book's: thin cell lines, thick box lines and a
//! slightly heavier border, line weights scaled to the grid's size.

use crate::pdf::{self, Content, Font, Writer};
use crate::Board;
use std::str::FromStr;

/// The paper size of every page.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm (595.28 × 841.89 pt).
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in (612 × 792 pt).
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 in).
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

impl FromStr for Paper {
    type Err = String;

    fn from_str(s: &str) -> Result<Paper, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err("paper must be a4 or letter".to_string()),
        }
    }
}

/// How many grids a page holds: 1, 2, 4 or 6.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PerPage(usize);

impl PerPage {
    /// The number of grids per page.
    pub fn get(self) -> usize {
        self.0
    }

    /// Columns and rows of the slots: 1×1, 1×2, 2×2, 2×3.
    fn columns_rows(self) -> (usize, usize) {
        match self.0 {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        }
    }
}

impl Default for PerPage {
    fn default() -> PerPage {
        PerPage(1)
    }
}

impl FromStr for PerPage {
    type Err = String;

    fn from_str(s: &str) -> Result<PerPage, String> {
        match s.trim().parse::<usize>() {
            Ok(n @ (1 | 2 | 4 | 6)) => Ok(PerPage(n)),
            _ => Err("grids per page must be 1, 2, 4 or 6".to_string()),
        }
    }
}

/// What a sheet looks like.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// Paper size of every page.
    pub paper: Paper,
    /// Grids per page.
    pub per_page: PerPage,
    /// The title at the top of every page (and in the document properties);
    /// characters outside WinAnsi (code page 1252) print as `?`.
    pub title: String,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            paper: Paper::A4,
            per_page: PerPage::default(),
            title: "Sudoku".to_string(),
        }
    }
}

/// A sheet of `puzzles`, numbered from 1, followed by their `solutions`
/// (the i-th solution belongs to the i-th puzzle; `None`: no solution
/// pages) as a complete PDF file. Equal arguments give equal bytes.
/// With no puzzles the file has one page holding only the title.
/// Cost: about 5 KB per grid, linear in the number of puzzles.
pub fn render(puzzles: &[Board], solutions: Option<&[Board]>, options: &Options) -> Vec<u8> {
    let per = options.per_page.get();
    let puzzle_pages = puzzles.len().div_ceil(per).max(1);
    let solution_pages = solutions.map_or(0, |s| s.len().min(puzzles.len()).div_ceil(per));
    let total = puzzle_pages + solution_pages;

    let mut w = Writer::new();
    let catalog = w.reserve();
    let tree = w.reserve();
    let fonts: Vec<usize> = Content::FONT_RESOURCES
        .iter()
        .map(|f| w.add(f.dictionary()))
        .collect();
    let info = w.add(format!(
        "<< /Title {} /Producer (sudoku-kit {}) /Creator (sudoku pdf) >>",
        pdf::text_string(&options.title),
        env!("CARGO_PKG_VERSION")
    ));
    let (width, height) = options.paper.size();
    let resources = w.add(format!(
        "<< /Font << /F1 {} 0 R /F2 {} 0 R >> /ProcSet [/PDF /Text] >>",
        fonts[0], fonts[1]
    ));

    let mut kids = Vec::with_capacity(total);
    let mut add_page = |w: &mut Writer, content: Content| {
        let stream = w.add_stream(&content.into_bytes());
        let page = w.add(format!(
            "<< /Type /Page /Parent {} 0 R /MediaBox [0 0 {} {}] /Resources {} 0 R /Contents {} 0 R >>",
            tree,
            pdf::num(width),
            pdf::num(height),
            resources,
            stream
        ));
        kids.push(format!("{} 0 R", page));
    };

    let title = pdf::win_ansi(&options.title);
    let mut solutions_title = title.clone();
    solutions_title.extend_from_slice(&pdf::win_ansi(" \u{2014} Solutions"));
    let slots = slots(options.paper, options.per_page);
    for page in 0..puzzle_pages {
        let mut c = page_frame(options.paper, &title, page + 1, total);
        for (k, slot) in slots.iter().enumerate() {
            let n = page * per + k;
            if let Some(puzzle) = puzzles.get(n) {
                draw_grid(&mut c, slot, puzzle, None, &format!("Puzzle {}", n + 1));
            }
        }
        add_page(&mut w, c);
    }
    if let Some(solutions) = solutions {
        for page in 0..solution_pages {
            let mut c = page_frame(
                options.paper,
                &solutions_title,
                puzzle_pages + page + 1,
                total,
            );
            for (k, slot) in slots.iter().enumerate() {
                let n = page * per + k;
                if let (Some(puzzle), Some(solution)) = (puzzles.get(n), solutions.get(n)) {
                    let label = format!("Solution {}", n + 1);
                    draw_grid(&mut c, slot, puzzle, Some(solution), &label);
                }
            }
            add_page(&mut w, c);
        }
    }

    w.set(
        tree,
        format!(
            "<< /Type /Pages /Kids [{}] /Count {} >>",
            kids.join(" "),
            kids.len()
        ),
    );
    w.set(catalog, format!("<< /Type /Catalog /Pages {} 0 R >>", tree));
    w.finish(catalog, info)
}

// ---------------------------------------------------------------- layout

/// Page margin on every side, in points.
const MARGIN: f64 = 50.0;
/// Title size, and the room the title band takes below the top margin.
const TITLE_SIZE: f64 = 20.0;
const TITLE_BAND: f64 = 44.0;
/// Page number size, its baseline, and the room kept above the bottom margin.
const FOOTER_SIZE: f64 = 10.0;
const FOOTER_BASELINE: f64 = 32.0;
const FOOTER_BAND: f64 = 10.0;
/// Gaps between slots.
const GUTTER_X: f64 = 30.0;
const GUTTER_Y: f64 = 24.0;
/// Gray level of the digits a solution page fills in (givens are black).
const FILLED_GRAY: f64 = 0.5;
/// The largest grid: 6.25 in (15.9 cm), a puzzle book's full-page grid.
const MAX_GRID: f64 = 450.0;

/// Where one grid goes: lower-left corner and side, plus its label's size.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Slot {
    x: f64,
    y: f64,
    size: f64,
    label_size: f64,
}

impl Slot {
    /// Room under the grid for its label: gap, text and descent.
    fn label_room(label_size: f64) -> f64 {
        label_size * 2.2
    }
}

/// The grid positions on a page, in reading order (left to right, top to
/// bottom): each grid is as large as its slot allows (up to `MAX_GRID`) and
/// centred in it together with its label.
fn slots(paper: Paper, per_page: PerPage) -> Vec<Slot> {
    let (width, height) = paper.size();
    let (cols, rows) = per_page.columns_rows();
    let top = height - MARGIN - TITLE_BAND;
    let bottom = MARGIN + FOOTER_BAND;
    let slot_w = (width - 2.0 * MARGIN - (cols - 1) as f64 * GUTTER_X) / cols as f64;
    let slot_h = (top - bottom - (rows - 1) as f64 * GUTTER_Y) / rows as f64;
    let label_size = (slot_w.min(slot_h) * 0.04).clamp(9.0, 12.0);
    let room = Slot::label_room(label_size);
    let size = slot_w.min(slot_h - room).min(MAX_GRID);
    let mut out = Vec::with_capacity(cols * rows);
    for r in 0..rows {
        for c in 0..cols {
            let slot_x = MARGIN + c as f64 * (slot_w + GUTTER_X);
            let slot_top = top - r as f64 * (slot_h + GUTTER_Y);
            let block = size + room;
            let block_top = slot_top - (slot_h - block) / 2.0;
            out.push(Slot {
                x: slot_x + (slot_w - size) / 2.0,
                y: block_top - size,
                size,
                label_size,
            });
        }
    }
    out
}

// ---------------------------------------------------------------- drawing

/// A new page's content: the title centred at the top (shrunk, then cut
/// with `…`, when it does not fit) and `Page n of total` at the bottom.
fn page_frame(paper: Paper, title: &[u8], page: usize, total: usize) -> Content {
    let (width, height) = paper.size();
    let mut c = Content::new();
    let room = width - 2.0 * MARGIN;
    let bold = Font::HelveticaBold;
    let natural = bold.text_width(title, TITLE_SIZE);
    let size = if natural > room {
        (TITLE_SIZE * room / natural).max(10.0)
    } else {
        TITLE_SIZE
    };
    let mut text = title.to_vec();
    if bold.text_width(&text, size) > room {
        while !text.is_empty()
            && bold.text_width(&text, size) + bold.text_width(b"\x85", size) > room
        {
            text.pop();
        }
        text.push(0x85);
    }
    // The cap height of Helvetica is 0.718 em: the caps' tops touch the margin.
    let baseline = height - MARGIN - 0.718 * size;
    centred_text(&mut c, bold, size, width / 2.0, baseline, &text);
    let footer = format!("Page {} of {}", page, total);
    centred_text(
        &mut c,
        Font::Helvetica,
        FOOTER_SIZE,
        width / 2.0,
        FOOTER_BASELINE,
        footer.as_bytes(),
    );
    c
}

fn centred_text(c: &mut Content, font: Font, size: f64, centre_x: f64, baseline: f64, text: &[u8]) {
    let x = centre_x - font.text_width(text, size) / 2.0;
    c.text(font, size, x, baseline, text);
}

/// Draws one grid in `slot` with its label under it: the givens of
/// `puzzle` in black and, on a solution page, the other digits of
/// `solution` in grey.
fn draw_grid(c: &mut Content, slot: &Slot, puzzle: &Board, solution: Option<&Board>, label: &str) {
    let Slot { x, y, size, .. } = *slot;
    let cell = size / 9.0;
    let thin = (size / 600.0).clamp(0.5, 0.75);
    let thick = (size / 160.0).clamp(1.75, 2.75);
    let border = thick * 1.25;

    c.gray(0.0);
    c.cap_join(0, 0);
    c.line_width(thin);
    for i in [1, 2, 4, 5, 7, 8] {
        let at = i as f64 * cell;
        c.segment(x + at, y, x + at, y + size);
        c.segment(x, y + at, x + size, y + at);
    }
    c.stroke();
    c.line_width(thick);
    for i in [3, 6] {
        let at = i as f64 * cell;
        c.segment(x + at, y, x + at, y + size);
        c.segment(x, y + at, x + size, y + at);
    }
    c.stroke();
    c.line_width(border);
    c.rect(x, y, size, size);
    c.stroke();

    // Helvetica digits are 0.556 em wide and about 0.71 em tall.
    let digit_size = cell * 0.6;
    let dx = cell / 2.0 - 0.278 * digit_size;
    let dy = cell / 2.0 - 0.355 * digit_size;
    let place = |c: &mut Content, i: usize, digit: u8| {
        let cx = x + (i % 9) as f64 * cell + dx;
        let cy = y + size - (i / 9 + 1) as f64 * cell + dy;
        c.text(Font::Helvetica, digit_size, cx, cy, &[b'0' + digit]);
    };
    for (i, &d) in puzzle.0.iter().enumerate() {
        if d != 0 {
            place(c, i, d);
        }
    }
    if let Some(solution) = solution {
        c.gray(FILLED_GRAY);
        for (i, &d) in solution.0.iter().enumerate() {
            if puzzle.0[i] == 0 && d != 0 {
                place(c, i, d);
            }
        }
        c.gray(0.0);
    }

    let label_baseline = y - slot.label_size * 1.5;
    centred_text(
        c,
        Font::Helvetica,
        slot.label_size,
        x + size / 2.0,
        label_baseline,
        label.as_bytes(),
    );
}

// ---------------------------------------------------------------- tests

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{cells, WIKI};

    fn count(hay: &[u8], needle: &[u8]) -> usize {
        hay.windows(needle.len()).filter(|w| *w == needle).count()
    }

    fn options(per: &str, paper: Paper) -> Options {
        Options {
            paper,
            per_page: per.parse().unwrap(),
            title: "Test".to_string(),
        }
    }

    #[test]
    fn per_page_accepts_only_1_2_4_6() {
        for ok in ["1", "2", "4", "6"] {
            assert!(ok.parse::<PerPage>().is_ok(), "{}", ok);
        }
        for bad in ["0", "3", "5", "7", "", "two", "-1"] {
            assert!(bad.parse::<PerPage>().is_err(), "{}", bad);
        }
        assert_eq!("Letter".parse::<Paper>(), Ok(Paper::Letter));
        assert!("a5".parse::<Paper>().is_err());
    }

    #[test]
    fn slots_fit_the_page_and_do_not_overlap() {
        for paper in [Paper::A4, Paper::Letter] {
            let (w, h) = paper.size();
            for per in ["1", "2", "4", "6"] {
                let s = slots(paper, per.parse().unwrap());
                assert_eq!(s.len(), per.parse::<usize>().unwrap());
                for (i, a) in s.iter().enumerate() {
                    let label_bottom = a.y - Slot::label_room(a.label_size);
                    assert!(a.x >= MARGIN - 1e-9 && a.x + a.size <= w - MARGIN + 1e-9);
                    assert!(label_bottom >= MARGIN && a.y + a.size <= h - MARGIN - TITLE_BAND);
                    assert!(
                        a.size >= 170.0,
                        "{:?} {} grid too small: {}",
                        paper,
                        per,
                        a.size
                    );
                    for b in &s[i + 1..] {
                        let apart_x = a.x + a.size <= b.x || b.x + b.size <= a.x;
                        let apart_y = a.y - Slot::label_room(a.label_size) >= b.y + b.size
                            || b.y - Slot::label_room(b.label_size) >= a.y + a.size;
                        assert!(
                            apart_x || apart_y,
                            "{:?} {}: {:?} overlaps {:?}",
                            paper,
                            per,
                            a,
                            b
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn one_grid_per_page_is_centred_horizontally() {
        let s = slots(Paper::A4, PerPage(1))[0];
        let (w, _) = Paper::A4.size();
        assert!((s.x + s.size / 2.0 - w / 2.0).abs() < 1e-9);
        assert_eq!(s.size, MAX_GRID);
    }

    #[test]
    fn page_count_covers_puzzles_then_solutions() {
        let p = Board(cells(WIKI));
        let puzzles = vec![p; 5];
        let pdf = render(&puzzles, None, &options("2", Paper::A4));
        assert_eq!(count(&pdf, b"/Type /Page "), 3);
        assert!(count(&pdf, b"/Count 3 >>") == 1);
        let solved = crate::solver::solve(&p).unwrap();
        let pdf = render(&puzzles, Some(&vec![solved; 5]), &options("4", Paper::A4));
        assert_eq!(count(&pdf, b"/Type /Page "), 4);
        assert_eq!(count(&pdf, b"(Solution 5)"), 1);
        assert_eq!(count(&pdf, b"(Page 4 of 4)"), 1);
    }

    #[test]
    fn givens_are_drawn_once_each_and_fills_in_grey() {
        let p = Board(cells(WIKI));
        let pdf = render(&[p], None, &options("1", Paper::A4));
        assert_eq!(count(&pdf, b" Tj ET"), p.givens() + 3); // + title, label, page number
        let solved = crate::solver::solve(&p).unwrap();
        let pdf = render(&[p], Some(&[solved]), &options("1", Paper::A4));
        assert_eq!(count(&pdf, b" Tj ET"), p.givens() + 81 + 6);
        assert_eq!(count(&pdf, b"0.5 G 0.5 g"), 1); // one switch to grey per solution grid
    }

    #[test]
    fn paper_sets_the_media_box() {
        let p = [Board(cells(WIKI))];
        let a4 = render(&p, None, &options("1", Paper::A4));
        let letter = render(&p, None, &options("1", Paper::Letter));
        assert_eq!(count(&a4, b"/MediaBox [0 0 595.28 841.89]"), 1);
        assert_eq!(count(&letter, b"/MediaBox [0 0 612 792]"), 1);
    }

    #[test]
    fn output_is_deterministic_and_empty_input_gives_one_page() {
        let p = [Board(cells(WIKI))];
        let o = options("6", Paper::Letter);
        assert_eq!(render(&p, None, &o), render(&p, None, &o));
        let many = render(&[p[0]; 40], Some(&[p[0]; 40]), &o);
        // catalog, pages, 2 fonts, info, resources, then 2 objects a page
        assert_eq!(crate::pdf::assert_xref_sound(&many), 6 + 2 * 14);
        let empty = render(&[], None, &o);
        assert_eq!(count(&empty, b"/Type /Page "), 1);
    }

    #[test]
    fn long_titles_shrink_then_are_cut() {
        let c = page_frame(Paper::A4, &[b'W'; 200], 1, 1).into_bytes();
        let text = String::from_utf8_lossy(&c).into_owned();
        assert!(text.contains("/F2 10 Tf"), "{}", text);
        assert!(text.contains("\\205) Tj"), "ellipsis missing: {}", text);
        let short = page_frame(Paper::A4, b"Sudoku", 1, 1).into_bytes();
        assert!(String::from_utf8_lossy(&short).contains("/F2 20 Tf"));
    }
}
