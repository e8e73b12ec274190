//! Variant boards through the commands: `--x` (both main diagonals hold
//! every value), `--regions LAYOUT` (jigsaw regions in place of the boxes)
//! and `--cages LAYOUT` (killer cages with sums), at 9×9 on published
//! puzzles and at 6×6, with the refusals of bad layouts; `trace` and
//! `study` play them too.

use crate::common;

use std::path::Path;

use common::{outcome, stdout_of as run, sudoku_refuses, Dir};

/// `sudoku ARGS` with stdin `input` fails with exit `code` and one stderr
/// line holding `part`.
fn refuses(args: &[&str], input: &str, code: i32, part: &str) {
    sudoku_refuses(args, input, code, &[part]);
}

/// SPOJ HS12DISU's sample (problems/hs12disu): an X puzzle, and its answer.
const X_PUZZLE: &str =
    ".45...63.2...1...59..8.5..7..9...3...3.....7...8...5..8..5.3..15...2...3.26...95.";
const X_ANSWER: &str =
    "145792638287316495963845217459271386632458179718639542894563721571924863326187954";

/// HDU 4069's first sample (problems/hdu4069), its walls read as regions.
const JIGSAW_REGIONS: &str =
    "AAABBBBCCAADDDBBCCAADEEBCCCAADEBBFCCDDDEEEFFFGGDHHEFIIGGGHEEFIIGGHHFFFIIGGHHHHIII";
const JIGSAW_PUZZLE: &str =
    ".2...96..763.9.12.9...27....4....7.51.7.6.8.28.2....5....67...9.79.1.583..83...4.";
const JIGSAW_ANSWER: &str =
    "521439678763895124984527361346182795157964832812743956235678419479216583698351247";

/// CodinGame's first killer test (problems/codingame_killer): givens,
/// cage marks by row, sums.
const KILLER_GIVENS: &str =
    "56..1..2...72..68...2.87.15......3.9.7....2..9.634.8..2.9..8.....41.2....8.4...3.";
const KILLER_MARKS: [&str; 9] = [
    "aabbccdde",
    "afghhiide",
    "jfggklmme",
    "jjgnklopp",
    "qqgnooorr",
    "stuuvwwxx",
    "stuuvvwyz",
    "sAuuByyyz",
    "CADDBEEFF",
];
const KILLER_SUMS: &str = "a=12 b=17 c=4 d=14 e=15 f=13 g=19 h=7 i=10 j=16 k=10 l=13 m=10 \
    n=15 o=15 p=13 q=11 r=11 s=18 t=3 u=28 v=15 w=20 x=8 y=22 z=12 A=11 B=13 C=6 D=9 E=10 F=5";
const KILLER_ANSWER: &str =
    "568913427197254683342687915851726349473891256926345871219538764734162598685479132";

fn line(text: &str) -> String {
    format!("{}\n", text)
}

#[test]
fn x_puzzles_solve_and_count_with_their_diagonals() {
    let input = line(X_PUZZLE);
    assert_eq!(run(&["solve", "--x"], &input), line(X_ANSWER));
    assert_eq!(run(&["solve", "--x", "--smallest"], &input), line(X_ANSWER));
    assert_eq!(run(&["count", "--x"], &input), "1\n");
    // The same givens without the diagonals have several solutions.
    assert_eq!(run(&["count"], &input), "2\n");
}

#[test]
fn jigsaw_puzzles_solve_on_their_regions() {
    let input = line(JIGSAW_PUZZLE);
    let args = ["--regions", JIGSAW_REGIONS];
    assert_eq!(
        run(&["solve", args[0], args[1]], &input),
        line(JIGSAW_ANSWER)
    );
    assert_eq!(run(&["count", args[0], args[1]], &input), "1\n");
    // The layout may come as rows from a file.
    let dir = Dir::new("variants-jigsaw");
    let rows: Vec<&str> = (0..9).map(|r| &JIGSAW_REGIONS[r * 9..r * 9 + 9]).collect();
    let file = dir.file("regions.txt", rows.join("\n") + "\n");
    let from_file = format!("@{}", file);
    assert_eq!(
        run(&["solve", "--regions", &from_file], &input),
        line(JIGSAW_ANSWER)
    );
}

