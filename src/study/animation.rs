//! The first steps of a search as an animated SVG for posts and READMEs:
//! no script, only SMIL animations (`<animate>`), so a browser shows it
//! inline where scripts are not run ([`animation`]).
//!
//! One frame per step after a first frame of the bare puzzle, then a pause
//! on the last frame, looping. Every placed value is a `<text>` whose
//! opacity switches on at its placement and off one frame after its undo
//! (during that frame it is red); a square marks the cell of each step,
//! green for a placement and red for an undo.

use super::page::escape_html;
use super::recording::Recording;
use super::svg_board::{self, Placement};
use crate::board::grid::Grid;
use crate::board::symbol::Convention;
use crate::solve::found::Ending;
use crate::study::patterns::Move;

/// Frames the last step stays on screen before the loop starts again.
const HOLD: usize = 15;

/// The animated SVG of `rec` (a recording of `puzzle`, usually cut short
/// by a small node limit), values in `convention`, `frame_ms` milliseconds
/// a step. The same recording gives the same bytes.
///
/// Cost: about 150 bytes a placement and 20 a step.
pub fn animation(puzzle: &Grid, convention: Convention, rec: &Recording, frame_ms: u32) -> String {
    let shape = puzzle.shape();
    let n = shape.size();
    let cell = if n <= 9 {
        28
    } else if n <= 16 {
        22
    } else {
        18
    };
    let side = n * cell;
    let (width, height) = (side.max(300) + 8, side + 8 + 34);
    let frames = rec.steps.len() + 1 + HOLD;
    let dur = format!("{}ms", frames as u64 * frame_ms as u64);
    // The fraction of the loop at which frame k starts.
    let at = |k: usize| format!("{:.5}", k as f64 / frames as f64);
    let timing = format!(
        "calcMode=\"discrete\" dur=\"{}\" repeatCount=\"indefinite\"",
        dur
    );
    let font = cell * 6 / 10;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"monospace\" font-size=\"{f}\" text-anchor=\"middle\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n",
        w = width,
        h = height,
        f = font
    );
    let centre = |i: usize| {
        let (r, c) = (shape.row_of(i), shape.col_of(i));
        (
            4 + c * cell + cell / 2,
            4 + r * cell + cell / 2 + font * 35 / 100,
        )
    };
    let board = Placement {
        cell,
        left: 4,
        top: 4,
    };
    svg.push_str(&svg_board::under(puzzle, board));
    // The cursor: one position and colour per frame (none on the first).
    let mut moves = vec!["-100,-100".to_string()];
    let mut colours = vec!["#fff".to_string()];
    for step in &rec.steps {
        let (i, colour) = match *step {
            Move::Place { cell, .. } => (cell, "#bde8bd"),
            Move::Undo { cell, .. } => (cell, "#f6c4c4"),
        };
        moves.push(format!(
            "{},{}",
            shape.col_of(i) * cell,
            shape.row_of(i) * cell
        ));
        colours.push(colour.to_string());
    }
    let times: Vec<String> = (0..moves.len()).map(at).collect();
    svg.push_str(&format!(
        "<rect x=\"4\" y=\"4\" width=\"{c}\" height=\"{c}\" fill=\"#fff\">\
         <animateTransform attributeName=\"transform\" type=\"translate\" values=\"{}\" keyTimes=\"{}\" {t}/>\
         <animate attributeName=\"fill\" values=\"{}\" keyTimes=\"{}\" {t}/></rect>\n",
        moves.join(";"),
        times.join(";"),
        colours.join(";"),
        times.join(";"),
        c = cell,
        t = timing
    ));
    // Grid lines: thin between cells, thick between boxes (or regions)
    // and around; then a killer board's cages.
    svg.push_str(&svg_board::grid_lines(puzzle, board));
    svg.push_str(&svg_board::cages(puzzle, board));
    for (i, &v) in puzzle.cells().iter().enumerate() {
        if v != 0 {
            let (x, y) = centre(i);
            svg.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n",
                x,
                y,
                convention.write(v, '.')
            ));
        }
    }
    // Each placement until its undo (frame k shows steps 0..k).
    for (e, step) in rec.steps.iter().enumerate() {
        if let Move::Place { cell: i, value, .. } = *step {
            let undo = rec.steps[e + 1..]
                .iter()
                .position(|s| matches!(*s, Move::Undo { cell, .. } if cell == i))
                .map(|k| e + 1 + k);
            let (x, y) = centre(i);
            let shown = match undo {
                Some(u) => format!(
                    "<animate attributeName=\"opacity\" values=\"0;1;0\" keyTimes=\"0;{};{}\" {t}/>\
                     <animate attributeName=\"fill\" values=\"#1552c4;#c00\" keyTimes=\"0;{}\" {t}/>",
                    at(e + 1),
                    at(u + 2),
                    at(u + 1),
                    t = timing
                ),
                None => format!(
                    "<animate attributeName=\"opacity\" values=\"0;1\" keyTimes=\"0;{}\" {t}/>",
                    at(e + 1),
                    t = timing
                ),
            };
            svg.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" fill=\"#1552c4\" opacity=\"0\">{}{}</text>\n",
                x,
                y,
                convention.write(value, '.'),
                shown
            ));
        }
    }
    let caption = [
        format!(
            "{}: the first {} steps (nodes={} backtracks={})",
            rec.pattern,
            rec.steps.len(),
            rec.run.stats.placements,
            rec.run.stats.backtracks
        ),
        whole(rec),
    ];
    for (k, text) in caption.iter().enumerate() {
        svg.push_str(&format!(
            "<text x=\"4\" y=\"{}\" font-size=\"11\" text-anchor=\"start\" font-family=\"sans-serif\">{}</text>\n",
            side + 8 + 12 + 14 * k,
            escape_html(text)
        ));
    }
    svg.push_str("</svg>\n");
    svg
}

/// The caption's second line: how the whole search ends.
fn whole(rec: &Recording) -> String {
    let run = rec.full.as_ref().unwrap_or(&rec.run);
    let nodes = run.stats.placements;
    match run.ending() {
        Ending::Solved => format!("whole search: solved in {} nodes", nodes),
        Ending::NoSolution => format!("whole search: no solution, {} nodes", nodes),
        Ending::Stopped if rec.full.is_some() => format!("whole search: more than {} nodes", nodes),
        Ending::Stopped => "whole search: not counted".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::patterns::Pattern;
    use crate::study::recording::record;
    use crate::testdata::{cells, EULER_01};
    use crate::Board;

    #[test]
    fn every_placement_is_one_animated_value_and_the_cursor_visits_every_step() {
        let puzzle = Grid::from_board(&Board(cells(EULER_01)));
        let rec = record(&puzzle, Pattern::Bitmask, 20, 0).unwrap();
        let svg = animation(&puzzle, Convention::Digits, &rec, 200);
        assert_eq!(svg, animation(&puzzle, Convention::Digits, &rec, 200));
        let places = rec
            .steps
            .iter()
            .filter(|s| matches!(s, Move::Place { .. }))
            .count();
        assert_eq!(places, 20);
        assert_eq!(
            svg.matches("fill=\"#1552c4\" opacity=\"0\"").count(),
            places
        );
        assert_eq!(svg.matches("font-weight=\"bold\"").count(), 81 - 49);
        let frames = rec.steps.len() + 1 + HOLD;
        assert!(svg.contains(&format!("dur=\"{}ms\"", frames * 200)));
        assert!(!svg.contains("<script"));
        assert!(svg.ends_with("</svg>\n"));
    }
}
