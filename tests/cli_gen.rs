//! `sudoku gen`: uniqueness (re-counted here by an independent counter),
//! minimality, symmetry, seeds, `--givens`, `--difficulty`, bad options.

use crate::common;

use common::{cells, stdout_of, sudoku, sudoku_refuses};
use predicates::prelude::*;

/// Runs `sudoku gen ARGS`, expects success, returns stdout.
fn gen(args: &[&str]) -> String {
    stdout_of(&[&["gen"], args].concat(), "")
}

fn puzzles(text: &str) -> Vec<[u8; 81]> {
    text.lines().map(cells).collect()
}

/// An independent solution counter for the tests: bitmask candidates,
/// fewest candidates first, stops at `limit`.
fn count(b: &mut [u8; 81], limit: usize) -> usize {
    let mut best = 81;
    let mut best_mask = 0u16;
    let mut best_n = 10;
    for i in 0..81 {
        if b[i] != 0 {
            continue;
        }
        let (r, c) = (i / 9, i % 9);
        let mut used = 0u16;
        for k in 0..9 {
            used |= 1 << b[r * 9 + k];
            used |= 1 << b[k * 9 + c];
            used |= 1 << b[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3];
        }
        let free = 0x3fe & !used;
        let n = free.count_ones();
        if n < best_n {
            best = i;
            best_mask = free;
            best_n = n;
        }
    }
    if best == 81 {
        return 1;
    }
    let mut found = 0;
    for d in 1..=9u8 {
        if best_mask & (1 << d) != 0 {
            b[best] = d;
            found += count(b, limit - found);
            b[best] = 0;
            if found >= limit {
                break;
            }
        }
    }
    found
}

fn solutions(p: &[u8; 81]) -> usize {
    count(&mut p.clone(), 2)
}

fn no_clash(p: &[u8; 81]) -> bool {
    for i in 0..81 {
        for j in i + 1..81 {
            let same_unit =
                i / 9 == j / 9 || i % 9 == j % 9 || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3);
            if p[i] != 0 && p[i] == p[j] && same_unit {
                return false;
            }
        }
    }
    true
}

/// The image of cell `i` under each symmetry (as the help describes it).
fn image(sym: &str, i: usize) -> usize {
    let (r, c) = (i / 9, i % 9);
    match sym {
        "none" => i,
        "rot180" => 80 - i,
        "rot90" => c * 9 + (8 - r),
        "mirror" => r * 9 + (8 - c),
        "diagonal" => c * 9 + r,
        _ => unreachable!(),
    }
}

/// The orbit of cell `i` under `sym`.
fn orbit(sym: &str, i: usize) -> Vec<usize> {
    let mut cells = vec![i];
    let mut j = image(sym, i);
    while j != i {
        cells.push(j);
        j = image(sym, j);
    }
    cells
}

#[test]
fn gen_puzzles_have_exactly_one_solution_recounted_independently() {
    let out = gen(&["-n", "25", "--seed", "7"]);
    let ps = puzzles(&out);
    assert_eq!(ps.len(), 25);
    for p in ps.iter() {
        assert!(no_clash(p));
        assert_eq!(solutions(p), 1);
    }
}

#[test]
fn gen_puzzles_are_minimal_removing_any_given_breaks_uniqueness() {
    for p in puzzles(&gen(&["-n", "5", "--seed", "11"])) {
        for i in 0..81 {
            if p[i] != 0 {
                let mut q = p;
                q[i] = 0;
                assert_eq!(solutions(&q), 2, "given at cell {} is redundant", i);
            }
        }
    }
}

#[test]
fn gen_symmetry_modes_give_symmetric_minimal_unique_puzzles() {
    for sym in ["none", "rot180", "rot90", "mirror", "diagonal"] {
        for p in puzzles(&gen(&["-n", "3", "--seed", "5", "--symmetry", sym])) {
            assert_eq!(solutions(&p), 1, "{}", sym);
            for i in 0..81 {
                let j = image(sym, i);
                assert_eq!(p[i] == 0, p[j] == 0, "{}: cells {} and {}", sym, i, j);
                if p[i] != 0 {
                    let mut q = p;
                    for k in orbit(sym, i) {
                        q[k] = 0;
                    }
                    assert_eq!(
                        solutions(&q),
                        2,
                        "{}: group of cell {} is redundant",
                        sym,
                        i
                    );
                }
            }
        }
    }
}

#[test]
fn gen_same_seed_same_puzzles_and_longer_runs_extend_shorter_ones() {
    let a = gen(&["-n", "4", "--seed", "123", "--symmetry", "rot180"]);
    let b = gen(&["-n", "4", "--seed", "123", "--symmetry", "rot180"]);
    assert_eq!(a, b);
    let c = gen(&["-n", "2", "--seed", "123", "--symmetry", "rot180"]);
    assert!(a.starts_with(&c));
    assert_ne!(
        a,
        gen(&["-n", "4", "--seed", "124", "--symmetry", "rot180"])
    );
}

