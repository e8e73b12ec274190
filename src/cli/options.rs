//! The options that say how a command reads its inputs: `--from`,
//! `--to`, `--cases`, `--box`, `--symbols`, `--blank`, `--separator`,
//! the variant rules `--x`, `--regions` and `--cages`, and `-j`.

use super::input::Reading;
use super::pool;
use super::{Args, UsageError};
use std::sync::Arc;
use sudoku_kit::board::symbol::Convention;
use sudoku_kit::board::variant::{self, Variant};
use sudoku_kit::format::{self, Cases, Format, Sizing};
use sudoku_kit::study::patterns::Pattern;
use sudoku_kit::Shape;

/// The `--from FORMAT` option: a readable format, if given.
pub fn from_option(args: &mut Args) -> Result<Option<Format>, UsageError> {
    match args.parsed::<Format>("--from", None)? {
        Some(Format::Pretty) => Err(UsageError(
            "--from pretty: pretty is an output format only".to_string(),
        )),
        f => Ok(f),
    }
}

/// The `--to FORMAT` option, if given.
pub fn to_option(args: &mut Args) -> Result<Option<Format>, UsageError> {
    args.parsed::<Format>("--to", None)
}

/// `--from FORMAT`, `--cases auto|one|count|end|eof` and the size
/// options ([`sizing_options`]).
pub fn reading_options(args: &mut Args) -> Result<Reading, UsageError> {
    let from = from_option(args)?;
    let cases = match args.value("--cases", None)? {
        None => Cases::Auto,
        Some(v) => v
            .parse()
            .map_err(|e| UsageError(format!("--cases: {}", e)))?,
    };
    let sizing = sizing_options(args)?;
    let variant = variant_options(args, sizing.shape)?;
    without_own_rules(from, variant.as_deref())?;
    Ok(Reading {
        from,
        cases,
        sizing,
        variant,
    })
}

/// The usage error of `--x`, `--regions` or `--cages` (`variant`) given
/// with a format whose boards write their own rules (`--from walls`,
/// `--from killer`).
pub fn without_own_rules(
    from: Option<Format>,
    variant: Option<&Variant>,
) -> Result<(), UsageError> {
    match (from.and_then(Format::own_rules), variant) {
        (Some(own), Some(_)) => Err(UsageError(format!(
            "--from {}: each board gives its own {}; --x, --regions and --cages do not \
             combine with it",
            from.map_or("", Format::name),
            own
        ))),
        _ => Ok(()),
    }
}

/// The variant rules every board is played by: `--x` (the two main
/// diagonals hold every value too), `--regions LAYOUT` (irregular regions
/// in place of the boxes) and `--cages LAYOUT` (killer cages), combined as
/// given; `None` for the classic rules. A LAYOUT is the text itself or
/// `@FILE`; its syntax is in [`sudoku_kit::board::variant`]. The layouts'
/// cell count gives the board's size (the boxes: `forced`, from `--box`,
/// else the closest to square).
pub fn variant_options(
    args: &mut Args,
    forced: Option<Shape>,
) -> Result<Option<Arc<Variant>>, UsageError> {
    let x = args.flag("--x", None);
    let regions = layout_option(args, "--regions")?;
    let cages = layout_option(args, "--cages")?;
    let mut variant = Variant::classic().with_diagonals(x);
    if let Some(text) = regions {
        let shape = layout_shape(&text, forced, "--regions")?;
        variant = variant
            .with_regions(shape, &text)
            .map_err(|e| UsageError(format!("--regions: {}", e)))?;
    }
    if let Some(text) = cages {
        let shape = layout_shape(&text, forced, "--cages")?;
        variant = variant
            .with_cages(shape, &text)
            .map_err(|e| UsageError(format!("--cages: {}", e)))?;
    }
    Ok((!variant.is_classic()).then(|| Arc::new(variant)))
}