#[test]
fn hdu_4069_walls_read_as_jigsaw_boards() {
    let sample = common::problems_dir().join("hdu4069/test/sample-1.in");
    let sample = sample.to_str().unwrap();
    // Its three cases: one solution, clashing givens, two solutions.
    assert_eq!(run(&["count", "--from", "walls", sample], ""), "1\n0\n2\n");
    let first: String = std::fs::read_to_string(sample)
        .unwrap()
        .lines()
        .skip(1)
        .take(9)
        .map(|l| format!("{}\n", l))
        .collect();
    let args = ["solve", "--from", "walls", "--to", "line"];
    assert_eq!(run(&args, &first), line(JIGSAW_ANSWER));
    // The walls are the regions of `--regions`: the same board both ways.
    let regions = run(&["convert", "--from", "walls", "--to", "line"], &first);
    assert_eq!(regions, line(JIGSAW_PUZZLE));
    let walls = run(
        &["convert", "--regions", JIGSAW_REGIONS, "--to", "walls"],
        &line(JIGSAW_PUZZLE),
    );
    assert_eq!(
        run(&args[..3], &walls),
        run(&["solve", "--from", "walls"], &first)
    );
    let pretty = run(&["convert", "--from", "walls", "--to", "pretty"], &first);
    assert!(
        pretty.starts_with(". 2 .|. . 9 6|. .\n   +-+-+-+   +\n"),
        "{}",
        pretty
    );
    sudoku_refuses(
        &["solve", "--from", "walls", "--x"],
        &first,
        2,
        &["--from walls: each board gives its own regions"],
    );
    let open = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    sudoku_refuses(
        &["solve", "--from", "walls"],
        &open,
        1,
        &["puzzle 1, line 1: the walls enclose 1 region, expected 9 of 9 cells each"],
    );
}

#[test]
fn killer_puzzles_solve_by_their_cage_sums() {
    let input = line(KILLER_GIVENS);
    let layout = format!(
        "{},{}",
        KILLER_MARKS.concat(),
        KILLER_SUMS.replace(' ', ",")
    );
    assert_eq!(
        run(&["solve", "--cages", &layout], &input),
        line(KILLER_ANSWER)
    );
    assert_eq!(run(&["count", "--cages", &layout], &input), "1\n");
    // CodinGame's layout as rows and a line of sums, from a file, and the
    // empty grid: its cages alone have the one solution.
    let dir = Dir::new("variants-killer");
    let text = KILLER_MARKS.join("\n") + "\n" + KILLER_SUMS + "\n";
    let file = format!("@{}", dir.file("cages.txt", text));
    let empty = line(&".".repeat(81));
    assert_eq!(
        run(&["solve", "--cages", &file], &empty),
        line(KILLER_ANSWER)
    );
}

/// CodinGame's killer input (`problems/codingame_killer`): each row's
/// cells beside its cage marks, then the sums.
fn codingame_killer_input(givens: &str) -> String {
    let rows: Vec<String> = (0..9)
        .map(|r| format!("{} {}\n", &givens[r * 9..r * 9 + 9], KILLER_MARKS[r]))
        .collect();
    rows.concat() + KILLER_SUMS + "\n"
}