#[test]
fn gen_seed_is_pinned_across_machines() {
    // The whole pipeline (PRNG, grid fill, carving order) is deterministic:
    // changing this line changes every seeded puzzle users may have shared.
    let out = gen(&["--seed", "1"]);
    assert_eq!(
        out,
        "2..9...87..3...1..89.4..2.....8...631.........8......5.6.7.3..49....4........2..8\n"
    );
}

#[test]
fn gen_without_seed_prints_one_that_reproduces_the_run() {
    let out = sudoku().args(["gen", "-n", "2"]).output().unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let seed = err
        .strip_prefix("seed: ")
        .and_then(|s| s.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("stderr: {:?}", err));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        gen(&["-n", "2", "--seed", seed])
    );
}

#[test]
fn gen_givens_stops_at_exactly_n() {
    for (n, sym) in [
        ("30", "none"),
        ("36", "rot180"),
        ("29", "rot90"),
        ("45", "diagonal"),
    ] {
        for p in puzzles(&gen(&[
            "-n",
            "3",
            "--seed",
            "2",
            "--givens",
            n,
            "--symmetry",
            sym,
        ])) {
            assert_eq!(p.iter().filter(|&&v| v != 0).count().to_string(), n);
            assert_eq!(solutions(&p), 1);
        }
    }
}

#[test]
fn gen_givens_below_17_is_refused() {
    sudoku()
        .args(["gen", "--givens", "10"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "fewer than 17 givens is impossible",
        ));
}

#[test]
fn gen_givens_the_symmetry_cannot_reach_is_refused() {
    sudoku()
        .args(["gen", "--givens", "30", "--symmetry", "rot90"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("4k or 4k+1"));
}

#[test]
fn gen_expert_with_70_givens_gives_up_with_a_message() {
    sudoku()
        .args([
            "gen",
            "--difficulty",
            "expert",
            "--givens",
            "70",
            "--seed",
            "1",
        ])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "no puzzle with grade expert and 70 givens found in 1000 attempts",
        ));
}

#[test]
fn gen_unknown_option_and_bad_values_are_usage_errors() {
    for args in [
        vec!["gen", "--frobnicate"],
        vec!["gen", "--difficulty", "hard"],
        vec!["gen", "--symmetry", "spiral"],
        vec!["gen", "-n", "many"],
        vec!["gen", "-n", "0"],
        vec!["gen", "--to", "pdf"],
        vec!["gen", "puzzles.txt"],
    ] {
        sudoku().args(&args).assert().code(2).stdout("");
    }
    sudoku()
        .args(["gen", "--frobnicate"])
        .assert()
        .stderr(predicate::str::contains("unknown option --frobnicate"));
}

#[test]
fn gen_difficulty_targets_grade_exactly() {
    for level in ["simple", "easy", "intermediate", "expert"] {
        let out = gen(&["-n", "2", "--seed", "9", "--difficulty", level]);
        for p in puzzles(&out) {
            assert_eq!(solutions(&p), 1);
        }
        let graded = sudoku().arg("grade").write_stdin(out).output().unwrap();
        assert!(graded.status.success());
        for line in String::from_utf8(graded.stdout).unwrap().lines() {
            // `N  LEVEL  counts`
            assert_eq!(line.split("  ").nth(1), Some(level), "{}", line);
        }
    }
}

#[test]
fn gen_with_solution_puts_the_solution_after_a_tab() {
    let out = gen(&["-n", "3", "--seed", "4", "--with-solution"]);
    for line in out.lines() {
        let (p, s) = line.split_once('\t').unwrap();
        let (p, s) = (cells(p), cells(s));
        assert!(s.iter().all(|&v| v != 0) && no_clash(&s));
        assert!((0..81).all(|i| p[i] == 0 || p[i] == s[i]));
        assert_eq!(solutions(&p), 1);
    }
}