/// How `study` and `trace` read their board, and the patterns they run
/// on it: the size options, the variant options and `--from` (whose
/// `walls` and `killer` boards bring their own rules, so not with the
/// variant options). Dancing links does not play killer cages (a cage's
/// sum is no exact-cover constraint), so on boards with cages (`--cages`,
/// `--from killer`) it leaves `chosen` when it came by default (`named`
/// false) and is a usage error when `--pattern` named it.
pub fn pattern_reading(
    args: &mut Args,
    chosen: Vec<Pattern>,
    named: bool,
) -> Result<(Vec<Pattern>, Reading), UsageError> {
    let sizing = sizing_options(args)?;
    let variant = variant_options(args, sizing.shape)?;
    let from = from_option(args)?;
    without_own_rules(from, variant.as_deref())?;
    let reading = Reading {
        sizing,
        variant,
        ..Reading::from(from)
    };
    let caged = reading
        .variant
        .as_ref()
        .is_some_and(|v| !v.cages().is_empty())
        || from == Some(Format::Killer);
    if !caged || !chosen.contains(&Pattern::Dlx) {
        return Ok((chosen, reading));
    }
    if named {
        return Err(UsageError(
            "--pattern dlx: dancing links does not play killer cages (a cage's sum is no \
             exact-cover constraint)"
                .to_string(),
        ));
    }
    let chosen = chosen.into_iter().filter(|&p| p != Pattern::Dlx).collect();
    Ok((chosen, reading))
}

/// The text of a layout option, read from FILE when given as `@FILE` (a
/// small text: at most 1 MiB of UTF-8, as every input has a limit).
fn layout_option(args: &mut Args, name: &str) -> Result<Option<String>, UsageError> {
    match args.value(name, None)? {
        Some(v) => match v.strip_prefix('@') {
            Some(path) => sudoku_kit::format::read_small_text(std::path::Path::new(path))
                .map(Some)
                .map_err(|e| UsageError(format!("{} @{}: {}", name, path, e))),
            None => Ok(Some(v)),
        },
        None => Ok(None),
    }
}

/// The shape of a layout: `forced` when given, else the one its number
/// of cell marks gives.
fn layout_shape(text: &str, forced: Option<Shape>, name: &str) -> Result<Shape, UsageError> {
    variant::layout_shape(text, forced)
        .map_err(|e| UsageError(format!("{}: the layout's cell marks: {}", name, e)))
}

/// `--box RxC` (every board has boxes of R rows by C columns),
/// `--symbols digits|letters` (every board is written in that convention)
/// `--blank CHAR` (one more blank character, e.g. `?`) and `--separator
/// LINE` (a line between two boards, e.g. `---`).
pub fn sizing_options(args: &mut Args) -> Result<Sizing, UsageError> {
    let shape = match args.value("--box", None)? {
        None => None,
        Some(v) => Some(v.parse::<Shape>().map_err(|e| UsageError(e.to_string()))?),
    };
    let symbols = match args.value("--symbols", None)? {
        None => None,
        Some(v) => Some(
            v.parse::<Convention>()
                .map_err(|e| UsageError(format!("--symbols: {}", e)))?,
        ),
    };
    let blank = match args.value("--blank", None)? {
        None => None,
        Some(v) => Some(format::blank_char(&v).map_err(|e| UsageError(format!("--blank {}", e)))?),
    };
    let separator = match args.value("--separator", None)? {
        None => None,
        Some(v) => Some(
            v.parse::<format::Separator>()
                .map_err(|e| UsageError(format!("--separator {}", e)))?,
        ),
    };
    Ok(Sizing {
        shape,
        symbols,
        blank,
        separator,
    })
}

/// The most threads `--jobs` takes: more than any machine's cores, and few
/// enough that each gets its stack (a million threads ran the process out of
/// memory before the first puzzle).
const MAX_JOBS: usize = 1024;

/// `-j N` / `--jobs N`: threads to use (1 <= N <= [`MAX_JOBS`]); every core
/// by default.
pub fn jobs_option(args: &mut Args) -> Result<usize, UsageError> {
    match args.parsed::<usize>("--jobs", Some('j'))? {
        Some(0) => Err(UsageError("--jobs 0: needs at least 1".to_string())),
        Some(n) if n > MAX_JOBS => Err(UsageError(format!(
            "--jobs {}: at most {} threads (this machine has {} cores)",
            n,
            MAX_JOBS,
            pool::default_jobs()
        ))),
        Some(n) => Ok(n),
        None => Ok(pool::default_jobs()),
    }
}
