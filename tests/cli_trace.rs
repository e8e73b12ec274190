//! `sudoku trace`: the event lines replay to the solution, their counts
//! match the summary line, and bad inputs get one clear error line.
//! (Run by the test harness, stdout is a pipe: the event-line mode.)

use crate::common;

use common::{cells, sudoku, Dir, BOJ2580_IN, DEAD_END, EULER_01, EULER_03};
use predicates::prelude::*;
use sudoku_kit::{solve::nine, Board};

fn trace(args: &[&str], input: &str) -> (String, String, i32) {
    common::outcome(&[&["trace"], args].concat(), input)
}

/// `r3c5` → cell index 22.
fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "{}", name);
    (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize
}

/// `key=value` → value as a number.
fn value(word: &str, key: &str) -> u64 {
    word.strip_prefix(key)
        .and_then(|v| v.strip_prefix('='))
        .unwrap_or_else(|| panic!("{} is not {}=N", word, key))
        .parse()
        .unwrap()
}

/// What a trace says, checked line by line on the way: every place goes
/// into a blank at the right depth, every undo erases a placed digit.
struct Replay {
    board: Board,
    places: u64,
    undos: u64,
    summary: String,
}

fn replay(puzzle: &Board, text: &str) -> Replay {
    assert!(text.ends_with('\n'), "output ends with a newline");
    let mut lines: Vec<&str> = text.lines().collect();
    let summary = lines.pop().expect("a summary line").to_string();
    let mut r = Replay {
        board: *puzzle,
        places: 0,
        undos: 0,
        summary,
    };
    let mut depth = 0;
    for line in lines {
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            ["place", assign, d] => {
                let (name, digit) = assign.split_once('=').unwrap();
                let i = cell(name);
                assert_eq!(r.board.0[i], 0, "{}: cell not blank", line);
                assert_eq!(puzzle.0[i], 0, "{}: a given", line);
                r.board.0[i] = digit.parse().unwrap();
                depth += 1;
                assert_eq!(value(d, "depth"), depth, "{}", line);
                r.places += 1;
            }
            ["undo", name, ref why @ ..] => {
                // `undo r1c7: r3c2 has no candidate left`: a blank below ran out.
                let name = name.strip_suffix(':').expect("undo NAME: reason");
                match why {
                    [blank, "has", "no", "candidate", "left"] => {
                        assert_eq!(r.board.0[cell(blank)], 0, "{}: not a blank", line)
                    }
                    ["no", "place", "left", "for", _, "in", _, _] => {}
                    _ => panic!("unexpected reason {:?}", line),
                }
                let i = cell(name);
                assert_ne!(r.board.0[i], 0, "{}: nothing to undo", line);
                assert_eq!(puzzle.0[i], 0, "{}: a given", line);
                r.board.0[i] = 0;
                depth -= 1;
                r.undos += 1;
            }
            _ => panic!("unexpected line {:?}", line),
        }
    }
    r
}

/// The counts of a summary line `WORDS nodes=N backtracks=M`.
fn summary_counts(summary: &str) -> (String, u64, u64) {
    let words: Vec<&str> = summary.split(' ').collect();
    let n = words.len();
    assert!(n >= 3, "{}", summary);
    (
        words[..n - 2].join(" "),
        value(words[n - 2], "nodes"),
        value(words[n - 1], "backtracks"),
    )
}

fn assert_replays_to_solution(puzzle_line: &str, input: &str, args: &[&str]) -> (u64, u64) {
    let puzzle = Board(cells(puzzle_line));
    let (out, err, code) = trace(args, input);
    assert_eq!((code, err.as_str()), (0, ""), "{:?}", args);
    let r = replay(&puzzle, &out);
    let solution = nine::solve(&puzzle).unwrap();
    assert_eq!(r.board, solution, "{:?}: replay ends on the solution", args);
    let (word, nodes, backtracks) = summary_counts(&r.summary);
    assert_eq!(word, "solved");
    assert_eq!((r.places, r.undos), (nodes, backtracks), "{:?}", args);
    (nodes, backtracks)
}

#[test]
fn default_trace_replays_to_the_solution_and_counts_match() {
    let counts = assert_replays_to_solution(EULER_01, EULER_01, &[]);
    assert_eq!(counts, (200, 151));
}

#[test]
fn every_traceable_pattern_replays_to_the_solution() {
    for (pattern, expected) in [
        ("scan", (19022, 18969)),
        ("blank-list", (19022, 18969)),
        ("used-tables", (19022, 18969)),
        ("bitmask", (19022, 18969)),
        ("fewest-candidates", (187, 134)),
        ("dlx", (53, 0)),
    ] {
        let counts = assert_replays_to_solution(EULER_03, EULER_03, &["--pattern", pattern]);
        assert_eq!(counts, expected, "{}", pattern);
    }
}

#[test]
fn row_major_patterns_print_identical_traces() {
    let first = trace(&["--pattern", "scan"], EULER_01).0;
    for pattern in ["blank-list", "used-tables", "bitmask"] {
        assert_eq!(
            trace(&["--pattern", pattern], EULER_01).0,
            first,
            "{}",
            pattern
        );
    }
}

