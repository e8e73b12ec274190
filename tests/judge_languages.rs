//! `sudoku judge FILE PROBLEM` for the languages people submit in: C, C++,
//! Java and Python sources are built with the judges' usual command lines
//! (Rust's are in `cli_judge.rs`), a right program is AC, a wrong one WA,
//! one that does not compile CE with the compiler's message naming the
//! user's file, not the build copy. A compiler that is missing is a loud
//! SKIPPED, and a failure under `CI=true` (`.ci/run` installs them).

use crate::common;

use common::{sudoku, Dir, BOJ2239_IN, BOJ2239_OUT};
use predicates::prelude::*;

/// A backtracker in C (and C++, which compiles the same text): 81 digits
/// in, the smallest completion out as 9 digit rows.
const RIGHT_C: &str = r#"#include <stdio.h>
int grid[81], used_row[9], used_col[9], used_box[9];
int search(int cell) {
    if (cell == 81) return 1;
    if (grid[cell]) return search(cell + 1);
    int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
    for (int d = 1; d <= 9; d++) {
        int bit = 1 << d;
        if ((used_row[r] | used_col[c] | used_box[b]) & bit) continue;
        used_row[r] |= bit; used_col[c] |= bit; used_box[b] |= bit; grid[cell] = d;
        if (search(cell + 1)) return 1;
        used_row[r] ^= bit; used_col[c] ^= bit; used_box[b] ^= bit; grid[cell] = 0;
    }
    return 0;
}
int main(void) {
    for (int i = 0; i < 81; i++) {
        int ch;
        do ch = getchar(); while (ch == '\n' || ch == '\r' || ch == ' ');
        grid[i] = ch - '0';
        if (grid[i]) {
            int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3, bit = 1 << grid[i];
            used_row[r] |= bit; used_col[c] |= bit; used_box[b] |= bit;
        }
    }
    search(0);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) putchar('0' + grid[r * 9 + c]);
        putchar('\n');
    }
    return 0;
}
"#;

/// Prints its input back: the blanks stay 0, a wrong answer.
const WRONG_C: &str = r#"#include <stdio.h>
int main(void) { int ch; while ((ch = getchar()) != EOF) putchar(ch); return 0; }
"#;

/// An undeclared name on line 2.
const BROKEN_C: &str = "int main(void) {\n    return missing;\n}\n";

const RIGHT_PY: &str = r#"import sys
grid = [int(ch) for ch in sys.stdin.read() if ch.isdigit()]
used_row, used_col, used_box = [0] * 9, [0] * 9, [0] * 9
def place(cell, d, on):
    r, c = divmod(cell, 9)
    b = r // 3 * 3 + c // 3
    for used, unit in ((used_row, r), (used_col, c), (used_box, b)):
        used[unit] ^= 1 << d
for cell, d in enumerate(grid):
    if d:
        place(cell, d, True)
blanks = [cell for cell in range(81) if not grid[cell]]
def search(k):
    if k == len(blanks):
        return True
    cell = blanks[k]
    r, c = divmod(cell, 9)
    b = r // 3 * 3 + c // 3
    for d in range(1, 10):
        if (used_row[r] | used_col[c] | used_box[b]) >> d & 1:
            continue
        place(cell, d, True)
        grid[cell] = d
        if search(k + 1):
            return True
        place(cell, d, False)
        grid[cell] = 0
    return False
search(0)
for r in range(9):
    print("".join(map(str, grid[r * 9:r * 9 + 9])))
"#;

const WRONG_PY: &str = "import sys\nsys.stdout.write(sys.stdin.read())\n";

/// A parenthesis never closed, on line 2.
const BROKEN_PY: &str = "import sys\nprint(\n";

const RIGHT_JAVA: &str = r#"import java.util.Scanner;
public class Main {
    static int[] grid = new int[81];
    static int[] usedRow = new int[9], usedCol = new int[9], usedBox = new int[9];
    static void flip(int cell, int d) {
        int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
        usedRow[r] ^= 1 << d; usedCol[c] ^= 1 << d; usedBox[b] ^= 1 << d;
    }
    static boolean search(int cell) {
        if (cell == 81) return true;
        if (grid[cell] != 0) return search(cell + 1);
        int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
        for (int d = 1; d <= 9; d++) {
            if (((usedRow[r] | usedCol[c] | usedBox[b]) >> d & 1) != 0) continue;
            flip(cell, d); grid[cell] = d;
            if (search(cell + 1)) return true;
            flip(cell, d); grid[cell] = 0;
        }
        return false;
    }
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        for (int r = 0; r < 9; r++) {
            String row = in.next();
            for (int c = 0; c < 9; c++) {
                grid[r * 9 + c] = row.charAt(c) - '0';
                if (grid[r * 9 + c] != 0) flip(r * 9 + c, grid[r * 9 + c]);
            }
        }
        search(0);
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) out.append(grid[r * 9 + c]);
            out.append('\n');
        }
        System.out.print(out);
    }
}
"#;

