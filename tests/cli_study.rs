//! `sudoku study` on 9×9 boards: the table's shape, node counts pinned per
//! pattern and equal across the row-major patterns, `--limit`, and bad
//! inputs. (Other sizes: `tests/study_sizes.rs`.)

use crate::common;

use common::{sudoku, BOJ2580_IN, DEAD_END, EULER_01, EULER_02, EULER_03, INKALA, WIKI_SOLVED};
use predicates::prelude::*;

const PATTERNS: [&str; 7] = [
    "scan",
    "blank-list",
    "used-tables",
    "bitmask",
    "fewest-candidates",
    "dlx",
    "engine",
];

/// One table row: pattern, nodes, backtracks, time (ms), ns/node, finished.
#[derive(Debug)]
struct Row {
    pattern: String,
    nodes: String,
    backtracks: String,
    ms: f64,
    per_node: String,
    finished: String,
}

/// Runs `sudoku study ARGS` on `input`; checks the table's shape (header,
/// aligned columns, no trailing spaces) and returns its rows.
fn study(args: &[&str], input: &str) -> Vec<Row> {
    let out = sudoku()
        .arg("study")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with('\n'));
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "pattern",
            "nodes",
            "backtracks",
            "time",
            "ns/node",
            "finished"
        ]
    );
    // Right-aligned columns end where their header ends.
    let end_of = |word: &str| lines[0].find(word).unwrap() + word.len();
    let (nodes_end, backtracks_end) = (end_of(" nodes"), end_of("backtracks"));
    let finished_at = lines[0].find("finished").unwrap();
    let mut rows = Vec::new();
    for line in &lines[1..] {
        assert_eq!(line.trim_end(), *line, "no trailing spaces");
        assert_eq!(&line[nodes_end..nodes_end + 2], "  ", "{:?}", line);
        assert_ne!(&line[nodes_end - 1..nodes_end], " ", "{:?}", line);
        assert_ne!(&line[backtracks_end - 1..backtracks_end], " ", "{:?}", line);
        assert_ne!(&line[finished_at..finished_at + 1], " ", "{:?}", line);
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(w[4], "ms", "{:?}", line);
        rows.push(Row {
            pattern: w[0].to_string(),
            nodes: w[1].to_string(),
            backtracks: w[2].to_string(),
            ms: w[3].parse().unwrap(),
            per_node: w[5].to_string(),
            finished: w[6..].join(" "),
        });
    }
    rows
}

fn names(rows: &[Row]) -> Vec<&str> {
    rows.iter().map(|r| r.pattern.as_str()).collect()
}

/// Checks one row's counts, and that ns/node is its time over its nodes
/// (up to the rounding of the time column: at worst 0.0005 ms).
fn assert_row(row: &Row, (nodes, backtracks): (u64, u64)) {
    assert_eq!(row.nodes, nodes.to_string(), "{:?}", row);
    assert_eq!(row.backtracks, backtracks.to_string(), "{:?}", row);
    let per_node: f64 = row.per_node.parse().unwrap();
    let implied = row.ms * 1e6 / nodes as f64;
    let rounding = 0.0005 * 1e6 / nodes as f64;
    assert!(
        (per_node - implied).abs() <= implied * 0.05 + rounding + 1.0,
        "{:?}",
        row
    );
    // A few nanoseconds a node may print as 0.000 ms; ns/node is measured.
    assert!(per_node > 0.0, "{:?}", row);
    assert_eq!(row.finished, "yes", "{:?}", row);
}

/// Counts expected of one puzzle: the row-major patterns', then
/// fewest-candidates', dancing links' and the engine's (nodes, backtracks).
struct Expected {
    row_major: (u64, u64),
    fewest: (u64, u64),
    dlx: (u64, u64),
    engine: (u64, u64),
}

/// Checks every row at its expected counts, all done.
fn assert_counts(input: &str, expected: Expected) {
    let rows = study(&[], input);
    assert_eq!(names(&rows), PATTERNS);
    for row in &rows {
        let expected = match row.pattern.as_str() {
            "fewest-candidates" => expected.fewest,
            "dlx" => expected.dlx,
            "engine" => expected.engine,
            _ => expected.row_major,
        };
        assert_row(row, expected);
    }
}

