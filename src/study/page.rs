//! The replay page: one self-contained HTML file (no network, no external
//! script, style or font) that replays the recorded searches of one or
//! several patterns side by side on the same puzzle, event by event,
//! forward and back ([`page`]).
//!
//! The page holds the puzzle, its symbols and, per pattern, its steps
//! packed as base64url text (the alphabet of RFC 4648 §5), a fixed number
//! of characters per step ([`step_width`]: 2 on 9×9, 3 up to 25×25), each
//! the big-endian digits of
//!
//! ```text
//! code = ((cell * (N + 1) + value) * 2 + undo)      undo: 1 for an undo
//! ```
//!
//! and, per undo, why (see [`super::explain`]), packed the same way in two
//! characters: the cell that had no candidate left (0..N²), or N² + unit ×
//! N + value − 1 for a value with no place left in a unit (units numbered
//! as in [`crate::board::variant`]: rows, columns, boxes or regions, then
//! the diagonals). Beside them go the board's rules: the box or region of
//! each cell (one base64url character each), whether the diagonals and
//! which killer cages (cells and sum) are played; the script draws the
//! walls, shades the diagonals and outlines the cages from them. A
//! 200,000-step search takes 0.5 to 0.8 MB. The page's script
//! (`page.js`) decodes them, keeps a board snapshot every 1024 steps, and
//! computes the board at any event by replaying from the nearest one. The
//! same recordings give the same bytes: nothing of the time, the path or
//! the machine goes in.

use super::explain::{Exhausted, Explainer, Explanation};
use super::recording::Recording;
use crate::board::grid::Grid;
use crate::board::symbol::Convention;
use crate::study::patterns::Move;

/// The page's script: controls, keys, replay and drawing.
const SCRIPT: &str = include_str!("page.js");
/// The page's style.
const STYLE: &str = include_str!("page.css");

/// The base64url alphabet the steps are packed in.
pub const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Characters per packed step on an `n`×`n` board: enough base64 digits
/// for the largest code (2 for n ≤ 9, 3 for n ≤ 25).
pub fn step_width(n: usize) -> usize {
    let top = ((n * n - 1) * (n + 1) + n) * 2 + 1;
    let mut width = 1;
    while top >= 1 << (6 * width) {
        width += 1;
    }
    width
}

/// The steps packed as described in the module header.
pub fn pack(steps: &[Move], n: usize) -> String {
    let width = step_width(n);
    let mut out = String::with_capacity(steps.len() * width);
    for step in steps {
        let (cell, value, undo) = match *step {
            Move::Place { cell, value, .. } => (cell, value as usize, 0),
            // An undo carries no value; the page reads it off its board.
            Move::Undo { cell, .. } => (cell, 0, 1),
        };
        let code = (cell * (n + 1) + value) * 2 + undo;
        for k in (0..width).rev() {
            out.push(ALPHABET[(code >> (6 * k)) & 63] as char);
        }
    }
    out
}

/// Why each undo of `rec` happened, packed as described in the module
/// header.
pub fn pack_reasons(puzzle: &Grid, rec: &Recording) -> String {
    let n = puzzle.size();
    let mut explainer = Explainer::new(puzzle, rec.pattern);
    let mut out = String::new();
    for &step in &rec.steps {
        if let Explanation::Undone(why) = explainer.explain(step) {
            let code = match why {
                Exhausted::Cell(i) => i,
                Exhausted::Place { unit, value } => n * n + unit * n + value as usize - 1,
            };
            out.push(ALPHABET[code >> 6] as char);
            out.push(ALPHABET[code & 63] as char);
        }
    }
    out
}

/// The replay page of `recordings` (one panel each, in order, all of
/// `puzzle`), values written in `convention`, under `title` (plain text,
/// escaped here). `note` is one line shown above the panels (e.g. why
/// there is no search), empty for none.
///
/// Cost: linear in the steps; the page is about `step_width` bytes a
/// step plus 30 KB.
pub fn page(
    puzzle: &Grid,
    convention: Convention,
    recordings: &[Recording],
    title: &str,
    note: &str,
) -> String {
    let shape = puzzle.shape();
    let n = shape.size();
    let symbols: String = (1..=n as u8).map(|v| convention.write(v, '.')).collect();
    let givens: String = puzzle
        .cells()
        .iter()
        .map(|&v| convention.write(v, '.'))
        .collect();
    let rules = puzzle.variant();
    // The box (or jigsaw region) of every cell, one character each.
    let regions: String = (0..shape.cell_count())
        .map(|i| {
            let region = rules
                .regions()
                .map_or(shape.box_of(i), |r| usize::from(r[i]));
            char::from(ALPHABET[region])
        })
        .collect();
    let cages: Vec<String> = rules
        .cages()
        .iter()
        .map(|cage| {
            let cells: Vec<String> = cage.cells.iter().map(|i| i.to_string()).collect();
            format!("{{ sum: {}, cells: [{}] }}", cage.sum, cells.join(", "))
        })
        .collect();
    let mut data = String::new();
    data.push_str(&format!(
        "const KIT = {{\n  n: {},\n  symbols: {},\n  givens: {},\n  width: {},\n  regions: {},\n  jigsaw: {},\n  diagonals: {},\n  cages: [{}],\n  panels: [\n",
        n,
        js_string(&symbols),
        js_string(&givens),
        step_width(n),
        js_string(&regions),
        rules.regions().is_some(),
        rules.has_diagonals(),
        cages.join(", ")
    ));
    for rec in recordings {
        data.push_str(&format!(
            "    {{ name: {}, ending: {}, steps: {},\n      reasons: {} }},\n",
            js_string(rec.pattern.name()),
            js_string(&rec.ending()),
            js_string(&pack(&rec.steps, n)),
            js_string(&pack_reasons(puzzle, rec))
        ));
    }
    data.push_str("  ]\n};\n");
    let mut html = String::with_capacity(data.len() + SCRIPT.len() + STYLE.len() + 4096);
    html.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str(&format!("<title>{}</title>\n", escape_html(title)));
    html.push_str("<style>\n");
    html.push_str(STYLE);
    html.push_str("</style>\n</head>\n<body>\n");
    html.push_str(&format!("<h1>{}</h1>\n", escape_html(title)));
    html.push_str(BODY);
    html.push_str(&format!(
        "<p id=\"note\">{}</p>\n<div id=\"panels\"></div>\n",
        escape_html(note)
    ));
    html.push_str("<noscript><p>This page replays the search with its script; turn scripts on to see it.</p></noscript>\n");
    html.push_str("<script>\n");
    html.push_str(&data);
    html.push_str(SCRIPT);
    html.push_str("</script>\n</body>\n</html>\n");
    html
}

