//! `sudoku pdf`: print puzzles (and their solutions) to a PDF sheet.

use super::{Args, Empty, Loaded, Out, Reading};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Arc;
use sudoku_kit::board::grid::Grid;
use sudoku_kit::board::symbol::Convention;
use sudoku_kit::format::Cases;
use sudoku_kit::print::sheet::{self, Entry, Paper, PerPage};
use sudoku_kit::solve::any;

/// Help for `sudoku pdf`.
pub const HELP: &str = "\
sudoku pdf: print puzzles (and their solutions) to a PDF

usage: sudoku pdf [-o FILE] [--per-page 1|2|4|6] [--solutions] [--title TEXT]
                  [--paper a4|letter] [--from FORMAT] [--box RxC]
                  [--symbols digits|letters] [--x] [--regions LAYOUT]
                  [--cages LAYOUT] [FILE...]

Reads the puzzles of every FILE (`-` or none: stdin) in any input format,
auto-detected, and writes one PDF 1.4 sheet: the title at the top of every
page, the grids numbered from 1 in input order (`Puzzle 7`) and `Page 3 of 8`
at the bottom. Grids of every size print, 4x4 to 25x25, with thick lines
around their boxes and their symbols as they were read (digits, digits and
letters, or letters), centred in Helvetica, in cells of at most 50 pt (a
small grid is not blown up to the page); variant boards (--x, --regions,
--cages) print as puzzle books print them. The same input gives the same
bytes.

options
  -h, --help         this help
  -o, --output FILE  write the PDF to FILE (`-`: stdout); FILE is replaced
                     only once the whole PDF is ready. Without -o the PDF
                     goes to stdout, unless stdout is a terminal
  --per-page N       grids per page: 1 (default: one large grid), 2 (stacked),
                     4 (2 by 2) or 6 (2 by 3). Cells must stay at least 16 pt
                     (5.6 mm) wide: 4x4 to 9x9 fit any layout, 12x12 up to 4
                     a page (6 on a4), 16x16 up to 2, 25x25 one; a layout too
                     dense for the largest grid is a usage error (exit 2)
                     that says how many fit
  --solutions        add solution pages at the end, numbered like the puzzles
                     (`Solution 7`): givens black, filled symbols grey; every
                     puzzle must then have exactly one solution
  --title TEXT       the title on every page (default `Sudoku`); characters
                     outside Windows-1252 print as `?`
  --paper SIZE       a4 (default) or letter
  --from FORMAT      read this format (line, spaced, digits, js, euler)
                     instead of detecting it
  --box RxC          every board has boxes of R rows by C columns (e.g. 3x2
                     for a 6x6 board with three boxes across); without it
                     the size comes from each board (36 cells: 2x3). A 4x4
                     line puzzle needs --box 2x2 (16 symbols read as a row)
  --symbols S        every board is written in S: digits (1-9, then A, B,
                     ...) or letters (A, B, ...); without it, detected above
                     9x9. The PDF writes each board's symbols the same way
  --x                every board is a Sudoku X: its two main diagonals are
                     shaded light grey
  --regions LAYOUT   every board is a jigsaw: the thick lines follow the
                     regions of LAYOUT (one mark per cell, row-major, e.g.
                     'AAAB CABB CCDB CDDD'; or @FILE) instead of the boxes
  --cages LAYOUT     every board is a killer: each cage of LAYOUT (one mark
                     per cell, `.` for none, then MARK=SUM words, e.g.
                     'aab. ... a=7 b=3'; or @FILE) is outlined dashed, its
                     sum small in its top-left cell. The three combine;
                     a board of another size than the layouts is bad
                     input. With --solutions the boards are solved by
                     these rules

A complete grid that directly follows a puzzle it solves is taken as that
puzzle's solution, not as a puzzle of its own, so the output of
`sudoku gen --with-solution` prints as it is.

The input is read as a stream; only the boards are kept (a byte a cell),
never the text.

exit status
  0  written
  1  bad input (nothing is written)
  2  usage error, or a file that cannot be opened or read (not UTF-8, a
     line over 1 MiB; nothing is written)

examples
  sudoku gen -n 12 --seed 7 | sudoku pdf --per-page 4 -o /tmp/a.pdf
  sudoku gen -n 6 --box 3x2 | sudoku pdf --box 3x2 --per-page 6 -o /tmp/b.pdf
  sudoku gen -n 4 --box 4x4 --with-solution | sudoku pdf --solutions >/tmp/c.pdf
  sudoku pdf --title 'Week 3' problems/poj3074/test/sample-1.in > /tmp/d.pdf
";

/// The most puzzles one PDF takes (about 50 MB at one grid per page).
const MAX_PUZZLES: usize = 10_000;