#[test]
fn boj2580_sample_in_spaced_format_traces_without_backtracking() {
    let line: String = BOJ2580_IN.split_whitespace().collect();
    let counts = assert_replays_to_solution(&line, BOJ2580_IN, &[]);
    assert_eq!(counts, (14, 0));
    let (out, _, _) = trace(&[], BOJ2580_IN);
    assert!(out.starts_with("place r1c1=1 depth=1\nplace r2c5=3 depth=2\n"));
}

#[test]
fn lines_flag_keeps_event_lines() {
    let (out, _, code) = trace(&["--lines", "--delay", "0", "--every", "7"], EULER_01);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        trace(&[], EULER_01).0,
        "--delay/--every only pace the terminal view"
    );
}

#[test]
fn limit_stops_with_a_stopped_line() {
    let (out, err, code) = trace(&["--limit", "30"], EULER_03);
    assert_eq!((code, err.as_str()), (0, ""));
    let r = replay(&Board(cells(EULER_03)), &out);
    let (word, nodes, backtracks) = summary_counts(&r.summary);
    assert_eq!(word, "stopped");
    assert_eq!(nodes, 30);
    assert_eq!(r.places, 30);
    assert_eq!(r.undos, backtracks);
}

#[test]
fn unsolvable_puzzle_prints_its_search_then_fails() {
    let (out, err, code) = trace(&[], DEAD_END);
    assert_eq!(
        out,
        "place r1c1=2 depth=1\nundo r1c1: r1c2 has no candidate left\nno solution nodes=1 backtracks=1\n"
    );
    assert_eq!(err, "sudoku trace: stdin: puzzle 1, line 1: no solution\n");
    assert_eq!(code, 1);
}

#[test]
fn clashing_givens_are_an_error_with_the_cells() {
    let (out, err, code) = trace(&[], &EULER_01.replacen('0', "3", 1));
    assert_eq!(out, "");
    assert_eq!(
        err,
        "sudoku trace: stdin: puzzle 1, line 1: givens clash: digit 3 repeats in row 1 (r1c1 and r1c3)\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn stray_character_is_an_error_with_its_position() {
    let (out, err, code) = trace(&[], &EULER_01.replacen('6', "x", 1));
    assert_eq!(out, "");
    assert!(
        err.starts_with("sudoku trace: stdin: puzzle 1, line 1, column 7: "),
        "{}",
        err
    );
    assert_eq!(err.lines().count(), 1);
    assert_eq!(code, 1);
}

#[test]
fn empty_input_and_two_puzzles_are_errors() {
    let (out, err, code) = trace(&[], "");
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(err, "sudoku trace: stdin: no puzzle found\n");
    let (out, err, code) = trace(&[], &format!("{}\n{}\n", EULER_01, EULER_03));
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(
        err,
        "sudoku trace: stdin: 2 puzzles found; trace takes one: pick it with --puzzle K (1 to 2)\n"
    );
    let two = format!("{}\n{}\n", EULER_01, EULER_03);
    let (second, _, code) = trace(&["--puzzle", "2", "--limit", "5"], &two);
    let (alone, _, _) = trace(&["--limit", "5"], EULER_03);
    assert_eq!((second, code), (alone, 0));
    let (out, err, code) = trace(&["--puzzle", "3"], &two);
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(
        err,
        "sudoku trace: stdin: --puzzle 3: only 2 puzzles found\n"
    );
}

#[test]
fn usage_mistakes_exit_2() {
    for args in [
        &["--pattern", "engine"][..],
        &["--pattern", "dancing-links"],
        &["--every", "0"],
        &["--limit", "0"],
        &["--delay", "soon"],
        &["--frobnicate"],
        &["--puzzle", "0"],
        &["--pattern", "bitmask,dlx"],
        &["--pattern", "bitmask,engine", "--html", "x.html"],
        &["--html", "x.html", "--svg", "x.svg"],
        &["--svg", "x.svg", "--delay", "0"],
        &["--svg", "x.svg", "--rejected"],
        &["a.txt", "b.txt"],
    ] {
        sudoku()
            .arg("trace")
            .args(args)
            .write_stdin(EULER_01)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("sudoku trace: "));
    }
}

