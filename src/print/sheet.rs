//! Puzzle sheets: the page layout of `sudoku pdf`, drawn with the writer in
//! [`crate::print::pdf`].
//!
//! Every page has the title at the top, 1, 2, 4 or 6 grids in equal slots
//! (one column of 1 or 2, or two columns of 2 or 3 rows), each grid
//! centred in its slot with its number under it (`Puzzle 7`), and
//! `Page 3 of 8` at the bottom. Solution pages follow the puzzle pages in
//! the same order and layout (`Solution 7`); there the givens are black and
//! the symbols the solver filled in are grey.
//!
//! Grids of every size, 1×1 to 25×25, look like a puzzle book's: thin cell
//! lines, thick lines around the R×C boxes (thick vertical lines every C
//! columns, thick horizontal lines every R rows) and a slightly heavier
//! border; line weights and symbols are scaled to the cell, and symbols
//! are written in the grid's convention ([`Convention`]: `1`–`9` then
//! `A`, `B`, … or letters `A`, `B`, …). Variant boards are drawn as
//! puzzle books draw them ([`crate::print::variant`]): a jigsaw's thick
//! lines follow its regions, the diagonals of an X board are shaded, and
//! killer cages are dashed outlines with their sums in a corner.
//!
//! # How large a grid is drawn
//! A grid fills its slot (at most 450 pt, 6.25 in, a puzzle book's
//! full-page grid), with cells of at most [`MAX_CELL`] (50 pt, the cell
//! of a full-page 9×9), so a 4×4 or 6×6 grid is not blown up to the
//! page. A cell must be at least [`MIN_CELL`] wide (16 pt, 5.6 mm, room
//! for a written symbol): a `--per-page` that makes the cells of the
//! largest grid in the sheet smaller is refused ([`TooSmall`], which names
//! the most that fit) rather than clamped, so the sheet always has the
//! layout asked for. The most grids a page ([`most_per_page`]):
//!
//! | paper | 6 | 4 | 2 | 1 |
//! |---|---|---|---|---|
//! | A4 | up to 12×12 | up to 14×14 | up to 19×19 | up to 25×25 |
//! | Letter | up to 11×11 | up to 15×15 | up to 17×17 | up to 25×25 |
//!
//! So 4×4, 6×6, 8×8 and 9×9 take any layout, 16×16 two grids a page,
//! 25×25 one; one grid a page (the default) fits every size.

use crate::board::grid::Grid;
use crate::board::symbol::Convention;
use crate::print::frame::Frame;
use crate::print::pdf::{self, Content, Font, Writer};
use crate::print::variant;
use std::fmt;
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

impl Paper {
    /// `a4` or `letter`, as `--paper` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
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
    /// Every layout, fewest grids first.
    pub const ALL: [PerPage; 4] = [PerPage(1), PerPage(2), PerPage(4), PerPage(6)];

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

/// One puzzle to print: its grid (any size) and the convention its
/// symbols are written in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The puzzle's cells; 0 = blank.
    pub puzzle: Grid,
    /// How values are written: [`Convention::Digits`] (`1`–`9`, `A`, …)
    /// or [`Convention::Letters`] (`A`, `B`, …).
    pub convention: Convention,
}

/// A `--per-page` whose slots make the cells of a grid smaller than
/// [`MIN_CELL`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct TooSmall {
    /// The layout asked for.
    pub per_page: PerPage,
    /// The paper.
    pub paper: Paper,
    /// The size N of the largest grid.
    pub size: usize,
    /// The side of its cells in that layout, in points.
    pub cell: f64,
}