#[test]
fn boj2580_sample_needs_one_node_per_blank() {
    assert_counts(
        BOJ2580_IN,
        Expected {
            row_major: (14, 0),
            fewest: (14, 0),
            dlx: (14, 0),
            engine: (14, 0),
        },
    );
}

#[test]
fn euler_grid_01_counts_are_pinned() {
    assert_counts(
        EULER_01,
        Expected {
            row_major: (200, 151),
            fewest: (49, 0),
            dlx: (49, 0),
            engine: (49, 0),
        },
    );
}

#[test]
fn euler_grid_02_counts_are_pinned() {
    assert_counts(
        EULER_02,
        Expected {
            row_major: (294, 243),
            fewest: (61, 10),
            dlx: (51, 0),
            engine: (51, 0),
        },
    );
}

#[test]
fn euler_grid_03_counts_are_pinned() {
    assert_counts(
        EULER_03,
        Expected {
            row_major: (19022, 18969),
            fewest: (187, 134),
            dlx: (53, 0),
            engine: (53, 0),
        },
    );
}

#[test]
fn inkala_makes_the_engine_guess_and_backtrack() {
    let rows = study(&["--pattern", "engine"], INKALA);
    assert_eq!(names(&rows), ["engine"]);
    assert_row(&rows[0], (303, 243));
}

#[test]
fn complete_grid_needs_no_node() {
    let rows = study(&[], WIKI_SOLVED);
    assert_eq!(names(&rows), PATTERNS);
    for row in &rows {
        assert_eq!((row.nodes.as_str(), row.backtracks.as_str()), ("0", "0"));
        assert_eq!(row.per_node, "n/a", "no node to divide by");
        assert_eq!(row.finished, "yes");
    }
}

#[test]
fn js_input_gives_the_same_counts() {
    let rows: Vec<String> = EULER_01
        .trim()
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let cells: Vec<String> = r.iter().map(|c| (c - b'0').to_string()).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let js = format!("[{}]\n", rows.join(","));
    let rows = study(&["--pattern", "bitmask"], &js);
    assert_eq!(
        (rows[0].nodes.as_str(), rows[0].backtracks.as_str()),
        ("200", "151")
    );
}

#[test]
fn limit_stops_every_counting_pattern_and_says_so() {
    let rows = study(&["--limit", "100"], EULER_03);
    assert_eq!(names(&rows), PATTERNS);
    for row in &rows {
        if row.pattern == "engine" {
            assert_eq!(
                (row.nodes.as_str(), row.finished.as_str()),
                ("53", "yes"),
                "the engine ignores --limit"
            );
        } else if row.pattern == "dlx" {
            assert_eq!(
                (row.nodes.as_str(), row.finished.as_str()),
                ("53", "yes"),
                "dancing links needs one node per blank here"
            );
        } else {
            assert_eq!(
                (row.nodes.as_str(), row.finished.as_str()),
                ("100", "no (limit)")
            );
        }
    }
}

#[test]
fn limit_above_the_nodes_needed_finishes() {
    let rows = study(&["--limit", "200", "--pattern", "scan"], EULER_01);
    assert_eq!(
        (rows[0].nodes.as_str(), rows[0].finished.as_str()),
        ("200", "yes")
    );
}

#[test]
fn pattern_list_keeps_table_order() {
    let rows = study(&["--pattern", "engine,scan,bitmask"], EULER_01);
    assert_eq!(names(&rows), ["scan", "bitmask", "engine"]);
}

fn fails(args: &[&str], input: &str, code: i32, message: &str) {
    sudoku()
        .arg("study")
        .args(args)
        .write_stdin(input)
        .assert()
        .code(code)
        .stdout("")
        .stderr(predicate::eq(format!("{}\n", message)));
}

#[test]
fn clashing_givens_are_an_error_with_the_cells() {
    fails(
        &[],
        &EULER_01.replacen('0', "3", 1),
        1,
        "sudoku study: stdin: puzzle 1, line 1: givens clash: digit 3 repeats in row 1 (r1c1 and r1c3)",
    );
}