#[test]
fn gen_other_formats_hold_the_same_puzzles() {
    let line = gen(&["-n", "2", "--seed", "6"]);
    let digits = gen(&["-n", "2", "--seed", "6", "--to", "digits"]);
    let expected: String = puzzles(&line)
        .iter()
        .map(|p| {
            p.chunks(9)
                .map(|row| row.iter().map(|d| d.to_string()).collect::<String>() + "\n")
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(digits, expected);
    let euler = gen(&["-n", "2", "--seed", "6", "--to", "euler", "--with-solution"]);
    let headers: Vec<&str> = euler.lines().filter(|l| l.starts_with("Grid")).collect();
    assert_eq!(
        headers,
        ["Grid 01", "Grid 01 solution", "Grid 02", "Grid 02 solution"]
    );
}

#[test]
fn gen_stats_go_to_stderr_and_leave_stdout_unchanged() {
    let out = sudoku()
        .args(["gen", "-n", "3", "--seed", "1", "--stats"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        gen(&["-n", "3", "--seed", "1"])
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("gen: 3 puzzles in "), "{}", err);
    assert!(err.ends_with("; 3 grids tried\n"), "{}", err);
}

/// Placements of a plain row-major search (blanks in order, digits ascending, a used mask
/// per row, column and box) until its first solution: what `sudoku study` calls the
/// blank-list pattern's nodes, counted here independently. Stops counting at `cap`.
fn row_major_nodes(p: &[u8; 81], cap: u64) -> u64 {
    fn go(b: &mut [u8; 81], blanks: &[usize], k: usize, nodes: &mut u64, cap: u64) -> bool {
        let Some(&i) = blanks.get(k) else {
            return true;
        };
        let (r, c) = (i / 9, i % 9);
        for d in 1..=9u8 {
            let clash = (0..9).any(|m| {
                b[r * 9 + m] == d
                    || b[m * 9 + c] == d
                    || b[(r / 3 * 3 + m / 3) * 9 + c / 3 * 3 + m % 3] == d
            });
            if clash {
                continue;
            }
            if *nodes == cap {
                return true;
            }
            *nodes += 1;
            b[i] = d;
            if go(b, blanks, k + 1, nodes, cap) {
                return true;
            }
            b[i] = 0;
        }
        false
    }
    let blanks: Vec<usize> = (0..81).filter(|&i| p[i] == 0).collect();
    let mut nodes = 0;
    go(&mut p.clone(), &blanks, 0, &mut nodes, cap);
    nodes
}

#[test]
fn gen_against_makes_a_unique_puzzle_a_row_major_search_works_hard_on() {
    let out = sudoku()
        .args([
            "gen",
            "--against",
            "blank-list",
            "--seed",
            "2",
            "--steps",
            "200",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let puzzle = puzzles(&stdout)[0];
    assert_eq!(solutions(&puzzle), 1, "{}", stdout);
    // `puzzle 1: blank-list START -> NODES nodes...; K of 200 changes kept`
    let words: Vec<&str> = stderr.split_whitespace().collect();
    assert_eq!(&words[..3], ["puzzle", "1:", "blank-list"], "{}", stderr);
    let start: u64 = words[3].parse().unwrap();
    let nodes: u64 = words[5].parse().unwrap();
    assert_eq!(row_major_nodes(&puzzle, 2_000_000), nodes, "{}", stderr);
    assert!(nodes > 3 * start, "{}", stderr);
    assert!(stderr.ends_with("of 200 changes kept\n"), "{}", stderr);
    // The same seed, the same puzzle.
    let again = gen(&["--against", "blank-list", "--seed", "2", "--steps", "200"]);
    assert_eq!(again, stdout);
}

#[test]
fn gen_against_stops_at_the_node_limit_and_refuses_what_it_cannot_honour() {
    let out = sudoku()
        .args([
            "gen",
            "--against",
            "scan",
            "--seed",
            "1",
            "--node-limit",
            "300",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("-> 300 nodes, the node limit;"),
        "{}",
        stderr
    );
    for args in [
        vec!["gen", "--against", "hill-climb"],
        vec!["gen", "--steps", "10"],
        vec!["gen", "--node-limit", "10"],
        vec!["gen", "--against", "scan", "--symmetry", "rot180"],
        vec!["gen", "--against", "scan", "--givens", "30"],
        vec!["gen", "--against", "scan", "--node-limit", "0"],
    ] {
        sudoku().args(&args).assert().code(2).stdout("");
    }
}

#[test]
fn gen_shards_by_first_puzzle_make_one_run_byte_for_byte() {
    for to in ["line", "euler", "spaced"] {
        let shard = |first: &str, n: &str| {
            let args = ["-n", n, "--first", first, "--seed", "9", "--to", to];
            gen(&[&args[..], &["--with-solution"]].concat())
        };
        let whole = shard("1", "5");
        let shards = shard("1", "2") + &shard("3", "1") + &shard("4", "2");
        assert_eq!(shards, whole, "--to {}", to);
    }
}

#[test]
fn gen_first_needs_a_seed_and_a_puzzle_number() {
    sudoku_refuses(&["gen", "--first", "3"], "", 2, &["--first needs --seed"]);
    sudoku_refuses(
        &["gen", "--first", "0", "--seed", "1"],
        "",
        2,
        &["--first 0"],
    );
}
