//! The `sudoku` command: parses the subcommand and hands the rest of the
//! arguments to its module in `src/cli/`.

mod cli;

fn main() {
    let mut words = std::env::args().skip(1);
    let code = match words.next() {
        None => {
            eprint!("{}", cli::HELP);
            2
        }
        Some(name) => cli::dispatch(&name, words.collect()),
    };
    std::process::exit(code);
}
