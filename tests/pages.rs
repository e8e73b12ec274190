//! The replay page of `sudoku trace --html` in a real browser: Debian's
//! chromium, headless, opens each page from a `file://` address whose
//! fragment (`#do=ArrowRight*25,click:back,...`) the page plays through its
//! own key and click handlers at load; `--dump-dom` prints the page as it
//! then stands. The board, counters and event line of every panel must be
//! what `sudoku trace --lines` gives after the same number of events: on
//! a 9×9, a 6×6 (2×3 boxes) and a 16×16 puzzle, each with two patterns
//! side by side (the 16×16 searches stopped at a node limit), and on
//! variant boards: a jigsaw (its walls where its regions change), an X
//! board (its diagonals shaded) and a killer board (a cage outline in
//! every cell, each sum once). Screenshots of a side-by-side page at its
//! start, middle and end go to `target/pages-screenshots/`.
//!
//! Without chromium the tests print a loud SKIPPED; with `CI=true` they
//! fail instead. `SUDOKU_CHROMIUM` names another browser binary.

use crate::common;

use common::remembered::{self, Inputs};
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

/// Runs chromium headless on the page `html` playing `script` (the
/// address's `#do=` part; empty: none) with `extra` arguments; returns
/// stdout.
fn browse(browser: &Path, profile: &Path, extra: &[&str], html: &Path, script: &str) -> String {
    let url = match script {
        "" => format!("file://{}", html.display()),
        _ => format!("file://{}#do={}", html.display(), script),
    };
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
        .arg(&url)
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

/// The page `html`'s DOM after `script` ([`browse`] with `--dump-dom`).
/// The page is self-contained, so the DOM is a function of the page's
/// bytes, the script and the browser: kept by them
/// (`common::remembered`), chromium runs once per page and script.
fn dom_after(browser: &Path, profile: &Path, html: &Path, script: &str) -> String {
    let inputs = Inputs::new(&format!("dump-dom {}", script), include_str!("pages.rs"))
        .bytes(browser_version(browser))
        .bytes(&std::fs::read(html).expect("the page"));
    let dom = remembered::output(inputs, || {
        browse(browser, profile, &["--dump-dom"], html, script).into_bytes()
    });
    String::from_utf8(dom).expect("UTF-8 DOM")
}

/// `chromium --version`, asked once per test process.
fn browser_version(browser: &Path) -> &'static [u8] {
    static VERSION: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    VERSION.get_or_init(|| {
        let program = browser.display().to_string();
        remembered::output_of(&program, &["--version"])
    })
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
                // A killer cell's marks (cage outline, sum) follow its value.
                let (value, marks) = text.split_once('<').unwrap_or((text, ""));
                assert!(
                    marks.is_empty() || marks.starts_with("span class=\"cage"),
                    "markup in a cell: {}",
                    text
                );
                value.to_string()
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

fn trace_lines(file: &str, pattern: &str, limit: &str, rules: &[&str]) -> Lines {
    let out = sudoku()
        .args(["trace", "--lines", "--pattern", pattern, "--limit", limit])
        .args(rules)
        .arg(file)
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

/// `sudoku trace --html HTML --pattern A,B --limit LIMIT RULES FILE`
/// (`RULES`: `--x`, `--regions ...`, `--cages ...`).
fn write_page(html: &Path, patterns: &[&str], limit: &str, rules: &[&str], file: &str) {
    sudoku()
        .args(["trace", "--html"])
        .arg(html)
        .args(["--pattern", &patterns.join(","), "--limit", limit])
        .args(rules)
        .arg(file)
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
    check_variant_page(tag, puzzle, n, patterns, limit, &[], scripts);
}

/// [`check_page`] on a board played by `rules` (`--x`, `--regions ...`,
/// `--cages ...`); returns the dumped page at the start.
fn check_variant_page(
    tag: &str,
    puzzle: &str,
    n: usize,
    patterns: &[&str],
    limit: &str,
    rules: &[&str],
    scripts: &[(&str, At)],
) -> Option<String> {
    let browser = chromium()?;
    let dir = Dir::new(tag);
    let file = dir.file("puzzle.txt", puzzle);
    let html = dir.path().join("page.html");
    write_page(&html, patterns, limit, rules, &file);
    let all: Vec<Lines> = patterns
        .iter()
        .map(|p| trace_lines(&file, p, limit, rules))
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
        let dom = dom_after(&browser, &dir.path().join("profile"), &html, script);
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
    Some(dom_after(&browser, &dir.path().join("profile"), &html, ""))
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

/// HDU 4069's first sample (problems/hdu4069) and its regions.
const JIGSAW_REGIONS: &str =
    "AAABBBBCCAADDDBBCCAADEEBCCCAADEBBFCCDDDEEEFFFGGDHHEFIIGGGHEEFIIGGHHFFFIIGGHHHHIII";
const JIGSAW: &str =
    ".2...96..763.9.12.9...27....4....7.51.7.6.8.28.2....5....67...9.79.1.583..83...4.\n";

/// The cells of a dumped page's first board with `class` among their
/// classes, row-major.
fn cells_with(dom: &str, class: &str) -> Vec<usize> {
    let panel = dom.split("<div class=\"panel\"").nth(1).expect("a panel");
    between(panel, "<table", "</table>")
        .split("<td")
        .skip(1)
        .enumerate()
        .filter(|(_, td)| {
            td.split_once('>').is_some_and(|(attrs, _)| {
                attrs.contains("class=\"")
                    && between(attrs, "class=\"", "\"")
                        .split(' ')
                        .any(|c| c == class)
            })
        })
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_jigsaw_page_draws_its_walls_and_replays_like_the_event_lines() {
    let rules = ["--regions", JIGSAW_REGIONS];
    let Some(dom) = check_variant_page(
        "jigsaw",
        JIGSAW,
        9,
        &["bitmask", "dlx"],
        "100000",
        &rules,
        &[
            ("ArrowRight*40,ArrowLeft*3", At::Event(37)),
            ("b*4", At::Backtracks(4)),
            ("End", At::BeforeEnd(0)),
        ],
    ) else {
        return;
    };
    // A thick right side exactly where the region changes along a row,
    // a thick bottom where it changes down a column.
    let region = |i: usize| JIGSAW_REGIONS.as_bytes()[i];
    let right: Vec<usize> = (0..81)
        .filter(|&i| i % 9 < 8 && region(i) != region(i + 1))
        .collect();
    let below: Vec<usize> = (0..72).filter(|&i| region(i) != region(i + 9)).collect();
    assert_eq!(cells_with(&dom, "right"), right);
    assert_eq!(cells_with(&dom, "below"), below);
    assert!(cells_with(&dom, "diagonal").is_empty());
}

#[test]
fn an_x_page_shades_its_diagonals_and_a_killer_page_outlines_its_cages() {
    // SPOJ HS12DISU's sample (problems/hs12disu).
    let x = ".45...63.2...1...59..8.5..7..9...3...3.....7...8...5..8..5.3..15...2...3.26...95.\n";
    let Some(dom) = check_variant_page(
        "x",
        x,
        9,
        &["fewest-candidates", "dlx"],
        "100000",
        &["--x"],
        &[("ArrowRight*20", At::Event(20)), ("End", At::BeforeEnd(0))],
    ) else {
        return;
    };
    let diagonal: Vec<usize> = (0..81)
        .filter(|i| i / 9 == i % 9 || i / 9 + i % 9 == 8)
        .collect();
    assert_eq!(cells_with(&dom, "diagonal"), diagonal);
    // CodinGame's first killer test (problems/codingame_killer).
    let givens =
        "56..1..2...72..68...2.87.15......3.9.7....2..9.634.8..2.9..8.....41.2....8.4...3.\n";
    let cages = "aabbccdde afghhiide jfggklmme jjgnklopp qqgnooorr stuuvwwxx stuuvvwyz sAuuByyyz \
        CADDBEEFF a=12 b=17 c=4 d=14 e=15 f=13 g=19 h=7 i=10 j=16 k=10 l=13 m=10 n=15 o=15 \
        p=13 q=11 r=11 s=18 t=3 u=28 v=15 w=20 x=8 y=22 z=12 A=11 B=13 C=6 D=9 E=10 F=5";
    let dom = check_variant_page(
        "killer",
        givens,
        9,
        &["bitmask", "fewest-candidates"],
        "100000",
        &["--cages", cages],
        &[
            ("ArrowRight*30,ArrowLeft*2", At::Event(28)),
            ("End", At::BeforeEnd(0)),
        ],
    )
    .expect("chromium was found above");
    // Every cell holds a piece of its cage's outline; the 32 cages' sums
    // sit in their first cells.
    let panel = dom.split("<div class=\"panel\"").nth(1).unwrap();
    let board = between(panel, "<table", "</table>");
    assert_eq!(board.matches("<span class=\"cage").count(), 81);
    assert_eq!(board.matches("<span class=\"sum\">").count(), 32);
    assert!(board.contains("<span class=\"sum\">28</span>"));
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
        &[],
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
        // The screenshot is kept by the page, the script and the browser,
        // as `browse` keeps a dump.
        let inputs = Inputs::new(&format!("screenshot {}", script), include_str!("pages.rs"))
            .bytes(browser_version(&browser))
            .bytes(&std::fs::read(&html).expect("the page"));
        let shot = remembered::built(inputs, "png", |out| {
            browse(
                &browser,
                &dir.path().join("profile"),
                &[
                    &format!("--screenshot={}", out.display()),
                    "--window-size=1500,820",
                ],
                &html,
                script,
            );
            Ok(())
        })
        .expect("a screenshot");
        std::fs::copy(&shot, &png).expect("the screenshot copied");
        let bytes = std::fs::read(&png).expect("a screenshot");
        assert!(bytes.starts_with(b"\x89PNG"), "{}", png.display());
    }
}