impl fmt::Display for TooSmall {
    /// `--per-page 4 makes the cells of a 16x16 grid 14.5 pt wide, under
    /// the 16 pt (5.6 mm) a written symbol needs; on a4 at most 2 16x16
    /// grids fit a page`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        write!(
            f,
            "--per-page {} makes the cells of a {}x{} grid {:.1} pt wide, under the {} pt \
             ({:.1} mm) a written symbol needs; on {} at most {} {}x{} grid{} fit a page",
            self.per_page.get(),
            n,
            n,
            self.cell,
            MIN_CELL,
            MIN_CELL * 25.4 / 72.0,
            self.paper.name(),
            most_per_page(self.paper, n).get(),
            n,
            n,
            if most_per_page(self.paper, n).get() == 1 {
                ""
            } else {
                "s"
            }
        )
    }
}

impl std::error::Error for TooSmall {}

/// The side of the cells of an N×N grid in every slot of `per_page` on
/// `paper`, in points: the slot's side over N, at most [`MAX_CELL`].
pub fn cell_size(paper: Paper, per_page: PerPage, n: usize) -> f64 {
    let slot = slots(paper, per_page)[0].size;
    (slot / n.max(1) as f64).min(MAX_CELL)
}

/// Ok when `per_page` leaves cells of at least [`MIN_CELL`] to an N×N
/// grid on `paper`.
pub fn check_fits(paper: Paper, per_page: PerPage, n: usize) -> Result<(), TooSmall> {
    let cell = cell_size(paper, per_page, n);
    if cell >= MIN_CELL {
        Ok(())
    } else {
        Err(TooSmall {
            per_page,
            paper,
            size: n,
            cell,
        })
    }
}

/// The most grids of size N a page of `paper` holds with cells of at
/// least [`MIN_CELL`] (1 for every N up to 25).
pub fn most_per_page(paper: Paper, n: usize) -> PerPage {
    PerPage::ALL
        .iter()
        .rev()
        .copied()
        .find(|&p| check_fits(paper, p, n).is_ok())
        .unwrap_or_default()
}

