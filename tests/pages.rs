//! The replay page of `sudoku trace --html` in a real browser: Debian's
//! chromium, headless, opens each page from a `file://` address whose
//! fragment (`#do=ArrowRight*25,click:back,...`) the page plays through its
//! own key and click handlers at load; `--dump-dom` prints the page as it
//! then stands. The board, counters and event line of every panel must be
//! what `sudoku trace --lines` gives after the same number of events: on
//! a 9×9, a 6×6 (2×3 boxes) and a 16×16 puzzle, each with two patterns
//! side by side (the 16×16 searches stopped at a node limit). Screenshots of a side-by-side page at its start, middle and
//! end go to `target/pages-screenshots/`.
//!
//! Without chromium the tests print a loud SKIPPED; with `CI=true` they
//! fail instead. `SUDOKU_CHROMIUM` names another browser binary.

mod common;

use common::{sudoku, Dir, EULER_01};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser, or `None` (after saying SKIPPED) when there is none.
fn chromium() -> Option<PathBuf> {
    let named = std::env::var_os("SUDOKU_CHROMIUM").map(PathBuf::from);
    let found = named.or_else(|| {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
            .iter()
            .map(PathBuf::from)
            .find(|p| p.exists())
    });
    if found.is_none() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("chromium is not installed (CI=true): .ci/run installs it");
        }
        eprintln!("\n*** SKIPPED: the browser tests of the replay page need chromium (apt-get install chromium) ***\n");
    }
    found
}

/// Runs chromium headless on `url` with `extra` arguments; returns stdout.
fn browse(browser: &Path, profile: &Path, extra: &[&str], url: &str) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium {}: {}",
        url,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 DOM")
}

/// What one panel of the page shows.
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    pattern: String,
    board: Vec<String>,
    event: u64,
    nodes: u64,
    backtracks: u64,
    depth: u64,
    line: String,
    status: String,
}

/// The text between `open` (after position `from`) and the next `close`.
fn between<'a>(text: &'a str, open: &str, close: &str) -> &'a str {
    let start = text.find(open).unwrap_or_else(|| panic!("no {:?}", open)) + open.len();
    let len = text[start..].find(close).expect("closed");
    &text[start..start + len]
}

/// Every panel of a dumped page, in order.
fn panels(dom: &str) -> Vec<Shown> {
    let mut shown = Vec::new();
    for part in dom.split("<div class=\"panel\" data-pattern=\"").skip(1) {
        let table = between(part, "<table", "</table>");
        let board = table
            .split("<td")
            .skip(1)
            .map(|td| {
                let text = between(td, ">", "</td>");
                assert!(!text.contains('<'), "markup in a cell: {}", text);
                text.to_string()
            })
            .collect();
        let number = |class: &str| {
            between(part, &format!("<span class=\"{}\">", class), "<")
                .parse::<u64>()
                .expect("a number")
        };
        shown.push(Shown {
            pattern: part[..part.find('"').unwrap()].to_string(),
            board,
            event: number("event"),
            nodes: number("nodes"),
            backtracks: number("backtracks"),
            depth: number("depth"),
            line: between(part, "<div class=\"line\">", "</div>").to_string(),
            status: between(part, "<div class=\"status", "</div>")
                .split_once('>')
                .unwrap()
                .1
                .to_string(),
        });
    }
    shown
}

/// The cells of a puzzle file as the page writes them (blank: empty).
fn givens(text: &str) -> Vec<String> {
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let spaced = body.iter().any(|l| l.trim().contains(' '));
    let words: Vec<String> = if spaced {
        body.iter()
            .flat_map(|l| l.split_whitespace())
            .map(String::from)
            .collect()
    } else {
        body.iter()
            .flat_map(|l| l.trim().chars())
            .map(String::from)
            .collect()
    };
    words
        .into_iter()
        .map(|w| match w.as_str() {
            "0" | "." | "-" => String::new(),
            _ => w,
        })
        .collect()
}

/// One pattern's `sudoku trace --lines`: the event lines and the summary.
struct Lines {
    events: Vec<String>,
    summary: String,
}