#[test]
fn codingame_killer_input_reads_writes_and_is_judged() {
    let input = codingame_killer_input(KILLER_GIVENS);
    let rows: String = KILLER_ANSWER
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let read = ["--from", "killer"];
    assert_eq!(
        run(&[&["solve", "--to", "digits"][..], &read].concat(), &input),
        rows
    );
    assert_eq!(run(&[&["count"][..], &read].concat(), &input), "1\n");
    // Written back as read; the solution in the same format.
    let killer = [&["convert", "--to", "killer"][..], &read].concat();
    assert_eq!(run(&killer, &input), input);
    assert_eq!(
        run(&[&["solve"][..], &read].concat(), &input),
        codingame_killer_input(KILLER_ANSWER)
    );
    // The special judge reads the cages from INPUT (here without givens:
    // the cages alone have the one solution): the answer passes, rows 4
    // and 5 swapped (rows, columns and boxes kept) break a cage.
    let dir = Dir::new("variants-killer-input");
    let case = dir.file("k.in", codingame_killer_input(&".".repeat(81)));
    let good = dir.file("good.out", &rows);
    let mut swapped: Vec<&str> = rows.lines().collect();
    swapped.swap(3, 4);
    let bad = dir.file("bad.out", swapped.join("\n") + "\n");
    let rule = [
        "check",
        "--from",
        "killer",
        "--answers",
        "unique",
        "--format",
        "digits",
    ];
    let accepted = (String::new(), "accepted\n".to_string(), 0);
    assert_eq!(
        outcome(&[&rule[..], &[case.as_str(), good.as_str()]].concat(), ""),
        accepted
    );
    let (_, err, code) = outcome(&[&rule[..], &[case.as_str(), bad.as_str()]].concat(), "");
    assert_eq!(code, 1);
    assert!(
        err.starts_with("wrong answer: ") && err.contains("cage"),
        "{}",
        err
    );
    // The same rule from a judge.conf; cage layouts beside it are refused.
    let conf = dir.file(
        "judge.conf",
        "from = killer\nanswers = unique\nformat = digits\n",
    );
    assert_eq!(
        outcome(&["check", "--conf", &conf, &case, &good], ""),
        accepted
    );
    // (A checker's usage error is a judge failure, exit 3.)
    refuses(
        &["check", "--from", "killer", "--x", &case, &good],
        "",
        3,
        "--from killer: each board gives its own cages",
    );
    refuses(
        &[
            "solve",
            "--from",
            "killer",
            "--cages",
            "a...............,a=1",
        ],
        &input,
        2,
        "--from killer: each board gives its own cages",
    );
    refuses(
        &["solve", "--from", "killer"],
        &input.replacen(" F=5", "", 1),
        1,
        "puzzle 1, line 10: the cages: cage 'F' has cells but no sum (add F=SUM)",
    );
}

#[test]
fn check_reads_hdu_4069s_walls() {
    // HDU 4069's sample: T cases of walls, each answered after `Case i:`
    // by its solution, `No solution` or `Multiple Solutions`.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/hdu4069/test");
    let input = dir.join("sample-1.in").display().to_string();
    let output = dir.join("sample-1.out").display().to_string();
    let rule = [
        "check",
        "--from",
        "walls",
        "--cases",
        "count",
        "--answers",
        "unique",
        "--format",
        "digits",
        "--header",
        "Case {}:",
        "--no-solution",
        "No solution",
        "--many-solutions",
        "Multiple Solutions",
    ];
    let accepted = (String::new(), "accepted\n".to_string(), 0);
    assert_eq!(
        outcome(
            &[&rule[..], &[input.as_str(), output.as_str()]].concat(),
            ""
        ),
        accepted
    );
    // Read without the walls, the numbers are no board.
    let unwalled = [&rule[..1], &rule[3..], &[input.as_str(), output.as_str()]].concat();
    let (_, err, code) = outcome(&unwalled, "");
    assert_eq!(code, 3, "{}", err);
}

#[test]
fn x_and_regions_combine_at_six_by_six() {
    // A 6x6 X grid, and regions it fills (each holds 1-6 once).
    let full = "125346643521362415451632236154514263";
    let regions = "BEAAEE CCBFFE FBBDDE ACFAEA DCDCDF BABCFD";
    let mut puzzle: Vec<char> = full.chars().collect();
    for (i, c) in puzzle.iter_mut().enumerate() {
        if i % 5 != 0 && i % 7 != 0 {
            *c = '.';
        }
    }
    let puzzle: String = puzzle.into_iter().collect();
    let args = ["solve", "--x", "--regions", regions];
    assert_eq!(run(&args, &line(&puzzle)), line(full));
    assert_eq!(
        run(&["count", "--x", "--regions", regions], &line(&puzzle)),
        "1\n"
    );
    // Every pattern of `study` solves it by the same rules, and the event
    // lines of `trace` played on the puzzle give the answer.
    let table = run(&["study", "--x", "--regions", regions], &line(&puzzle));
    assert_eq!(table.lines().count(), 8, "{}", table);
    assert!(
        table.lines().skip(1).all(|l| l.ends_with("yes")),
        "{}",
        table
    );
    for pattern in ["scan", "fewest-candidates", "dlx"] {
        let args = ["trace", "--x", "--regions", regions, "--pattern", pattern];
        assert_eq!(replayed(&run(&args, &line(&puzzle)), &puzzle, 6), full);
    }
}