/// A sheet of `puzzles`, numbered from 1, followed by their `solutions`
/// (the i-th solution belongs to the i-th puzzle and has its shape; `None`:
/// no solution pages) as a complete PDF file. Grids of different sizes may
/// share a sheet; every slot has the same size. Equal arguments give equal
/// bytes. With no puzzles the file has one page holding only the title.
/// Errors, writing nothing, when the layout leaves the largest grid's
/// cells under [`MIN_CELL`] ([`check_fits`]). Cost: about 5 KB per 9×9
/// grid, linear in the number of cells.
pub fn render(
    puzzles: &[Entry],
    solutions: Option<&[Grid]>,
    options: &Options,
) -> Result<Vec<u8>, TooSmall> {
    let largest = puzzles.iter().map(|e| e.puzzle.size()).max().unwrap_or(1);
    check_fits(options.paper, options.per_page, largest)?;
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
            if let Some(entry) = puzzles.get(n) {
                draw_grid(&mut c, slot, entry, None, &format!("Puzzle {}", n + 1));
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
                if let (Some(entry), Some(solution)) = (puzzles.get(n), solutions.get(n)) {
                    let label = format!("Solution {}", n + 1);
                    draw_grid(&mut c, slot, entry, Some(solution), &label);
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
    Ok(w.finish(catalog, info))
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
/// The largest cell, in points: that of a full-page 9×9 grid.
pub const MAX_CELL: f64 = MAX_GRID / 9.0;
/// The smallest cell a layout may give, in points (5.6 mm).
pub const MIN_CELL: f64 = 16.0;

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

/// The frame of an N×N grid in `slot`: the slot's square, or, when its
/// cells would pass [`MAX_CELL`], a smaller square centred where the
/// full-size grid would be.
fn frame_in(slot: &Slot, n: usize) -> Frame {
    let cap = MAX_CELL * n as f64;
    if slot.size > cap {
        let inset = (slot.size - cap) / 2.0;
        Frame::new(slot.x + inset, slot.y + inset, cap, n)
    } else {
        Frame::new(slot.x, slot.y, slot.size, n)
    }
}

/// Draws one grid in `slot` with its label under it: the variant marks
/// of the entry's puzzle (shaded diagonals, killer cages and their sums)
/// under everything, the cell lines (thick around the boxes, or around
/// the regions of a jigsaw), the givens in black and, on a solution
/// page, the other symbols of `solution` in grey. A grid whose cells
/// would pass [`MAX_CELL`] is drawn smaller, centred where the full-size
/// grid would be.
fn draw_grid(c: &mut Content, slot: &Slot, entry: &Entry, solution: Option<&Grid>, label: &str) {
    let puzzle = &entry.puzzle;
    let shape = puzzle.shape();
    let frame = frame_in(slot, shape.size());
    let variant = puzzle.variant();
    variant::draw_under(c, &frame, variant);

    c.gray(0.0);
    c.cap_join(0, 0);
    match variant.regions() {
        Some(regions) => variant::region_lines(c, &frame, regions),
        None => box_lines(c, &frame, shape.box_rows(), shape.box_cols()),
    }
    c.line_width(frame.border);
    c.rect(frame.x, frame.y, frame.size, frame.size);
    c.stroke();

    draw_symbols(c, &frame, entry, solution);

    let label_baseline = frame.y - slot.label_size * 1.5;
    centred_text(
        c,
        Font::Helvetica,
        slot.label_size,
        frame.x + frame.size / 2.0,
        label_baseline,
        label.as_bytes(),
    );
}

/// The inner lines of a classic grid with boxes of `box_rows` × `box_cols`
/// cells: one stroke of the thin cell lines, then one of the thick box
/// lines.
fn box_lines(c: &mut Content, frame: &Frame, box_rows: usize, box_cols: usize) {
    let Frame {
        x,
        y,
        size,
        cell,
        n,
        ..
    } = *frame;
    // Line i (1..N) is i cells from the left, or from the bottom; it
    // borders a box every C columns, and every R rows (N is a multiple of
    // R, so counting rows from the bottom finds the same lines).
    for (width, on_box_line) in [(frame.thin, false), (frame.thick, true)] {
        if n == 1 {
            break;
        }
        c.line_width(width);
        for i in 1..n {
            let at = i as f64 * cell;
            if (i % box_cols == 0) == on_box_line {
                c.segment(x + at, y, x + at, y + size);
            }
            if (i % box_rows == 0) == on_box_line {
                c.segment(x, y + at, x + size, y + at);
            }
        }
        c.stroke();
    }
}

/// The givens of the entry's puzzle in black and, with a `solution`, the
/// symbols it fills in in grey, each centred in its cell.
fn draw_symbols(c: &mut Content, frame: &Frame, entry: &Entry, solution: Option<&Grid>) {
    let puzzle = &entry.puzzle;
    let shape = puzzle.shape();
    let Frame {
        x, y, size, cell, ..
    } = *frame;
    // Helvetica capitals and digits are about 0.71 em tall; each symbol is
    // centred by its own advance width.
    let font = Font::Helvetica;
    let symbol_size = cell * 0.6;
    let dy = cell / 2.0 - 0.355 * symbol_size;
    let place = |c: &mut Content, i: usize, value: u8| {
        let symbol = entry.convention.write(value, ' ') as u8;
        let half = f64::from(font.width(symbol)) / 2000.0;
        let dx = cell / 2.0 - half * symbol_size;
        let cx = x + shape.col_of(i) as f64 * cell + dx;
        let cy = y + size - (shape.row_of(i) + 1) as f64 * cell + dy;
        c.text(font, symbol_size, cx, cy, &[symbol]);
    };
    for (i, &v) in puzzle.cells().iter().enumerate() {
        if v != 0 {
            place(c, i, v);
        }
    }
    if let Some(solution) = solution {
        c.gray(FILLED_GRAY);
        for (i, &v) in solution.cells().iter().enumerate() {
            if puzzle.get(i) == 0 && v != 0 {
                place(c, i, v);
            }
        }
        c.gray(0.0);
    }
}

// ---------------------------------------------------------------- tests

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::{grid, shuffled_grid};
    use crate::board::shape::boxes;
    use crate::board::Variant;
    use crate::testdata::{cells, WIKI};
    use crate::Board;

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

    fn wiki() -> Entry {
        Entry {
            puzzle: Grid::from_board(&Board(cells(WIKI))),
            convention: Convention::Digits,
        }
    }

    fn wiki_solved() -> Grid {
        Grid::from_board(&crate::solve::nine::solve(&Board(cells(WIKI))).unwrap())
    }

    /// A full grid of `shape` with every other cell blanked, and the grid.
    fn half_blank(shape: crate::board::shape::Shape, convention: Convention) -> (Entry, Grid) {
        let solution = shuffled_grid(&mut crate::rng::Rng::new(3), shape);
        let mut puzzle = solution.clone();
        for i in (0..shape.cell_count()).step_by(2) {
            puzzle.set(i, 0);
        }
        (Entry { puzzle, convention }, solution)
    }

    /// The segments of a grid drawn alone in a full-page slot, split by
    /// weight: (thin, box lines), each as (x0, y0, x1, y1).
    type Segments = Vec<[f64; 4]>;
    fn segments(entry: &Entry) -> (Segments, Segments, f64) {
        let slot = slots(Paper::A4, PerPage(1))[0];
        let mut c = Content::new();
        draw_grid(&mut c, &slot, entry, None, "x");
        let text = String::from_utf8(c.into_bytes()).unwrap();
        let mut passes: Vec<Segments> = Vec::new();
        for line in text.lines() {
            let words: Vec<&str> = line.split(' ').collect();
            match words[..] {
                [_, "w"] => passes.push(Vec::new()),
                [x0, y0, "m", x1, y1, "l"] => {
                    let v = [x0, y0, x1, y1].map(|w| w.parse::<f64>().unwrap());
                    passes.last_mut().unwrap().push(v);
                }
                _ => {}
            }
        }
        let n = entry.puzzle.size() as f64;
        let cell = slot.size.min(MAX_CELL * n) / n;
        (passes[0].clone(), passes[1].clone(), cell)
    }

    /// The 4x4 regions of the variant tests: not the boxes.
    const JIGSAW: &str = "AAAB CABB CCDB CDDD";
    /// Killer cages for a 4x4 whose solution is 1234 2413 3142 4321.
    const CAGES: &str = "aabb cdde cfee .fhh a=3 b=7 c=5 d=5 e=9 f=4 h=3";

    /// A 4x4 puzzle of `cells` (`.` blank) played by `variant`.
    fn four(cells: &str, variant: Variant) -> Entry {
        let puzzle = grid(boxes(2, 2), cells)
            .with_variant(std::sync::Arc::new(variant))
            .unwrap();
        Entry {
            puzzle,
            convention: Convention::Digits,
        }
    }

    /// The content stream of `entry` drawn alone in a full-page slot.
    fn drawn(entry: &Entry) -> String {
        let slot = slots(Paper::A4, PerPage(1))[0];
        let mut c = Content::new();
        draw_grid(&mut c, &slot, entry, None, "x");
        String::from_utf8(c.into_bytes()).unwrap()
    }

    /// The unit edges (between two side-by-side cells) that `segments` of
    /// an N×N grid with cells of `cell` cover: (vertical, line 1..N from
    /// the left or the top, the row or column along it).
    fn unit_edges(segments: &Segments, n: usize, cell: f64) -> Vec<(bool, usize, usize)> {
        let slot = slots(Paper::A4, PerPage(1))[0];
        let inset = (slot.size - cell * n as f64) / 2.0;
        let (left, top) = (slot.x + inset, slot.y + inset + cell * n as f64);
        let from_left = |x: f64| ((x - left) / cell).round() as usize;
        let from_top = |y: f64| ((top - y) / cell).round() as usize;
        let mut out = Vec::new();
        for &[x0, y0, x1, y1] in segments {
            if x0 == x1 {
                let (a, b) = (from_top(y0.max(y1)), from_top(y0.min(y1)));
                out.extend((a..b).map(|r| (true, from_left(x0), r)));
            } else {
                let (a, b) = (from_left(x0.min(x1)), from_left(x0.max(x1)));
                out.extend((a..b).map(|c| (false, from_top(y0), c)));
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn jigsaw_thick_lines_follow_the_regions() {
        let shape = boxes(2, 2);
        let variant = Variant::classic().with_regions(shape, JIGSAW).unwrap();
        let (thin, thick, cell) = segments(&four("1..4.4....4....1", variant));
        let marks: Vec<char> = JIGSAW.chars().filter(|c| *c != ' ').collect();
        // Every inner unit edge, split by whether its two cells differ.
        let (mut apart, mut together) = (Vec::new(), Vec::new());
        for i in 1..4 {
            for k in 0..4 {
                let side = (true, i, k);
                let across = (false, i, k);
                for (edge, a, b) in [
                    (side, k * 4 + i - 1, k * 4 + i),
                    (across, (i - 1) * 4 + k, i * 4 + k),
                ] {
                    if marks[a] == marks[b] {
                        together.push(edge);
                    } else {
                        apart.push(edge);
                    }
                }
            }
        }
        apart.sort_unstable();
        together.sort_unstable();
        assert_eq!(unit_edges(&thick, 4, cell), apart);
        assert_eq!(unit_edges(&thin, 4, cell), together);
        // Pieces on one line are joined: r1's region line runs c1..c3.
        assert!(thick.len() < apart.len());
    }

    #[test]
    fn a_jigsaw_of_the_boxes_draws_the_classic_grid() {
        let shape = boxes(2, 2);
        let same = Variant::classic()
            .with_regions(shape, "AABB AABB CCDD CCDD")
            .unwrap();
        let classic = Entry {
            puzzle: grid(shape, "1..4.4....4....1"),
            convention: Convention::Digits,
        };
        assert_eq!(drawn(&four("1..4.4....4....1", same)), drawn(&classic));
    }

    #[test]
    fn x_boards_shade_the_diagonal_cells_under_the_lines() {
        for (shape, cells) in [(boxes(2, 2), 8), (boxes(1, 5), 9)] {
            let n = shape.size();
            let entry = Entry {
                puzzle: Grid::empty(shape)
                    .with_variant(std::sync::Arc::new(Variant::classic().with_diagonals(true)))
                    .unwrap(),
                convention: Convention::Digits,
            };
            let text = drawn(&entry);
            let shade = text.find("0.88 G 0.88 g\n").expect("shaded");
            assert!(shade < text.find(" w\n").unwrap(), "{}", text);
            // The diagonal cells, then the border.
            assert_eq!(count(text.as_bytes(), b" re\n"), cells + 1, "{}x{}", n, n);
            assert_eq!(count(text.as_bytes(), b"\nf\n"), 1);
            assert_eq!(count(text.as_bytes(), b"] 0 d"), 0);
        }
        assert_eq!(count(drawn(&wiki()).as_bytes(), b"0.88 G"), 0);
    }

    #[test]
    fn cage_sums_print_small_above_the_given_in_their_first_cell() {
        let shape = boxes(2, 2);
        let variant = Variant::classic().with_cages(shape, CAGES).unwrap();
        let entry = four("1..4.4....4....1", variant);
        let text = drawn(&entry);
        // 50 pt cells: sums of 10 pt, one per cage; givens of 30 pt.
        let shown = |size: &str| -> Vec<(String, f64, f64)> {
            let prefix = format!("BT /F1 {} Tf ", size);
            text.lines()
                .filter_map(|l| l.strip_prefix(prefix.as_str()))
                .map(|l| {
                    let w: Vec<&str> = l.split(' ').collect();
                    let x = w[0].parse().unwrap();
                    let y = w[1].parse().unwrap();
                    (
                        w[3].trim_matches(|c| c == '(' || c == ')').to_string(),
                        x,
                        y,
                    )
                })
                .collect()
        };
        let sums = shown("10");
        let values: Vec<&str> = sums.iter().map(|s| s.0.as_str()).collect();
        assert_eq!(values, ["3", "7", "5", "5", "9", "4", "3"]);
        assert_eq!(shown("30").len(), 5);
        // Cage a's sum and the given 1 share r1c1: the sum left of the
        // digit and wholly above its cap height.
        let (_, sum_x, sum_y) = sums[0];
        let (_, digit_x, digit_y) = shown("30")[0].clone();
        assert!(sum_x < digit_x, "{} {}", sum_x, digit_x);
        assert!(sum_y > digit_y + 0.718 * 30.0, "{} {}", sum_y, digit_y);
        // Each sum sits on a patch that clears the outline beneath it.
        assert_eq!(count(text.as_bytes(), b"1 G 1 g\n"), 7);
    }

    #[test]
    fn a_dash_pattern_is_set_only_with_cages_and_then_undone() {
        let shape = boxes(2, 2);
        let killer = Variant::classic().with_cages(shape, CAGES).unwrap();
        let text = drawn(&four("1..4.4....4....1", killer));
        // Dashes of 0.08 and gaps of 0.06 of a 50 pt cell.
        assert_eq!(count(text.as_bytes(), b"[4 3] 0 d\n"), 1);
        assert_eq!(count(text.as_bytes(), b"[] 0 d\n"), 1);
        // Set once, and undone before the grid lines, which stay solid.
        let dashed = text.find("[4 3] 0 d").unwrap();
        let solid = text.find("[] 0 d").unwrap();
        assert!(dashed < solid && solid < text.find("0 J 0 j").unwrap());
        let jigsaw = Variant::classic().with_regions(shape, JIGSAW).unwrap();
        let x = Variant::classic().with_diagonals(true);
        for (plain, name) in [
            (wiki(), "classic"),
            (four("1..4.4....4....1", jigsaw), "jigsaw"),
            (four("1..4.4....4....1", x), "X"),
        ] {
            assert_eq!(count(drawn(&plain).as_bytes(), b"] 0 d"), 0, "{}", name);
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
        let puzzles = vec![wiki(); 5];
        let pdf = render(&puzzles, None, &options("2", Paper::A4)).unwrap();
        assert_eq!(count(&pdf, b"/Type /Page "), 3);
        assert!(count(&pdf, b"/Count 3 >>") == 1);
        let solved = vec![wiki_solved(); 5];
        let pdf = render(&puzzles, Some(&solved), &options("4", Paper::A4)).unwrap();
        assert_eq!(count(&pdf, b"/Type /Page "), 4);
        assert_eq!(count(&pdf, b"(Solution 5)"), 1);
        assert_eq!(count(&pdf, b"(Page 4 of 4)"), 1);
    }

    #[test]
    fn givens_are_drawn_once_each_and_fills_in_grey() {
        let p = wiki();
        let givens = p.puzzle.givens();
        let pdf = render(std::slice::from_ref(&p), None, &options("1", Paper::A4)).unwrap();
        assert_eq!(count(&pdf, b" Tj ET"), givens + 3); // + title, label, page number
        let pdf = render(&[p], Some(&[wiki_solved()]), &options("1", Paper::A4)).unwrap();
        assert_eq!(count(&pdf, b" Tj ET"), givens + 81 + 6);
        assert_eq!(count(&pdf, b"0.5 G 0.5 g"), 1); // one switch to grey per solution grid
    }

    #[test]
    fn paper_sets_the_media_box() {
        let p = [wiki()];
        let a4 = render(&p, None, &options("1", Paper::A4)).unwrap();
        let letter = render(&p, None, &options("1", Paper::Letter)).unwrap();
        assert_eq!(count(&a4, b"/MediaBox [0 0 595.28 841.89]"), 1);
        assert_eq!(count(&letter, b"/MediaBox [0 0 612 792]"), 1);
    }

    #[test]
    fn output_is_deterministic_and_empty_input_gives_one_page() {
        let p = [wiki()];
        let o = options("6", Paper::Letter);
        assert_eq!(render(&p, None, &o), render(&p, None, &o));
        let many = render(&vec![wiki(); 40], Some(&vec![wiki().puzzle; 40]), &o).unwrap();
        // catalog, pages, 2 fonts, info, resources, then 2 objects a page
        assert_eq!(crate::print::pdf::assert_xref_sound(&many), 6 + 2 * 14);
        let empty = render(&[], None, &o).unwrap();
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

    #[test]
    fn box_lines_run_every_c_columns_and_every_r_rows() {
        for (r, c) in [(2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (5, 5), (1, 4)] {
            let shape = boxes(r, c);
            let n = shape.size();
            let (thin, thick, cell) = segments(&half_blank(shape, Convention::Digits).0);
            let slot = slots(Paper::A4, PerPage(1))[0];
            let inset = (slot.size - cell * n as f64) / 2.0;
            let (left, bottom) = (slot.x + inset, slot.y + inset);
            // Which lines (1..N, from the left or the bottom) each pass drew.
            let index = |at: f64, from: f64| ((at - from) / cell).round() as usize;
            let lines = |segs: &Segments, vertical: bool| -> Vec<usize> {
                let mut out: Vec<usize> = segs
                    .iter()
                    .filter(|s| (s[0] == s[2]) == vertical)
                    .map(|s| {
                        if vertical {
                            index(s[0], left)
                        } else {
                            index(s[1], bottom)
                        }
                    })
                    .collect();
                out.sort_unstable();
                out
            };
            let every = |k: usize, on: bool| -> Vec<usize> {
                (1..n).filter(|i| (i % k == 0) == on).collect()
            };
            let shown = format!("{}x{}", r, c);
            assert_eq!(lines(&thick, true), every(c, true), "{} vertical", shown);
            assert_eq!(lines(&thick, false), every(r, true), "{} horizontal", shown);
            assert_eq!(lines(&thin, true), every(c, false), "{} vertical", shown);
            assert_eq!(lines(&thin, false), every(r, false), "{} horizontal", shown);
        }
        // 2x3 boxes: one box line down the middle, two across.
        let (_, thick, _) = segments(&half_blank(boxes(2, 3), Convention::Digits).0);
        assert_eq!(thick.len(), 3);
    }

    #[test]
    fn symbols_follow_the_convention_and_fill_the_cell() {
        let shape = boxes(4, 4);
        let full = shuffled_grid(&mut crate::rng::Rng::new(1), shape);
        for (convention, sixteen) in [
            (Convention::Digits, "(G) Tj"),
            (Convention::Letters, "(P) Tj"),
        ] {
            let entry = Entry {
                puzzle: full.clone(),
                convention,
            };
            let pdf = render(&[entry], None, &options("1", Paper::A4)).unwrap();
            // Each of the 16 symbols 16 times, plus title, label and page.
            assert_eq!(count(&pdf, b" Tj ET"), 256 + 3);
            assert_eq!(count(&pdf, sixteen.as_bytes()), 16, "{}", convention);
            // 450 pt / 16 = 28.125 pt cells, symbols 0.6 of that.
            assert_eq!(count(&pdf, b"/F1 16.88 Tf"), 256);
        }
        let letters = Entry {
            puzzle: full,
            convention: Convention::Letters,
        };
        let pdf = render(&[letters], None, &options("1", Paper::A4)).unwrap();
        assert_eq!(count(&pdf, b"(Q) Tj"), 0);
        assert_eq!(count(&pdf, b"(1) Tj"), 0);
    }

    #[test]
    fn small_grids_keep_the_9x9_cell_and_stay_centred() {
        let (entry, _) = half_blank(boxes(2, 2), Convention::Digits);
        let (_, _, cell) = segments(&entry);
        assert_eq!(cell, MAX_CELL);
        let slot = slots(Paper::A4, PerPage(1))[0];
        let mut c = Content::new();
        draw_grid(&mut c, &slot, &entry, None, "x");
        let text = String::from_utf8(c.into_bytes()).unwrap();
        // The border: a 200 pt square centred in the 450 pt slot.
        let expect = format!(
            "{} {} 200 200 re",
            pdf::num(slot.x + 125.0),
            pdf::num(slot.y + 125.0)
        );
        assert!(text.contains(&expect), "{}", text);
    }

    #[test]
    fn solution_pages_grey_the_fills_at_every_size() {
        for (r, c) in [(2, 3), (3, 2), (4, 4), (5, 5)] {
            let (entry, solution) = half_blank(boxes(r, c), Convention::Letters);
            let cells = solution.shape().cell_count();
            let givens = entry.puzzle.givens();
            let pdf = render(&[entry], Some(&[solution]), &options("1", Paper::Letter)).unwrap();
            assert_eq!(count(&pdf, b" Tj ET"), givens + cells + 6, "{}x{}", r, c);
            assert_eq!(count(&pdf, b"0.5 G 0.5 g"), 1);
        }
    }

    #[test]
    fn layouts_that_shrink_cells_under_the_minimum_are_refused() {
        let (big, _) = half_blank(boxes(4, 4), Convention::Digits);
        let mixed = [wiki(), big];
        assert!(render(&mixed, None, &options("2", Paper::A4)).is_ok());
        let err = render(&mixed, None, &options("4", Paper::A4)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--per-page 4 makes the cells of a 16x16 grid 14.5 pt wide, under the 16 pt \
             (5.6 mm) a written symbol needs; on a4 at most 2 16x16 grids fit a page"
        );
        let (huge, _) = half_blank(boxes(5, 5), Convention::Digits);
        let err = render(&[huge], None, &options("2", Paper::Letter)).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("on letter at most 1 25x25 grid fit a page"),
            "{}",
            err
        );
    }

    #[test]
    fn most_per_page_is_the_table_of_the_module_notes() {
        // (paper, largest N for 6, 4, 2 and 1 grids a page)
        for (paper, limits) in [
            (Paper::A4, [12, 14, 19, 25]),
            (Paper::Letter, [11, 15, 17, 25]),
        ] {
            for n in 1..=25 {
                let expect = match limits.iter().position(|&top| n <= top) {
                    Some(0) => 6,
                    Some(1) => 4,
                    Some(2) => 2,
                    _ => 1,
                };
                assert_eq!(most_per_page(paper, n).get(), expect, "{:?} {}", paper, n);
            }
        }
    }

    #[test]
    fn every_size_renders_a_sound_file() {
        for (r, c) in [
            (1, 1),
            (1, 5),
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 4),
            (4, 4),
            (5, 5),
        ] {
            let (entry, solution) = half_blank(boxes(r, c), Convention::Digits);
            let pdf = render(&[entry], Some(&[solution]), &options("1", Paper::A4)).unwrap();
            assert_eq!(
                crate::print::pdf::assert_xref_sound(&pdf),
                6 + 2 * 2,
                "{}x{}",
                r,
                c
            );
        }
        let six = grid(boxes(2, 3), "123456456123231564564231312645645312");
        let entry = Entry {
            puzzle: six,
            convention: Convention::Digits,
        };
        assert!(render(&vec![entry; 7], None, &options("6", Paper::Letter)).is_ok());
    }
}