/// Runs `sudoku pdf`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let parsed = (|| {
        let output = args.value("--output", Some('o'))?;
        let per_page = args.parsed::<PerPage>("--per-page", None)?;
        let solutions = args.flag("--solutions", None);
        let title = args.value("--title", None)?;
        let paper = args.parsed::<Paper>("--paper", None)?;
        let from = super::from_option(&mut args)?;
        let sizing = super::options::sizing_options(&mut args)?;
        let variant = super::options::variant_options(&mut args, sizing.shape)?;
        let reading = Reading {
            from,
            cases: Cases::Auto,
            sizing,
            variant,
        };
        Ok::<_, super::UsageError>((output, per_page, solutions, title, paper, reading))
    })();
    let (output, per_page, with_solutions, title, paper, reading) = match parsed {
        Ok(p) => p,
        Err(e) => return super::usage_error(cmd, e),
    };
    let paths = match args.positionals() {
        Ok(p) => p,
        Err(e) => return super::usage_error(cmd, e),
    };
    if output.is_none() && std::io::stdout().is_terminal() {
        return super::usage_error(
            cmd,
            "will not write a binary PDF to the terminal; use -o FILE or redirect stdout (-o - forces it)",
        );
    }

    let mut puzzles = Vec::new();
    let mut given_solutions = Vec::new();
    let mut problem = None;
    let status =
        super::each_item(
            cmd,
            &paths,
            reading,
            Empty::Quiet,
            true,
            &mut |loaded| match collect(loaded, &mut puzzles, &mut given_solutions) {
                Ok(()) => true,
                Err(e) => {
                    problem = Some(e);
                    false
                }
            },
        );
    if status != 0 {
        return status;
    }
    if let Some(e) = problem {
        return fail(&e);
    }
    if puzzles.is_empty() {
        return fail("no puzzles in the input");
    }

    let mut solutions = Vec::new();
    if with_solutions {
        for (k, (p, given)) in puzzles.iter().zip(&given_solutions).enumerate() {
            match unique_solution(&p.grid, given.as_ref()) {
                Ok(s) => solutions.push(s),
                Err(why) => {
                    let in_pdf = if k + 1 == p.number {
                        String::new()
                    } else {
                        format!(" (Puzzle {} of the PDF)", k + 1)
                    };
                    return fail(&format!(
                        "{}: puzzle {}, line {}{}: {} (--solutions needs exactly one)",
                        p.input, p.number, p.line, in_pdf, why
                    ));
                }
            }
        }
    }

    let options = sheet::Options {
        paper: paper.unwrap_or_default(),
        per_page: per_page.unwrap_or_default(),
        title: title.unwrap_or_else(|| "Sudoku".to_string()),
    };
    let entries: Vec<Entry> = puzzles
        .into_iter()
        .map(|p| Entry {
            puzzle: p.grid,
            convention: p.convention,
        })
        .collect();
    let bytes = match sheet::render(&entries, with_solutions.then_some(&solutions[..]), &options) {
        Ok(bytes) => bytes,
        Err(e) => return super::usage_error(cmd, e),
    };
    match output.as_deref() {
        None | Some("-") => {
            let mut out = Out::new();
            out.put_bytes(&bytes);
            out.flush();
            0
        }
        Some(path) if Path::new(path).is_dir() => {
            fail(&format!("cannot write {}: it is a directory", path))
        }
        Some(path) => match write_whole(Path::new(path), &bytes) {
            Ok(()) => 0,
            Err(e) => fail(&format!(
                "cannot write {}: {}",
                path,
                sudoku_kit::format::io_message(&e)
            )),
        },
    }
}

/// One puzzle to print, with where it came from for messages (its cells
/// and a few words: the only thing kept of the input).
struct Source {
    grid: Grid,
    convention: Convention,
    input: Arc<str>,
    number: usize,
    line: usize,
}

fn fail(message: &str) -> i32 {
    eprintln!("sudoku pdf: {}", message);
    1
}

/// Adds `loaded` to `puzzles`, or, when it is a complete grid that
/// directly follows the puzzle it solves (in the same input), to
/// `solutions` as that puzzle's solution. Clashing givens and more than
/// [`MAX_PUZZLES`] puzzles are errors that end the reading.
fn collect(
    loaded: Loaded,
    puzzles: &mut Vec<Source>,
    solutions: &mut Vec<Option<Grid>>,
) -> Result<(), String> {
    let p = loaded.puzzle;
    let grid = p.grid;
    let convention = p.style.convention;
    if let Some(clash) = grid.first_clash() {
        return Err(format!(
            "{}: puzzle {}, line {}: {}",
            loaded.name,
            p.number,
            p.line,
            clash.describe(convention)
        ));
    }
    let follows_its_puzzle = grid.is_full()
        && solutions.last() == Some(&None)
        && puzzles.last().is_some_and(|prev| {
            prev.input == loaded.name && grid.solves(&prev.grid) && !prev.grid.is_full()
        });
    if follows_its_puzzle {
        if let Some(last) = solutions.last_mut() {
            *last = Some(grid);
        }
        return Ok(());
    }
    if puzzles.len() == MAX_PUZZLES {
        return Err(format!(
            "too many puzzles (more than {}); split the input into several PDFs",
            MAX_PUZZLES
        ));
    }
    puzzles.push(Source {
        grid,
        convention,
        input: loaded.name,
        number: p.number,
        line: p.line,
    });
    solutions.push(None);
    Ok(())
}

/// The one solution of `puzzle`, or why there is not exactly one. A
/// solution given in the input is used when the puzzle is unique.
fn unique_solution(puzzle: &Grid, given: Option<&Grid>) -> Result<Grid, &'static str> {
    match any::count_solutions(puzzle, 2) {
        0 => Err("has no solution"),
        1 => given
            .cloned()
            .or_else(|| any::solve(puzzle))
            .ok_or("has no solution"),
        _ => Err("has more than one solution"),
    }
}

/// Writes `bytes` to a temporary file next to `path`, then renames it over
/// `path`, so `path` is never left half-written.
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "sudoku.pdf".to_string());
    let tmp = path.with_file_name(format!(".{}.{}.tmp", name, std::process::id()));
    let result = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