fn trace_lines(file: &str, pattern: &str, limit: &str) -> Lines {
    let out = sudoku()
        .args([
            "trace",
            "--lines",
            "--pattern",
            pattern,
            "--limit",
            limit,
            file,
        ])
        .output()
        .expect("sudoku runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let mut events: Vec<String> = text.lines().map(String::from).collect();
    let summary = events.pop().expect("a summary line");
    Lines { events, summary }
}

/// What `lines` says after its first `t` events (at most all of them).
fn expected(lines: &Lines, start: &[String], n: usize, pattern: &str, t: usize) -> Shown {
    let t = t.min(lines.events.len());
    let mut board = start.to_vec();
    let (mut nodes, mut backtracks) = (0, 0);
    for line in &lines.events[..t] {
        let (word, rest) = line.split_once(' ').unwrap();
        let name = rest.split(['=', ':']).next().unwrap();
        let (r, c) = name[1..].split_once('c').unwrap();
        let cell = (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1;
        if word == "place" {
            board[cell] = rest.split(['=', ' ']).nth(1).unwrap().to_string();
            nodes += 1;
        } else {
            board[cell] = String::new();
            backtracks += 1;
        }
    }
    let done = t == lines.events.len();
    Shown {
        pattern: pattern.to_string(),
        board,
        event: t as u64,
        nodes,
        backtracks,
        depth: nodes - backtracks,
        line: if t == 0 {
            "start".to_string()
        } else {
            lines.events[t - 1].clone()
        },
        status: if done {
            lines.summary.clone()
        } else {
            String::new()
        },
    }
}

/// The event the page's "next backtrack" goes to from `t`: just after the
/// first undo at or after event `t` in any pattern, or the end.
fn next_backtrack(all: &[Lines], t: usize) -> usize {
    let total = all.iter().map(|l| l.events.len()).max().unwrap();
    all.iter()
        .filter_map(|l| {
            (t..l.events.len())
                .find(|&e| l.events[e].starts_with("undo"))
                .map(|e| e + 1)
        })
        .min()
        .unwrap_or(total)
}

/// Where a script must leave the page.
#[derive(Clone, Copy)]
enum At {
    /// After this many events.
    Event(usize),
    /// This many events before the end of the longest search.
    BeforeEnd(usize),
    /// After this many "next backtrack" jumps from the start.
    Backtracks(usize),
}

/// `sudoku trace --html HTML --pattern A,B --limit LIMIT FILE`.
fn write_page(html: &Path, patterns: &[&str], limit: &str, file: &str) {
    sudoku()
        .args(["trace", "--html"])
        .arg(html)
        .args(["--pattern", &patterns.join(","), "--limit", limit, file])
        .assert()
        .success();
}

/// One page: a puzzle file, patterns side by side, and the scripts to
/// play, each with the event it must end on.
fn check_page(
    tag: &str,
    puzzle: &str,
    n: usize,
    patterns: &[&str],
    limit: &str,
    scripts: &[(&str, At)],
) {
    let browser = match chromium() {
        Some(b) => b,
        None => return,
    };
    let dir = Dir::new(tag);
    let file = dir.file("puzzle.txt", puzzle);
    let html = dir.path().join("page.html");
    write_page(&html, patterns, limit, &file);
    let all: Vec<Lines> = patterns
        .iter()
        .map(|p| trace_lines(&file, p, limit))
        .collect();
    let total = all.iter().map(|l| l.events.len()).max().unwrap();
    let start = givens(puzzle);
    assert_eq!(start.len(), n * n);
    for &(script, at) in scripts {
        let t = match at {
            At::Event(t) => t,
            At::BeforeEnd(k) => total - k,
            At::Backtracks(k) => (0..k).fold(0, |t, _| next_backtrack(&all, t)),
        };
        let url = format!("file://{}#do={}", html.display(), script);
        let dom = browse(&browser, &dir.path().join("profile"), &["--dump-dom"], &url);
        let shown = panels(&dom);
        assert_eq!(shown.len(), patterns.len(), "{}", script);
        for (k, lines) in all.iter().enumerate() {
            let want = expected(lines, &start, n, patterns[k], t.min(total));
            let mut got = panels(&dom).remove(k);
            if lines.summary.starts_with("stopped") && !got.status.is_empty() {
                // A stopped search's page adds what the full one takes.
                assert!(got.status.starts_with(&lines.summary), "{}", got.status);
                got.status = lines.summary.clone();
            }
            assert_eq!(got, want, "{} {} after {:?}", tag, patterns[k], script);
        }
    }
}

/// The 6×6 puzzle of tests/sizes (2×3 boxes), spaced digits.
const SIX: &str = "0 0 2 0 0 0\n0 0 6 0 3 0\n0 1 0 0 4 0\n0 6 5 0 0 3\n0 0 0 0 0 6\n0 0 0 4 0 0\n";

#[test]
fn nine_by_nine_side_by_side_replays_like_the_event_lines() {
    let puzzle: String = EULER_01.split_whitespace().collect::<String>() + "\n";
    check_page(
        "nine",
        &puzzle,
        9,
        &["bitmask", "fewest-candidates"],
        "100000",
        &[
            ("", At::Event(0)),
            ("ArrowRight*25,ArrowLeft*3", At::Event(22)),
            ("click:forward*40,click:back*2", At::Event(38)),
            ("b*3", At::Backtracks(3)),
            ("seek:200,click:back,ArrowRight*2", At::Event(201)),
            ("End", At::BeforeEnd(0)),
            ("click:end,ArrowLeft*5", At::BeforeEnd(5)),
            ("End,Home,ArrowRight", At::Event(1)),
        ],
    );
}

#[test]
fn six_by_six_with_boxes_of_two_rows_replays_like_the_event_lines() {
    check_page(
        "six",
        SIX,
        6,
        &["bitmask", "dlx"],
        "100000",
        &[
            ("ArrowRight*30,ArrowLeft*4", At::Event(26)),
            ("click:end,click:back", At::BeforeEnd(1)),
            ("End", At::BeforeEnd(0)),
        ],
    );
}

#[test]
fn sixteen_by_sixteen_side_by_side_stopped_at_the_limit_replays_like_the_event_lines() {
    let puzzle =
        std::fs::read_to_string(common::problems_dir().join("sudoku16/test/hard-1.in")).unwrap();
    check_page(
        "sixteen",
        &puzzle,
        16,
        &["dlx", "fewest-candidates"],
        "3000",
        &[
            ("ArrowRight*120,ArrowLeft*7", At::Event(113)),
            ("seek:4000,click:forward", At::Event(4001)),
            ("b*2", At::Backtracks(2)),
            ("End,ArrowLeft", At::BeforeEnd(1)),
            ("click:end", At::BeforeEnd(0)),
        ],
    );
}

#[test]
fn screenshots_of_a_side_by_side_page_at_start_middle_and_end() {
    let browser = match chromium() {
        Some(b) => b,
        None => return,
    };
    let dir = Dir::new("shots");
    let file = dir.file(
        "brute.txt",
        "000000000000003085001020000000507000004000100090000000500000073002010000000040009\n",
    );
    let html = dir.path().join("page.html");
    write_page(
        &html,
        &["bitmask", "fewest-candidates", "dlx"],
        "40000",
        &file,
    );
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/pages-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    for (name, script) in [
        ("start", "ArrowRight*3"),
        ("middle", "seek:40000"),
        ("end", "End"),
    ] {
        let png = shots.join(format!("{}.png", name));
        let _ = std::fs::remove_file(&png);
        let url = format!("file://{}#do={}", html.display(), script);
        browse(
            &browser,
            &dir.path().join("profile"),
            &[
                &format!("--screenshot={}", png.display()),
                "--window-size=1500,820",
            ],
            &url,
        );
        let bytes = std::fs::read(&png).expect("a screenshot");
        assert!(bytes.starts_with(b"\x89PNG"), "{}", png.display());
    }
}
