//! The options that say how a command reads its inputs: `--from`,
//! `--to`, `--cases`, `--box`, `--symbols`, `--blank`, `--separator` and
//! `-j`.

use super::input::Reading;
use super::pool;
use super::{Args, UsageError};
use sudoku_kit::board::symbol::Convention;
use sudoku_kit::format::{self, Cases, Format, Sizing};
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
    Ok(Reading {
        from,
        cases,
        sizing,
    })
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

/// `-j N` / `--jobs N`: threads to use (N >= 1); every core by default.
pub fn jobs_option(args: &mut Args) -> Result<usize, UsageError> {
    match args.parsed::<usize>("--jobs", Some('j'))? {
        Some(0) => Err(UsageError("--jobs 0: needs at least 1".to_string())),
        Some(n) => Ok(n),
        None => Ok(pool::default_jobs()),
    }
}