/// The controls and the legend, the same on every page.
const BODY: &str = "\
<div id=\"controls\">
<button id=\"start\" title=\"Home\">|&#x25C0; start</button>
<button id=\"back\" title=\"Left arrow\">&#x25C0; back</button>
<button id=\"play\" title=\"Space\">&#x25B6; play</button>
<button id=\"forward\" title=\"Right arrow\">forward &#x25B6;</button>
<button id=\"backtrack\" title=\"B\">next backtrack</button>
<button id=\"end\" title=\"End\">end &#x25B6;|</button>
<label>speed <input id=\"speed\" type=\"range\" min=\"0\" max=\"12\" value=\"4\"> <span id=\"rate\"></span></label>
<label><input id=\"candidates\" type=\"checkbox\"> candidates (C)</label>
</div>
<div id=\"seekbar\"><input id=\"seek\" type=\"range\" min=\"0\" max=\"0\" value=\"0\"> event <span id=\"at\">0</span> of <span id=\"total\">0</span></div>
<p class=\"keys\">Keys: Space play/pause, &larr; &rarr; one event, B next backtrack, Home/End start/end, + &minus; speed, C candidates. Givens are black, placed digits blue, the cell just tried green, a digit just undone red.</p>
";

/// `text` as a JavaScript string literal that is safe inside `<script>`:
/// quotes, backslashes, `<`, `>`, `&` and everything outside printable
/// ASCII escaped.
pub fn js_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            ' '..='~' if !matches!(ch, '"' | '\\' | '<' | '>' | '&') => out.push(ch),
            _ => {
                let mut units = [0u16; 2];
                for unit in ch.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{:04x}", unit));
                }
            }
        }
    }
    out.push('"');
    out
}

/// `text` with `&`, `<`, `>` and `"` as HTML entities.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::patterns::Pattern;
    use crate::study::recording::record;
    use crate::testdata::{cells, EULER_01};
    use crate::Board;

    #[test]
    fn steps_take_two_characters_on_9x9_and_three_up_to_25x25() {
        assert_eq!(step_width(4), 2);
        assert_eq!(step_width(9), 2);
        assert_eq!(step_width(16), 3);
        assert_eq!(step_width(25), 3);
    }

    #[test]
    fn packing_writes_the_documented_codes() {
        let steps = [
            Move::Place {
                cell: 0,
                value: 1,
                depth: 1,
            },
            Move::Undo { cell: 80, depth: 0 },
        ];
        // (0 * 10 + 1) * 2 = 2 -> "AC"; (80 * 10) * 2 + 1 = 1601 = 25 * 64 + 1 -> "ZB"
        assert_eq!(pack(&steps, 9), "ACZB");
    }

    #[test]
    fn strings_are_safe_inside_a_script() {
        assert_eq!(
            js_string("a\"b\\</script>é"),
            "\"a\\u0022b\\u005c\\u003c/script\\u003e\\u00e9\""
        );
        assert_eq!(escape_html("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }

    #[test]
    fn the_page_is_self_contained_and_the_same_every_time() {
        let puzzle = Grid::from_board(&Board(cells(EULER_01)));
        let recs: Vec<Recording> = [Pattern::Bitmask, Pattern::Dlx]
            .iter()
            .map(|&p| record(&puzzle, p, 1000, 0).unwrap())
            .collect();
        let one = page(&puzzle, Convention::Digits, &recs, "t <1>", "");
        let two = page(&puzzle, Convention::Digits, &recs, "t <1>", "");
        assert_eq!(one, two);
        assert!(!one.contains("http"));
        assert!(!one.contains(" src="));
        assert!(!one.contains(" href="));
        assert!(one.contains("<title>t &lt;1&gt;</title>"));
        assert!(one.contains("name: \"dlx\", ending: \"solved nodes=49 backtracks=0\""));
        assert!(one.contains(&pack(&recs[0].steps, 9)));
    }
}
