//! `sudoku pdf`: the file passes `qpdf --check`, `pdftotext -layout` reads
//! the givens back row by row, pages and paper are right, the bytes are
//! reproducible, and bad input writes nothing.
//!
//! The PDF tools come from `qpdf` and `poppler-utils`. Where one is
//! missing, a test prints a loud SKIPPED note and passes, except under
//! `CI=true`, where a missing tool fails the test.

use crate::common;

use common::{pdf, sudoku, Dir, EULER_01, UNSOLVABLE, WIKI, WIKI_SOLVED};
use std::path::{Path, PathBuf};

const WIKI_ROWS: [&str; 9] = [
    "537", "6195", "986", "863", "4831", "726", "628", "4195", "879",
];
const EULER_ROWS: [&str; 9] = [
    "326", "9351", "1864", "8129", "78", "6782", "2695", "8239", "513",
];
/// A single given: many solutions.
const OPEN: &str =
    "5................................................................................";

fn lines(puzzles: &[&str]) -> String {
    puzzles.iter().map(|p| format!("{}\n", p)).collect()
}

/// True when `tool` is a file in a PATH directory.
fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|dir| dir.join(tool).is_file()))
        .unwrap_or(false)
}

/// True when `tool` is on PATH; otherwise SKIPPED (or a failure under CI).
fn have(tool: &str) -> bool {
    let found = on_path(tool);
    if !found {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!(
                "{} is not installed: CI must install qpdf and poppler-utils",
                tool
            );
        }
        eprintln!(
            "\n*** SKIPPED: {} is not installed (apt-get install qpdf poppler-utils) ***\n",
            tool
        );
    }
    found
}

/// Writes `bytes` as `out.pdf` in `dir`; returns its path.
fn save(dir: &Dir, bytes: &[u8]) -> PathBuf {
    PathBuf::from(dir.file("out.pdf", bytes))
}

/// Runs a PDF tool on `path`; returns its stdout (asserting success).
fn run_tool(tool: &str, args: &[&str], path: &Path) -> (String, String) {
    let out = std::process::Command::new(tool)
        .args(args)
        .arg(path)
        .output()
        .expect("tool runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "{} {:?} failed: {}{}",
        tool,
        args,
        stdout,
        stderr
    );
    (stdout, stderr)
}

/// `pdftotext -layout` of pages `first..=last`, to stdout.
fn text(path: &Path, first: usize, last: usize) -> String {
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", "-f", &first.to_string(), "-l", &last.to_string()])
        .arg(path)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The lines of `text` made only of digits and spaces, spaces removed:
/// the grid rows as pdftotext reads them.
fn digit_rows(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_digit() || c == ' '))
        .map(|l| l.replace(' ', ""))
        .collect()
}

fn page_count(path: &Path) -> usize {
    let (info, _) = run_tool("pdfinfo", &[], path);
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("pdfinfo prints Pages:")
}

fn count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

// ---------------------------------------------------------------- validity

#[test]
fn qpdf_check_passes_without_warnings_for_every_layout() {
    if !have("qpdf") {
        return;
    }
    let dir = Dir::new("qpdf");
    let input = lines(&[WIKI, EULER_01, WIKI, EULER_01, WIKI, EULER_01, WIKI]);
    for per in ["1", "2", "4", "6"] {
        for paper in ["a4", "letter"] {
            let bytes = pdf(
                &[
                    "--per-page",
                    per,
                    "--paper",
                    paper,
                    "--solutions",
                    "--title",
                    "Kids (level 2) \\ Café 数独",
                ],
                &input,
            );
            let path = save(&dir, &bytes);
            let (stdout, stderr) = run_tool("qpdf", &["--check"], &path);
            assert!(
                stdout.contains("No syntax or stream encoding errors found"),
                "{}",
                stdout
            );
            assert!(!stdout.to_lowercase().contains("warning"), "{}", stdout);
            assert!(stderr.is_empty(), "qpdf warned: {}", stderr);
        }
    }
}

// ---------------------------------------------------------------- text

#[test]
fn one_per_page_reads_back_the_givens_row_by_row() {
    if !have("pdftotext") {
        return;
    }
    let dir = Dir::new("one");
    let path = save(&dir, &pdf(&[], &lines(&[WIKI, EULER_01])));
    assert_eq!(digit_rows(&text(&path, 1, 1)), WIKI_ROWS);
    assert_eq!(digit_rows(&text(&path, 2, 2)), EULER_ROWS);
    let page = text(&path, 1, 1);
    assert!(page.contains("Sudoku"), "{}", page);
    assert!(page.contains("Puzzle 1"), "{}", page);
    assert!(page.contains("Page 1 of 2"), "{}", page);
}