/// `puzzle` (N×N digits, `.` blank) with the event lines of `sudoku
/// trace` applied, checked to end `solved`.
fn replayed(lines: &str, puzzle: &str, n: usize) -> String {
    let mut cells: Vec<char> = puzzle.chars().collect();
    let mut lines: Vec<&str> = lines.lines().collect();
    let summary = lines.pop().unwrap();
    assert!(summary.starts_with("solved"), "{}", summary);
    for event in lines {
        let (word, rest) = event.split_once(' ').unwrap();
        let name = rest.split(['=', ':', ' ']).next().unwrap();
        let (r, c) = name[1..].split_once('c').unwrap();
        let cell = (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1;
        cells[cell] = match word {
            "place" => rest
                .split(['=', ' '])
                .nth(1)
                .unwrap()
                .chars()
                .next()
                .unwrap(),
            _ => '.',
        };
    }
    cells.into_iter().collect()
}

#[test]
fn trace_and_study_play_x_jigsaw_and_killer_boards() {
    let killer = [&KILLER_MARKS.join(" ")[..], KILLER_SUMS].join(" ");
    let boards: [(&[&str], &str, &str); 3] = [
        (&["--x"], X_PUZZLE, X_ANSWER),
        (&["--regions", JIGSAW_REGIONS], JIGSAW_PUZZLE, JIGSAW_ANSWER),
        (&["--cages", &killer], KILLER_GIVENS, KILLER_ANSWER),
    ];
    for (rules, puzzle, answer) in boards {
        let input = line(puzzle);
        for pattern in ["bitmask", "fewest-candidates"] {
            let args = [&["trace", "--pattern", pattern][..], rules].concat();
            assert_eq!(
                replayed(&run(&args, &input), puzzle, 9),
                answer,
                "{:?}",
                rules
            );
        }
        let table = run(&[&["study"][..], rules].concat(), &input);
        let names: Vec<&str> = table
            .lines()
            .skip(1)
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        // Dancing links sits out the killer board: a cage's sum is no
        // exact-cover constraint.
        let dlx = rules[0] != "--cages";
        assert_eq!(names.contains(&"dlx"), dlx, "{}", table);
        assert_eq!(names.len(), 6 + usize::from(dlx), "{}", table);
        assert!(
            table.lines().skip(1).all(|l| l.ends_with("yes")),
            "{}",
            table
        );
        // The SVG of the first steps draws the rules.
        let svg = run(&[&["trace", "--svg", "-"][..], rules].concat(), &input);
        match rules[0] {
            "--x" => assert_eq!(svg.matches("fill=\"#e0e0e0\"").count(), 17),
            "--cages" => assert_eq!(svg.matches("stroke-dasharray").count(), 32),
            _ => assert!(svg.matches("stroke-width=\"2\"").count() > 20),
        }
    }
    // The classic board's solution breaks the diagonals: the X rules make
    // the row-major search work harder than the classic one.
    let classic = run(&["study", "--pattern", "bitmask"], &line(X_PUZZLE));
    let x = run(&["study", "--x", "--pattern", "bitmask"], &line(X_PUZZLE));
    assert_ne!(classic.lines().nth(1), x.lines().nth(1));
    sudoku_refuses(
        &["study", "--cages", &killer, "--pattern", "dlx"],
        &line(KILLER_GIVENS),
        2,
        &["dancing links does not play killer cages"],
    );
    sudoku_refuses(
        &["trace", "--cages", &killer, "--pattern", "dlx"],
        &line(KILLER_GIVENS),
        2,
        &["dancing links does not play killer cages"],
    );
}

#[test]
fn bad_layouts_and_broken_rules_get_one_line() {
    let x = line(X_PUZZLE);
    refuses(
        &["solve", "--regions", "AAAB"],
        &x,
        2,
        "--regions: the layout's cell marks: 4 cells",
    );
    refuses(
        &["solve", "--regions", &format!("{}H", &JIGSAW_REGIONS[..80])],
        &x,
        2,
        "--regions: region 'H' has 10 cells; every region needs 9",
    );
    refuses(
        &["solve", "--cages", "aa..,....,....,....,a=9"],
        "1...\n....\n....\n....\n",
        2,
        "--cages: cage 'a': 2 cells of distinct values sum to 3 to 7, not 9",
    );
    refuses(
        &["solve", "--cages", "aa..,....,....,....,b=3"],
        "1...\n....\n....\n....\n",
        2,
        "cage 'a' has cells but no sum (add a=SUM)",
    );
    // Layouts for 9x9, a 4x4 puzzle.
    refuses(
        &["solve", "--regions", JIGSAW_REGIONS],
        "1...\n....\n....\n....\n",
        1,
        "puzzle 1, line 1: a 4x4 board with 2x2 boxes; the variant layouts given are for another size",
    );
    // Two givens on the main diagonal.
    let clash = format!("1{}1{}\n", ".".repeat(29), ".".repeat(50));
    refuses(
        &["solve", "--x"],
        &clash,
        1,
        "repeats in the main diagonal (r1c1 and r4c4)",
    );
    // A cage whose givens pass its sum (5 + 9 in cage a=12) has no
    // solution.
    let layout = format!(
        "{},{}",
        KILLER_MARKS.concat(),
        KILLER_SUMS.replace(' ', ",")
    );
    let over = format!("59{}\n", &KILLER_GIVENS[2..]);
    refuses(&["solve", "--cages", &layout], &over, 1, "no solution");
}

#[test]
fn x_and_jigsaw_puzzles_are_generated_unique() {
    for args in [
        vec!["--x"],
        vec!["--x", "--box", "2x3"],
        vec!["--regions", JIGSAW_REGIONS],
        vec![
            "--x",
            "--regions",
            "BEAAEE,CCBFFE,FBBDDE,ACFAEA,DCDCDF,BABCFD",
        ],
    ] {
        let mut gen = vec!["gen", "-n", "3", "--seed", "7", "--with-solution"];
        gen.extend(&args);
        let made = run(&gen, "");
        assert_eq!(made.lines().count(), 3, "{:?}: {}", args, made);
        for row in made.lines() {
            let (puzzle, solution) = row.split_once('\t').expect("puzzle TAB solution");
            let mut count = vec!["count"];
            count.extend(&args);
            assert_eq!(run(&count, &line(puzzle)), "1\n", "{:?} {}", args, puzzle);
            let mut solve = vec!["solve"];
            solve.extend(&args);
            assert_eq!(run(&solve, &line(puzzle)), line(solution), "{:?}", args);
        }
    }
    let (_, err, code) = outcome(&["gen", "--cages", "aa..,....,....,....,a=3"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("no puzzles are generated on given cages"),
        "{}",
        err
    );
    let (_, err, code) = outcome(&["gen", "--x", "--difficulty", "easy"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--difficulty grades classic boards only"),
        "{}",
        err
    );
}

/// The boards of a killer-format text: blocks of rows (cells, then cage
/// marks) and a sums line, separated by blank lines.
fn killer_boards(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(|b| format!("{}\n", b.trim_end()))
        .collect()
}

/// The cells of a killer-format board, as digit rows.
fn killer_cells(board: &str) -> String {
    board
        .lines()
        .filter(|l| l.contains(' ') && !l.contains('='))
        .map(|l| format!("{}\n", &l[..l.find(' ').unwrap()]))
        .collect()
}

#[test]
fn killer_puzzles_are_generated_unique_and_solved_by_the_judge_file() {
    let judge_file = assert_cmd::cargo::cargo_bin("codingame_killer");
    for args in [
        vec![],
        vec!["--cage-size", "3-9"],
        vec!["--cage-size", "1-2"],
        vec!["--box", "2x3"],
        vec!["--box", "2x2"],
    ] {
        let mut gen = vec![
            "gen",
            "--killer",
            "-n",
            "3",
            "--seed",
            "7",
            "--with-solution",
        ];
        gen.extend(&args);
        let made = run(&gen, "");
        let boards = killer_boards(&made);
        assert_eq!(boards.len(), 6, "{:?}: {}", args, made);
        // The same seed gives the same puzzles on any number of threads.
        let mut one_thread = gen.clone();
        one_thread.extend(["-j", "1"]);
        assert_eq!(run(&one_thread, ""), made, "{:?}", args);
        let rules = ["--from", "killer"];
        for pair in boards.chunks(2) {
            let (puzzle, solution) = (&pair[0], &pair[1]);
            // Every cell lies in a cage, and the solution has the cages.
            let marks = puzzle.lines().filter_map(|l| l.split_once(' '));
            assert!(
                marks
                    .take_while(|(_, m)| !m.contains('='))
                    .all(|(_, m)| !m.contains('.')),
                "{}",
                puzzle
            );
            assert_eq!(solution.lines().last(), puzzle.lines().last());
            let mut count = vec!["count"];
            count.extend(&rules);
            assert_eq!(run(&count, puzzle), "1\n", "{:?} {}", args, puzzle);
            let mut solve = vec!["solve", "--to", "digits"];
            solve.extend(&rules);
            assert_eq!(run(&solve, puzzle), killer_cells(solution), "{:?}", args);
            // CodinGame marks cages with letters: boards of 52 cages or
            // fewer (cages of 1 or 2 cells need digits as marks too).
            if args.is_empty() || args == ["--cage-size", "3-9"] {
                let out = assert_cmd::Command::new(&judge_file)
                    .write_stdin(puzzle.as_str())
                    .output()
                    .expect("the judge file runs");
                assert!(out.status.success(), "{}", puzzle);
                let answer = String::from_utf8(out.stdout).unwrap();
                assert_eq!(answer, killer_cells(solution), "{}", puzzle);
            }
        }
    }
    // `study` and `trace` read the killer format too.
    let puzzle = killer_boards(&run(&["gen", "--killer", "--seed", "4"], ""))[0].clone();
    let table = run(&["study", "--from", "killer"], &puzzle);
    assert!(table.contains("\nengine "), "{}", table);
    assert!(!table.contains("dlx"), "{}", table);
    let lines = run(&["trace", "--from", "killer", "--lines"], &puzzle);
    assert!(
        lines.lines().last().unwrap().starts_with("solved nodes="),
        "{}",
        lines
    );
    let (_, err, code) = outcome(&["trace", "--from", "killer", "--pattern", "dlx"], &puzzle);
    assert_eq!(code, 2);
    assert!(err.contains("does not play killer cages"), "{}", err);
    let (_, err, code) = outcome(&["study", "--from", "killer", "--x"], &puzzle);
    assert_eq!(code, 2);
    assert!(err.contains("each board gives its own cages"), "{}", err);
    for (args, part) in [
        (vec!["--cage-size", "2-5"], "--cage-size goes with --killer"),
        (
            vec!["--killer", "--cage-size", "0-3"],
            "--cage-size 0-3: expected A-B",
        ),
        (
            vec!["--killer", "--cage-size", "5-2"],
            "--cage-size 5-2: expected A-B",
        ),
        (vec!["--killer", "--cage-size", "2-10"], "from 1 to 9"),
        (vec!["--killer", "--cage-size", "three"], "expected A-B"),
        (
            vec!["--killer", "--cage-size", "1-1"],
            "a 9x9 board in cages of at most 1 cell needs 81 cages or more, more than the 62",
        ),
        (
            vec!["--killer", "--to", "line"],
            "--killer writes the killer format only",
        ),
        (
            vec!["--killer", "--box", "4x4"],
            "--killer makes puzzles up to 9x9",
        ),
        (
            vec!["--killer", "--against", "bitmask"],
            "not with --killer",
        ),
        (
            vec!["--killer", "--difficulty", "easy"],
            "classic boards only",
        ),
        (vec!["--killer", "--x"], "carries cages only"),
    ] {
        let mut gen = vec!["gen"];
        gen.extend(&args);
        let (out, err, code) = outcome(&gen, "");
        assert_eq!((out.as_str(), code), ("", 2), "{:?}: {}", args, err);
        assert!(err.contains(part), "{:?}: {}", args, err);
    }
}

#[test]
fn check_judges_answers_by_the_variant_rules() {
    let dir = Dir::new("variants-check");
    let input = dir.file("x.in", line(X_PUZZLE));
    let good = dir.file("good.out", line(X_ANSWER));
    // The smallest classic solution: rows, columns and boxes hold, the
    // anti-diagonal repeats an 8.
    let classic =
        "145279638287316495963845127459768312632451879718932546874593261591624783326187954";
    let plain = dir.file("plain.out", line(classic));
    let conf = dir.file("judge.conf", "answers = any\nx = yes\n");
    let accepted = (String::new(), "accepted\n".to_string(), 0);
    assert_eq!(outcome(&["check", "--x", &input, &good], ""), accepted);
    assert_eq!(outcome(&["check", &input, &plain], ""), accepted);
    for rule in [vec!["--x"], vec!["--conf", conf.as_str()]] {
        let mut args = vec!["check"];
        args.extend(&rule);
        args.extend([input.as_str(), plain.as_str()]);
        let (_, err, code) = outcome(&args, "");
        assert_eq!(code, 1, "{:?}", rule);
        assert_eq!(
            err,
            "wrong answer: digit 8 repeats in the anti-diagonal (r1c9 and r4c6)\n"
        );
    }
    // A killer answer whose cage misses its sum.
    let layout = format!(
        "{},{}",
        KILLER_MARKS.concat(),
        KILLER_SUMS.replace(' ', ",")
    );
    let killer = dir.file("k.in", line(&".".repeat(81)));
    let mut swapped: Vec<char> = KILLER_ANSWER.chars().collect();
    // Rows 4 and 5 swapped in their band keep rows,
    // columns and boxes, and break cages.
    for c in 0..9 {
        swapped.swap(27 + c, 36 + c);
    }
    let swapped: String = swapped.into_iter().collect();
    let wrong = dir.file("k.out", line(&swapped));
    let (_, err, code) = outcome(&["check", "--cages", &layout, &killer, &wrong], "");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "wrong answer: digit 2 repeats in cage o (sum 15) (r4c7 and r5c5)\n"
    );
    // A full cage off its sum: cage a (r1c1, r2c1) holds 1 and 3.
    let small = dir.file("s.in", "....\n....\n....\n....\n");
    let full = dir.file("s.out", "1234\n3412\n2143\n4321\n");
    let cages = "ab..,ab..,....,....,a=3,b=7";
    let (_, err, code) = outcome(&["check", "--cages", cages, &small, &full], "");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "wrong answer: the values of cage a (sum 3) add up to 4\n"
    );
}

#[test]
fn study_proves_at_once_that_a_jigsaw_layout_no_grid_fills_has_no_solution() {
    // The cell search cannot prove this layout empty quickly (it once
    // took minutes, and study hung); the engine's count by value patterns
    // proves it in milliseconds, so study says so before any pattern runs.
    let input = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems/hdu4069/test/layout-without-filling.in"),
    )
    .expect("the hdu4069 case");
    let (out, err, code) = outcome(
        &["study", "--from", "walls", "--pattern", "bitmask,dlx"],
        &input,
    );
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert_eq!(err, "sudoku study: stdin: puzzle 1, line 2: no solution\n");
    let (out, _, code) = outcome(&["count", "--from", "walls"], &input);
    assert_eq!((out.as_str(), code), ("0\n", 0));
}