/// True when `tool` is on PATH; otherwise SKIPPED, or a failure under CI.
fn have(tool: &str) -> bool {
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(tool).is_file()));
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{} is not installed: CI must install it (.ci/run)",
            tool
        );
        eprintln!("\n*** SKIPPED: {} is not installed ***\n", tool);
    }
    found
}

/// A problem folder with the BOJ 2239 sample, judged exactly (the smallest
/// completion is the only answer).
fn folder(tag: &str) -> Dir {
    let dir = Dir::new(tag);
    std::fs::create_dir_all(dir.path().join("problem")).unwrap();
    dir.file("problem/sample-1.in", BOJ2239_IN);
    dir.file("problem/sample-1.out", BOJ2239_OUT);
    dir.file("problem/judge.conf", "answers = exact\ntime_limit = 10\n");
    dir
}

/// Judges source `name` holding `text` on the sample folder; returns the
/// command's assertion for the caller to check.
fn judge(dir: &Dir, name: &str, text: &str) -> assert_cmd::assert::Assert {
    let source = dir.file(name, text);
    let problem = dir.path().join("problem");
    sudoku()
        .args(["judge", &source, problem.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .assert()
}

/// A right, a wrong and a broken program of one language: AC, WA, CE with
/// the compile line judges use and the user's file named in the errors.
/// `at` is how the compiler names line 2 of the broken file.
fn three_programs(tag: &str, ext: &str, programs: [&str; 3], line: &str, at: &str) {
    let [right, wrong, broken] = programs;
    let dir = folder(tag);
    judge(&dir, &format!("right.{}", ext), right)
        .success()
        .stdout(predicate::str::contains("compile: OK in"))
        .stdout(predicate::str::contains(line))
        .stdout(predicate::str::contains("verdict: AC\n1/1 passed\n"));
    judge(&dir, &format!("wrong.{}", ext), wrong)
        .code(1)
        .stdout(predicate::str::contains("verdict: WA on sample-1\n"));
    let broken_name = format!("broken.{}", ext);
    judge(&dir, &broken_name, broken)
        .code(1)
        .stdout(predicate::str::contains("verdict: CE\n"))
        .stdout(predicate::str::contains(format!("{}{}", broken_name, at)))
        .stdout(predicate::str::contains(format!("Main.{}:", ext)).not())
        .stdout(predicate::str::contains(format!("Main.{}\"", ext)).not());
}

#[test]
fn c_sources_build_with_gcc() {
    if have("gcc") {
        let line = "(gcc -O2 -std=c11 Main.c -o Main -lm)";
        three_programs("lang-c", "c", [RIGHT_C, WRONG_C, BROKEN_C], line, ":2:");
    }
}

#[test]
fn cpp_sources_build_with_gpp() {
    if have("g++") {
        let line = "(g++ -O2 -std=c++17 Main.cpp -o Main)";
        three_programs("lang-cpp", "cpp", [RIGHT_C, WRONG_C, BROKEN_C], line, ":2:");
    }
}

#[test]
fn python_sources_are_checked_then_run() {
    if have("python3") {
        let line = "(python3 -m py_compile Main.py)";
        let at = "\", line 2";
        three_programs("lang-py", "py", [RIGHT_PY, WRONG_PY, BROKEN_PY], line, at);
    }
}

#[test]
fn java_sources_build_with_javac_and_run_as_main() {
    if have("javac") && have("java") {
        let dir = folder("lang-java");
        judge(&dir, "Main.java", RIGHT_JAVA)
            .success()
            .stdout(predicate::str::contains(
                "(javac -encoding UTF-8 Main.java)",
            ))
            .stdout(predicate::str::contains("verdict: AC\n1/1 passed\n"));
    }
}

#[test]
fn a_java_command_line_sizes_its_heap_from_the_memory_limit() {
    if have("javac") && have("java") {
        // Built here, run as `java -cp DIR Main`: without the judge's
        // JAVA_TOOL_OPTIONS (MaxRAM from the limit) the JVM would reserve
        // more than 256 MiB and fail at start (MLE).
        let dir = folder("lang-java-line");
        let classes = dir.path().join("classes");
        std::fs::create_dir_all(&classes).unwrap();
        let source = dir.file("classes/Main.java", RIGHT_JAVA);
        let built = std::process::Command::new("javac")
            .arg(&source)
            .status()
            .expect("javac runs");
        assert!(built.success());
        let problem = dir.path().join("problem");
        let line = format!("java -cp {} Main", classes.display());
        sudoku()
            .args(["judge", "--memory-limit", "256", &line])
            .arg(&problem)
            .env("NO_COLOR", "1")
            .assert()
            .success()
            .stdout(predicate::str::contains("verdict: AC\n1/1 passed\n"));
    }
}

#[test]
fn a_folder_compile_line_and_the_option_override_the_default() {
    if !have("gcc") {
        return;
    }
    let dir = folder("lang-conf");
    dir.file(
        "problem/judge.conf",
        "answers = exact\ncompile_c = gcc -O0 {source} -o {binary}\n",
    );
    judge(&dir, "right.c", RIGHT_C)
        .success()
        .stdout(predicate::str::contains("(gcc -O0 Main.c -o Main)"));
    let source = dir.file("right.c", RIGHT_C);
    let problem = dir.path().join("problem");
    sudoku()
        .args(["judge", "--compile", "gcc -O1 {source} -o {binary}"])
        .args([&source, problem.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("(gcc -O1 Main.c -o Main)"));
}

#[test]
fn a_missing_program_is_one_usage_error() {
    let dir = folder("lang-missing");
    let problem = dir.path().join("problem");
    sudoku()
        .args(["judge", "nosuchprog", problem.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("")
        .stderr("sudoku judge: nosuchprog: no such program\n");
}

#[test]
fn with_no_folder_the_cases_are_test_as_for_oj() {
    let dir = Dir::new("lang-default-dir");
    std::fs::create_dir_all(dir.path().join("test")).unwrap();
    dir.file("test/sample-1.in", "1\n");
    dir.file("test/sample-1.out", "1\n");
    sudoku()
        .current_dir(dir.path())
        .args(["judge", "cat"])
        .env("NO_COLOR", "1")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("test: 1 case"))
        .stdout(predicate::str::ends_with("1/1 passed\n"));
}

#[test]
fn oj_spellings_of_the_limits_are_taken() {
    let dir = Dir::new("lang-oj-spellings");
    std::fs::create_dir_all(dir.path().join("test")).unwrap();
    dir.file("test/sample-1.in", "1\n");
    dir.file("test/sample-1.out", "1\n");
    sudoku()
        .current_dir(dir.path())
        .args(["judge", "--tle", "0.5", "--mle", "64", "cat", "test"])
        .env("NO_COLOR", "1")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "time limit 0.5 s, memory limit 64 MiB",
        ));
    sudoku()
        .current_dir(dir.path())
        .args(["judge", "--tle", "1", "--time-limit", "2", "cat"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--time-limit and --tle are the same option: give one",
        ));
}

#[test]
fn a_c_program_whose_large_malloc_fails_is_mle_however_large() {
    if !have("gcc") || !have("strace") {
        return;
    }
    let dir = folder("lang-malloc");
    let problem = dir.path().join("problem");
    // 4 GiB, more than the raised limit of the rerun (16 x 64 MiB, at least
    // 4 GiB, with what the program holds already): only a trace shows it.
    for (name, text, verdict) in [
        (
            "big.c",
            "#include <stdlib.h>\nint main(void) { char *p = malloc((size_t)4 << 30); \
             if (!p) return 3; p[0] = 1; return 0; }\n",
            "verdict: MLE on sample-1\n",
        ),
        (
            "plain.c",
            "int main(void) { return 3; }\n",
            "verdict: RE on sample-1\n",
        ),
    ] {
        let source = dir.file(name, text);
        sudoku()
            .args(["judge", "--memory-limit", "64", &source])
            .arg(&problem)
            .env("NO_COLOR", "1")
            .assert()
            .code(1)
            .stdout(predicate::str::contains(verdict));
    }
}