#[test]
fn two_per_page_reads_back_both_grids_in_order() {
    if !have("pdftotext") {
        return;
    }
    let dir = Dir::new("two");
    let path = save(
        &dir,
        &pdf(&["--per-page", "2"], &lines(&[EULER_01, WIKI, EULER_01])),
    );
    let page1 = text(&path, 1, 1);
    let expected: Vec<&str> = EULER_ROWS.iter().chain(&WIKI_ROWS).copied().collect();
    assert_eq!(digit_rows(&page1), expected);
    let first = page1.find("Puzzle 1").expect("label 1");
    let second = page1.find("Puzzle 2").expect("label 2");
    assert!(first < second);
    assert_eq!(digit_rows(&text(&path, 2, 2)), EULER_ROWS);
}

#[test]
fn solution_pages_show_every_digit_with_the_same_numbering() {
    if !have("pdftotext") {
        return;
    }
    let dir = Dir::new("solutions");
    let path = save(
        &dir,
        &pdf(
            &["--solutions", "--title", "Week 3"],
            &lines(&[EULER_01, WIKI]),
        ),
    );
    assert_eq!(page_count(&path), 4);
    let page4 = text(&path, 4, 4);
    let rows: Vec<String> = WIKI_SOLVED
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect();
    assert_eq!(digit_rows(&page4), rows);
    assert!(page4.contains("Solution 2"), "{}", page4);
    assert!(page4.contains("Week 3"), "{}", page4);
    assert!(page4.contains("Page 4 of 4"), "{}", page4);
    assert!(text(&path, 3, 3).contains("Solution 1"));
}

#[test]
fn title_is_escaped_and_non_latin_characters_become_question_marks() {
    if !have("pdftotext") {
        return;
    }
    let dir = Dir::new("title");
    let bytes = pdf(&["--title", "Kids (level 2) \\ Café 数独"], WIKI);
    let path = save(&dir, &bytes);
    let page = text(&path, 1, 1);
    assert!(page.contains("Kids (level 2) \\ Café ??"), "{}", page);
    let (info, _) = run_tool("pdfinfo", &[], &path);
    assert!(info.contains("Kids (level 2) \\ Café 数独"), "{}", info);
}

// ---------------------------------------------------------------- pages

#[test]
fn page_count_follows_per_page_and_solutions_add_pages() {
    if !have("pdfinfo") {
        return;
    }
    let dir = Dir::new("pages");
    let seven = lines(&[WIKI, EULER_01, WIKI, EULER_01, WIKI, EULER_01, WIKI]);
    for (per, pages) in [("1", 7), ("2", 4), ("4", 2), ("6", 2)] {
        let path = save(&dir, &pdf(&["--per-page", per], &seven));
        assert_eq!(page_count(&path), pages, "--per-page {}", per);
        let path = save(&dir, &pdf(&["--per-page", per, "--solutions"], &seven));
        assert_eq!(
            page_count(&path),
            2 * pages,
            "--per-page {} --solutions",
            per
        );
    }
}

#[test]
fn page_objects_match_the_page_count_without_tools() {
    let bytes = pdf(&["--per-page", "4", "--solutions"], &lines(&[WIKI; 5]));
    assert_eq!(count(&bytes, b"/Type /Page "), 4);
    assert_eq!(count(&bytes, b"/Count 4 >>"), 1);
}

#[test]
fn paper_letter_and_a4_set_the_media_box() {
    let a4 = pdf(&[], WIKI);
    let default = pdf(&["--paper", "a4"], WIKI);
    let letter = pdf(&["--paper", "letter"], WIKI);
    assert_eq!(a4, default);
    assert_eq!(count(&a4, b"/MediaBox [0 0 595.28 841.89]"), 1);
    assert_eq!(count(&letter, b"/MediaBox [0 0 612 792]"), 1);
    if have("pdfinfo") {
        let dir = Dir::new("paper");
        let (info, _) = run_tool("pdfinfo", &[], &save(&dir, &letter));
        assert!(info.contains("612 x 792 pts (letter)"), "{}", info);
        let (info, _) = run_tool("pdfinfo", &[], &save(&dir, &a4));
        assert!(info.contains("595.28 x 841.89 pts (A4)"), "{}", info);
    }
}