#[test]
fn missing_file_exits_2_and_names_it() {
    sudoku()
        .args(["trace", "no/such/puzzle.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("no/such/puzzle.txt"));
}

#[test]
fn help_names_the_event_format_and_the_node_unit() {
    sudoku()
        .args(["trace", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("place r1c3=4 depth=1"))
        .stdout(predicate::str::contains("solved nodes=200 backtracks=151"));
}

#[test]
fn undo_lines_name_what_ran_out_and_rejected_digits_are_on_request() {
    let (out, _, _) = trace(&["--limit", "6"], EULER_01);
    assert_eq!(
        out,
        "place r1c1=4 depth=1\nplace r1c2=5 depth=2\nplace r1c4=9 depth=3\n\
         place r1c6=1 depth=4\nplace r1c8=7 depth=5\nundo r1c8: r1c9 has no candidate left\n\
         place r1c8=8 depth=5\nstopped nodes=6 backtracks=1\n"
    );
    let (out, _, _) = trace(&["--limit", "6", "--rejected"], EULER_01);
    assert!(
        out.starts_with("place r1c1=4 depth=1 rejected=1,2,3\n"),
        "{}",
        out
    );
    // 8 was tried after 7 in r1c8: nothing between them is rejected.
    assert!(out.contains("\nplace r1c6=1 depth=4\n"), "{}", out);
    assert!(out.contains("\nplace r1c8=8 depth=5\n"), "{}", out);
    // Dancing links also runs out of places for a value in a unit.
    let brute = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
    let (out, _, _) = trace(&["--pattern", "dlx", "--limit", "3000"], common::ESCARGOT);
    assert!(out.contains(": no place left for "), "{}", out);
    let (out, _, _) = trace(
        &["--pattern", "fewest-candidates", "--limit", "3000"],
        brute,
    );
    assert!(out.contains(" has no candidate left\n"));
}

/// `sudoku trace ARGS --html PAGE` on `input`: the page, stderr, code.
fn page_of(args: &[&str], input: &str) -> (String, String, i32) {
    let dir = Dir::new("page");
    let path = dir.path().join("page.html");
    let (out, err, code) = trace(&[args, &["--html", path.to_str().unwrap()]].concat(), input);
    assert_eq!(out, "");
    (
        std::fs::read_to_string(&path).unwrap_or_default(),
        err,
        code,
    )
}

#[test]
fn html_page_is_self_contained_the_same_every_time_and_holds_each_pattern() {
    let args = ["--pattern", "bitmask,dlx,fewest-candidates"];
    let (page, err, code) = page_of(&args, EULER_01);
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(page.starts_with("<!DOCTYPE html>\n"));
    assert!(page.ends_with("</html>\n"));
    common::assert_well_formed(&page);
    assert_eq!(page_of(&args, EULER_01).0, page);
    for ending in [
        "name: \"bitmask\", ending: \"solved nodes=200 backtracks=151\"",
        "name: \"dlx\", ending: \"solved nodes=49 backtracks=0\"",
        "name: \"fewest-candidates\", ending: \"solved nodes=49 backtracks=0\"",
    ] {
        assert!(page.contains(ending), "{}", ending);
    }
    assert!(page.contains(
        "<title>sudoku trace: bitmask, dlx, fewest-candidates on a 9x9 puzzle (49 blanks)</title>"
    ));
    // The same page on stdout.
    let (out, _, _) = trace(&[&args[..], &["--html", "-"]].concat(), EULER_01);
    assert_eq!(out, page);
}

#[test]
fn html_page_of_a_long_search_says_where_it_stopped_and_what_the_whole_takes() {
    let brute = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
    let (page, _, code) = page_of(&["--limit", "1000", "--count", "100000"], brute);
    assert_eq!(code, 0);
    assert!(page.contains(
        "ending: \"stopped nodes=1000 backtracks=964 (the limit); the full search takes more than 100000 nodes\""
    ));
    let (page, _, _) = page_of(
        &["--pattern", "fewest-candidates", "--limit", "1000"],
        brute,
    );
    assert!(page.contains(
        "(the limit); the full search takes 36602 nodes (36538 backtracks) to solve it\""
    ));
}

#[test]
fn html_page_of_an_unsolvable_puzzle_says_so_and_clashing_givens_get_one_line() {
    let (page, err, code) = page_of(&["--pattern", "bitmask,dlx"], DEAD_END);
    assert_eq!(code, 1);
    assert_eq!(err, "sudoku trace: stdin: puzzle 1, line 1: no solution\n");
    assert!(page.contains("<p id=\"note\">This puzzle has no solution: "));
    assert!(page.contains("ending: \"no solution nodes=1 backtracks=1\""));
    let (page, err, code) = page_of(&[], &EULER_01.replacen('0', "3", 1));
    assert_eq!((page.as_str(), code), ("", 1));
    assert!(err.contains("givens clash"), "{}", err);
    assert_eq!(err.lines().count(), 1);
    let (out, err, code) = trace(&["--html", "no/such/dir/page.html"], EULER_01);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with("sudoku trace: no/such/dir/page.html: cannot write: "),
        "{}",
        err
    );
}

#[test]
fn svg_animation_shows_the_first_steps_without_script() {
    let dir = Dir::new("svg");
    let path = dir.path().join("steps.svg");
    let args = ["--svg", path.to_str().unwrap(), "--limit", "12"];
    let (out, err, code) = trace(&args, EULER_01);
    assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" "));
    common::assert_well_formed(&svg);
    assert!(!svg.contains("<script"));
    // Twelve placements, each one animated value; the caption says where.
    assert_eq!(svg.matches("opacity=\"0\">").count(), 12);
    assert!(svg.contains(">bitmask: the first 16 steps (nodes=12 backtracks=4)</text>"));
    assert!(svg.contains(">whole search: solved in 200 nodes</text>"));
    trace(&args, EULER_01);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), svg);
}