#[test]
fn unsolvable_puzzle_is_an_error() {
    fails(
        &[],
        DEAD_END,
        1,
        "sudoku study: stdin: puzzle 1, line 1: no solution",
    );
}

#[test]
fn unreadable_puzzles_are_errors_with_positions() {
    fails(
        &[],
        &EULER_01.replacen('6', "x", 1),
        1,
        "sudoku study: stdin: puzzle 1, line 1, column 7: 'x' is not a digit 0-9 or '.'",
    );
    fails(&[], "", 1, "sudoku study: stdin: no puzzle found");
    fails(
        &[],
        &format!("{}\n{}\n", EULER_01, EULER_02),
        1,
        "sudoku study: stdin: 2 puzzles found; study takes one: pick it with --puzzle K (1 to 2)",
    );
}

#[test]
fn usage_mistakes_exit_2() {
    for args in [
        &["--limit", "0"][..],
        &["--limit", "lots"],
        &["--pattern", "dancing-links"],
        &["--pattern"],
        &["--frobnicate"],
        &["a.txt", "b.txt"],
    ] {
        sudoku()
            .arg("study")
            .args(args)
            .write_stdin(EULER_01)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("sudoku study: "));
    }
}

#[test]
fn help_says_nodes_are_placements() {
    sudoku()
        .args(["study", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "placements: digits written into a blank",
        ));
}

/// `sudoku study ARGS --svg -` on `input`: the chart, stderr, exit code.
fn chart(args: &[&str], input: &str) -> (String, String, i32) {
    common::outcome(&[&["study"], args, &["--svg", "-"]].concat(), input)
}

#[test]
fn svg_chart_draws_one_group_of_labelled_bars_per_puzzle() {
    let two = format!("{}\n{}\n", EULER_01, EULER_02);
    let args = ["--pattern", "bitmask,dlx,engine"];
    let (svg, err, code) = chart(&args, &two);
    assert_eq!((err.as_str(), code), ("", 0));
    common::assert_well_formed(&svg);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" "));
    assert!(svg.ends_with("</svg>\n"));
    assert!(svg.contains(">puzzle 1: 9x9, 49 blanks</text>"));
    assert!(svg.contains(">puzzle 2: 9x9, "));
    // Three patterns, two puzzles: six bars of nodes and six of time.
    assert_eq!(svg.matches("fill=\"#3a6fc4\"").count(), 6);
    assert_eq!(svg.matches("fill=\"#c47a3a\"").count(), 6);
    assert!(
        svg.contains(">200</text>"),
        "bitmask's 200 nodes on Euler 01"
    );
    assert!(svg.contains(" ms</text>"));
    // --no-time: nodes only, the same bytes every time.
    let (nodes, _, _) = chart(&[&args[..], &["--no-time"]].concat(), &two);
    assert_eq!(nodes.matches("fill=\"#c47a3a\"").count(), 0);
    assert_eq!(chart(&[&args[..], &["--no-time"]].concat(), &two).0, nodes);
    // --puzzle K: one group.
    let (one, _, _) = chart(&[&args[..], &["--no-time", "--puzzle", "2"]].concat(), &two);
    assert!(one.contains(">puzzle 2: 9x9, ") && !one.contains(">puzzle 1: "));
    // --limit: the bar says the limit stopped it.
    let (limited, _, _) = chart(
        &["--pattern", "bitmask", "--no-time", "--limit", "50"],
        EULER_01,
    );
    assert!(limited.contains(">50 (limit)</text>"));
}

#[test]
fn svg_chart_refuses_an_unsolvable_puzzle_among_several() {
    let (svg, err, code) = chart(&[], &format!("{}\n{}\n", EULER_01, DEAD_END));
    assert_eq!((svg.as_str(), code), ("", 1));
    assert_eq!(err, "sudoku study: stdin: puzzle 2, line 2: no solution\n");
    sudoku()
        .args(["study", "--no-time"])
        .write_stdin(EULER_01)
        .assert()
        .code(2)
        .stderr("sudoku study: --no-time: only with --svg (see sudoku study --help)\n");
}