#[test]
fn same_input_gives_the_same_bytes_on_stdout_and_in_a_file() {
    let input = lines(&[WIKI, EULER_01, WIKI]);
    let args = ["--per-page", "2", "--solutions", "--title", "Repeat"];
    let first = pdf(&args, &input);
    assert_eq!(first, pdf(&args, &input));
    let dir = Dir::new("same");
    let path = dir.path().join("sheet.pdf");
    sudoku()
        .arg("pdf")
        .args(args)
        .arg("-o")
        .arg(&path)
        .write_stdin(input)
        .assert()
        .success()
        .stdout("");
    assert_eq!(std::fs::read(&path).expect("written"), first);
    let leftovers = std::fs::read_dir(&dir).expect("dir").count();
    assert_eq!(leftovers, 1, "a temporary file was left behind");
}

#[test]
fn reads_other_formats_and_files() {
    let dir = Dir::new("formats");
    let spaced: String = WIKI
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let cells: Vec<String> = r
                .iter()
                .map(|&c| {
                    if c == b'.' {
                        "0".to_string()
                    } else {
                        (c as char).to_string()
                    }
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect();
    let file = dir.path().join("wiki.txt");
    std::fs::write(&file, &spaced).expect("write input");
    let from_file = sudoku()
        .arg("pdf")
        .arg(&file)
        .args(["-o", "-"])
        .output()
        .expect("runs");
    assert!(
        from_file.status.success(),
        "{}",
        String::from_utf8_lossy(&from_file.stderr)
    );
    assert_eq!(from_file.stdout, pdf(&[], WIKI));
    let forced = pdf(&["--from", "spaced"], &spaced);
    assert_eq!(forced, from_file.stdout);
}

#[test]
fn a_solution_line_after_its_puzzle_is_not_a_puzzle_of_its_own() {
    let paired = pdf(&["--solutions"], &lines(&[WIKI, WIKI_SOLVED, EULER_01]));
    assert_eq!(count(&paired, b"/Type /Page "), 4);
    assert_eq!(paired, pdf(&["--solutions"], &lines(&[WIKI, EULER_01])));
}

#[test]
fn gen_output_pipes_straight_into_pdf() {
    let generated = sudoku()
        .args(["gen", "-n", "3", "--seed", "7"])
        .output()
        .expect("gen runs");
    assert!(
        generated.status.success(),
        "{}",
        String::from_utf8_lossy(&generated.stderr)
    );
    let bytes = pdf(
        &["--per-page", "4"],
        &String::from_utf8_lossy(&generated.stdout),
    );
    assert_eq!(count(&bytes, b"(Puzzle 3)"), 1);
    let with = sudoku()
        .args(["gen", "-n", "3", "--seed", "7", "--with-solution"])
        .output()
        .expect("gen runs");
    assert!(
        with.status.success(),
        "{}",
        String::from_utf8_lossy(&with.stderr)
    );
    let both = pdf(&["--solutions"], &String::from_utf8_lossy(&with.stdout));
    assert_eq!(
        count(&both, b"/Type /Page "),
        6,
        "3 puzzles and 3 solutions"
    );
    assert_eq!(count(&both, b"(Puzzle 4)"), 0);
}

// ---------------------------------------------------------------- variants

/// 4x4 jigsaw regions that are not the boxes.
const REGIONS_4: &str = "AAAB CABB CCDB CDDD";
/// Killer cages (r4c1 in none) of the one solution of [`VARIANT_4`]
/// played by them and [`REGIONS_4`]: 1234 2413 3142 4321.
const CAGES_4: &str = "aabb cdde cfee .fhh a=3 b=7 c=5 d=5 e=9 f=4 h=3";
/// A 4x4 puzzle with a given in the first cell of cage a.
const VARIANT_4: &str = "1..4.4..3.4....1";

/// The numbers on the lines of `text` made only of digits and spaces
/// (the grid's givens, fills and cage sums), sorted.
fn numbers(text: &str) -> Vec<u32> {
    let mut out: Vec<u32> = text
        .lines()
        .filter(|l| l.chars().all(|c| c.is_ascii_digit() || c == ' '))
        .flat_map(|l| l.split_whitespace().map(|w| w.parse::<u32>().unwrap()))
        .collect();
    out.sort_unstable();
    out
}

#[test]
fn killer_jigsaw_boards_print_cage_sums_and_read_back() {
    if !have("pdftotext") {
        return;
    }
    let dir = Dir::new("variants");
    let args = [
        "--box",
        "2x2",
        "--regions",
        REGIONS_4,
        "--cages",
        CAGES_4,
        "--solutions",
    ];
    let path = save(&dir, &pdf(&args, VARIANT_4));
    assert_eq!(page_count(&path), 2);
    let sums = [3, 7, 5, 5, 9, 4, 3];
    // The puzzle page: every cage sum and every given, once each.
    let mut expect: Vec<u32> = sums.to_vec();
    expect.extend(VARIANT_4.chars().filter_map(|c| c.to_digit(10)));
    expect.sort_unstable();
    assert_eq!(numbers(&text(&path, 1, 1)), expect);
    // The solution page: the sums again, and the solution by the
    // jigsaw's and the cages' rules row by row (the sums sit higher in
    // their cells, on lines of their own).
    let page = text(&path, 2, 2);
    let rows: Vec<String> = page
        .lines()
        .map(|l| l.split_whitespace().collect::<String>())
        .filter(|l| l.len() == 4 && l.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows, ["1234", "2413", "3142", "4321"], "{}", page);
    let mut expect: Vec<u32> = sums.to_vec();
    expect.extend("1234241331424321".chars().filter_map(|c| c.to_digit(10)));
    expect.sort_unstable();
    assert_eq!(numbers(&page), expect);
    // A jigsaw alone prints only its givens, row by row.
    let path = save(
        &dir,
        &pdf(&["--box", "2x2", "--regions", REGIONS_4], VARIANT_4),
    );
    assert_eq!(digit_rows(&text(&path, 1, 1)), ["14", "4", "34", "1"]);
}

#[test]
fn variant_boards_pass_qpdf_check_and_draw_their_marks() {
    let killer = pdf(
        &[
            "--box",
            "2x2",
            "--x",
            "--cages",
            "aa.. .... .... ...b a=4 b=3",
        ],
        "1..........2...3",
    );
    let jigsaw = pdf(&["--box", "2x2", "--regions", REGIONS_4], VARIANT_4);
    // Dashes only where there are cages; the X's diagonals shaded.
    assert_eq!(count(&killer, b"] 0 d\n"), 2);
    assert_eq!(count(&killer, b"0.88 G 0.88 g"), 3); // cells, r1c1 and r4c4 sums
    assert_eq!(count(&jigsaw, b"] 0 d"), 0);
    assert_eq!(count(&pdf(&[], WIKI), b"] 0 d"), 0);
    if !have("qpdf") {
        return;
    }
    let dir = Dir::new("variants-qpdf");
    for bytes in [killer, jigsaw] {
        let (stdout, stderr) = run_tool("qpdf", &["--check"], &save(&dir, &bytes));
        assert!(
            stdout.contains("No syntax or stream encoding errors found"),
            "{}",
            stdout
        );
        assert!(stderr.is_empty(), "qpdf warned: {}", stderr);
    }
}

// ---------------------------------------------------------------- errors

/// Runs `sudoku pdf ARGS` expecting failure; returns (code, stderr) and
/// checks nothing reached stdout.
fn fails(args: &[&str], stdin: &str) -> (i32, String) {
    let out = sudoku()
        .arg("pdf")
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("sudoku runs");
    assert!(!out.status.success(), "sudoku pdf {:?} should fail", args);
    assert!(out.stdout.is_empty(), "a partial PDF reached stdout");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "one line on stderr: {}", stderr);
    (out.status.code().unwrap_or(-1), stderr)
}

#[test]
fn unknown_options_and_bad_values_are_usage_errors() {
    let (code, err) = fails(&["-o", "-", "--frobnicate"], WIKI);
    assert_eq!(code, 2);
    assert!(err.contains("unknown option --frobnicate"), "{}", err);
    let (code, err) = fails(&["-o", "-", "--per-page", "5"], WIKI);
    assert_eq!(code, 2);
    assert!(
        err.contains("--per-page 5") && err.contains("1, 2, 4 or 6"),
        "{}",
        err
    );
    let (code, err) = fails(&["-o", "-", "--paper", "a5"], WIKI);
    assert_eq!(code, 2);
    assert!(err.contains("--paper a5"), "{}", err);
    let (code, err) = fails(&["-o", "-", "--from", "pretty"], WIKI);
    assert_eq!(code, 2);
    assert!(err.contains("pretty"), "{}", err);
    let (code, err) = fails(&["-o", "-", "--title"], WIKI);
    assert_eq!(code, 2);
    assert!(err.contains("--title needs a value"), "{}", err);
}

#[test]
fn unparseable_input_names_puzzle_line_and_column() {
    let bad = format!("{}\n{}x{}\n", WIKI, &EULER_01[..40], &EULER_01[41..]);
    let (code, err) = fails(&["-o", "-"], &bad);
    assert_eq!(code, 1);
    assert!(
        err.contains("stdin: puzzle 2, line 2, column 41"),
        "{}",
        err
    );
}

#[test]
fn clashing_givens_are_refused_with_the_cells() {
    let clash = format!("55{}\n", &OPEN[2..]);
    let (code, err) = fails(&["-o", "-"], &clash);
    assert_eq!(code, 1);
    assert!(
        err.contains("puzzle 1, line 1: digit 5 repeats in row 1 (r1c1 and r1c2)"),
        "{}",
        err
    );
}

#[test]
fn empty_input_has_no_puzzles() {
    let (code, err) = fails(&["-o", "-"], "");
    assert_eq!(code, 1);
    assert!(err.contains("no puzzles"), "{}", err);
    let (_, err) = fails(&["-o", "-"], "\n# only a comment\n\n");
    assert!(err.contains("no puzzles"), "{}", err);
}

#[test]
fn solutions_refuse_unsolvable_and_ambiguous_puzzles_by_number() {
    let (code, err) = fails(&["-o", "-", "--solutions"], &lines(&[WIKI, UNSOLVABLE]));
    assert_eq!(code, 1);
    assert!(err.contains("puzzle 2, line 2: has no solution"), "{}", err);
    let (code, err) = fails(&["-o", "-", "--solutions"], &lines(&[WIKI, EULER_01, OPEN]));
    assert_eq!(code, 1);
    assert!(
        err.contains("puzzle 3, line 3: has more than one solution"),
        "{}",
        err
    );
    // Without --solutions they print: the sheet does not promise a solution.
    pdf(&[], &lines(&[UNSOLVABLE, OPEN]));
}

#[test]
fn a_failed_run_leaves_an_existing_output_file_untouched() {
    let dir = Dir::new("untouched");
    let path = dir.path().join("sheet.pdf");
    std::fs::write(&path, b"previous contents").expect("write");
    sudoku()
        .arg("pdf")
        .args(["--solutions", "-o"])
        .arg(&path)
        .write_stdin(lines(&[OPEN]))
        .assert()
        .code(1)
        .stdout("");
    assert_eq!(
        std::fs::read(&path).expect("still there"),
        b"previous contents"
    );
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 1);
    let missing = dir.path().join("new.pdf");
    sudoku()
        .arg("pdf")
        .arg("-o")
        .arg(&missing)
        .write_stdin("")
        .assert()
        .code(1);
    assert!(!missing.exists());
}

#[test]
fn a_missing_input_file_is_named_and_exits_2_like_every_command() {
    let (code, err) = fails(&["-o", "-", "/nonexistent/puzzles.txt"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/puzzles.txt"), "{}", err);
}

#[test]
fn input_that_is_not_utf8_exits_2_and_writes_nothing() {
    let dir = Dir::new("not-utf8");
    let target = dir.path().join("sheet.pdf");
    let out = sudoku()
        .arg("pdf")
        .arg("-o")
        .arg(&target)
        .write_stdin([WIKI.as_bytes(), b"\n\xff\xfe\n"].concat())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudoku pdf: stdin: line 2: not UTF-8 text (byte 83 is invalid)\n"
    );
    assert!(!target.exists());
}

#[test]
fn more_than_ten_thousand_puzzles_are_refused_before_any_work() {
    let huge = lines(&[WIKI; 10_001]);
    let (code, err) = fails(&["-o", "-"], &huge);
    assert_eq!(code, 1);
    assert!(
        err.contains("too many puzzles (more than 10000)"),
        "{}",
        err
    );
}

#[test]
fn without_o_a_terminal_gets_a_message_not_binary() {
    // `script` (util-linux) runs the command with a pseudo-terminal as stdout.
    if !on_path("script") {
        eprintln!("\n*** SKIPPED: `script` is not installed; cannot fake a terminal ***\n");
        return;
    }
    let dir = Dir::new("terminal");
    let input = dir.path().join("wiki.txt");
    std::fs::write(&input, WIKI).expect("write input");
    let bin = assert_cmd::cargo::cargo_bin("sudoku");
    let command = format!("'{}' pdf '{}'", bin.display(), input.display());
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("script runs");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{}", shown);
    assert!(
        shown.contains("will not write a binary PDF to the terminal"),
        "{}",
        shown
    );
    assert!(!shown.contains("%PDF"), "{}", shown);
}
