//! A JavaScript array board: print its lexicographically SMALLEST completion, as the JavaScript
//! reference does. Input: one statement `[let|const|var] [NAME =] [[c, …], …] [;]` as the kit's
//! `js` format reads it: 9 arrays of 9 cells, commas between cells and rows (one more before `]` is
//! fine); a cell: a digit 0-9 (0 = blank) or a one-character string "1"-"9", "0" or "." (blank) in
//! ' or " quotes; NAME: ASCII letters, digits, `_`, not a digit first; whitespace and `//` comments
//! between tokens. Output: `[`, one row a line (`  [c, c, …],`), `]`: numbers, or strings quoted
//! like the first string cell. Method: as `boj2239.rs`. Bad input: one line on stderr; exit 1.
use std::io::{self, Read, Write};

const ALL: u16 = 0x3fe; // bit d stands for digit d (1..=9)

/// The input as text, by the one input rule of every file of the kit: UTF-8,
/// one byte-order mark skipped, and a CR only where it ends a line (CRLF).
fn text_of(bytes: &[u8]) -> Result<&str, String> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            // The bytes before the bad one are text: count its line and column there.
            let before = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
            return Err(format!("line {}, column {}: not UTF-8 text", line, column));
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (n, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(at) = line.find('\r') {
            let column = line[..at].chars().count() + 1;
            let where_ = format!("line {}, column {}", n + 1, column);
            return Err(format!("{}: a carriage return inside a line", where_));
        }
    }
    Ok(text)
}

/// Reads the statement token by token along a pattern (`N` a name, `#` a cell, `$` the end, others
/// themselves): its cells, and the quote of its first string cell ("": none).
fn parse(text: &str) -> Result<([u8; 81], &str), String> {
    // Its first 200 tokens with line and column: words (ASCII letters, digits, `_`; 20 of them
    // kept), strings of one character ('5'), other characters; whitespace, `//` comments left out.
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut toks = Vec::new();
    for (line, mut rest) in text.split('\n').enumerate() {
        let mut column = 1;
        while let Some(c) = rest.chars().next() {
            let n = match rest.as_bytes() {
                [b'/', b'/', ..] => break,
                [q @ (b'"' | b'\''), m, e, ..] if e == q && !m.is_ascii_control() => 3,
                _ if word(c) => rest.find(|x| !word(x)).unwrap_or(rest.len()),
                _ => c.len_utf8(),
            };
            if !c.is_ascii_whitespace() && toks.len() < 200 {
                toks.push((line + 1, column, &rest[..n.min(20)]));
            }
            (rest, column) = (&rest[n..], column + rest[..n].chars().count());
        }
    }
    let tok = |k: usize| toks.get(k).map_or("", |t| t.2);
    let fail = |k: usize, what: &str| match toks.get(k) {
        Some(&(l, c, t)) => format!("line {}, column {}: expected {}, not `{}`", l, c, what, t),
        None if k == 0 => "empty input: expected a 9x9 array literal".to_string(),
        None => format!("input ends early: expected {}", what),
    };
    let decl = ["let", "const", "var"].contains(&tok(0)) as usize;
    let head = ["", "N="][(decl == 1 || tok(1) == "=") as usize];
    let (mut cells, mut quote, mut n, mut k) = ([0u8; 81], "", 0, decl);
    for p in format!("{}[{}]$", head, ["[#,#,#,#,#,#,#,#,#]"; 9].join(",")).chars() {
        let want = format!("cell r{}c{}: 0-9 or '0'-'9' or '.'", n / 9 + 1, n % 9 + 1);
        k += (p == ']' && tok(k) == "," || p == '$' && tok(k) == ";") as usize; // optional, skipped
        let t = tok(k);
        match (p, t.as_bytes()) {
            ('#', &[d @ b'0'..=b'9']) | ('#', &[b'"' | b'\'', d @ (b'0'..=b'9' | b'.'), _]) => {
                quote = [quote, &t[..t.len() / 3]][quote.is_empty() as usize]; // the first quote
                (cells[n], n) = (d.saturating_sub(b'0'), n + 1); // `.`, below `0`, gives 0
            }
            ('#', _) => return Err(fail(k, &want)),
            ('N', &[b'a'..=b'z' | b'A'..=b'Z' | b'_', ..]) | ('$', []) => {}
            ('N', _) => return Err(fail(k, "a name")),
            ('$', _) => return Err(fail(k, "the end of the input")),
            _ if t == p.to_string() => {}
            _ => return Err(fail(k, &format!("`{}`", p))),
        }
        k += 1;
    }
    Ok((cells, quote))
}

/// The cells, 0 = blank, and the digits still free in rows 0..9, columns 9..18, boxes 18..27.
struct Grid([u8; 81], [u16; 27]);

/// The row, column and box of cell `i`, as indices into the masks (`Grid.1`).
fn units(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
}

/// Places digit `d` in cell `i`, or takes it back: the same XOR both ways.
fn flip(g: &mut Grid, i: usize, d: u8) {
    units(i).iter().for_each(|&u| g.1[u] ^= 1 << d);
    g.0[i] ^= d;
}

/// Up to `limit` completions filling `blanks` (cells of `g` still 0), with `lex` smallest first.
/// A blank or a digit with no place left ends a branch. Next to fill: a blank with one candidate
/// or a digit with one place in a row, column or box; else a digit's two places if no blank has
/// two; else the blank with fewest candidates (ties: the later), with `lex` the first row-major.
fn search(g: &mut Grid, blanks: &mut [usize], limit: usize, lex: bool) -> Vec<[u8; 81]> {
    let cand = |i: usize| units(i).iter().fold(ALL, |free, &u| free & g.1[u]);
    let (mut best, mut seen) = ((0, 0, 9), [0u16; 81]); // seen[27 * n + u]: > n places in u
    for (i, free) in blanks.iter().map(|&i| (i, cand(i))) {
        best = std::cmp::min_by_key((i, free, free.count_ones()), best, |b| b.2); // ties: i wins
        for &u in units(i).iter() {
            seen[54 + u] |= seen[27 + u] & free;
            seen[27 + u] |= seen[u] & free;
            seen[u] |= free;
        }
    }
    if lex && best.2 > 1 {
        best = (*blanks.iter().min().unwrap_or(&0), 0, 2); // the first blank, unless one is forced
    }
    let (k, mut at, mut digits) = (best.2 as usize, vec![best.0], cand(best.0));
    // exact(x): the digits with exactly x / 27 places left in unit x % 27 (seen[x]: with more)
    let exact = |x: usize| (if x < 27 { g.1[x] } else { seen[x - 27] }) & !seen[x];
    if let Some(x) = (0..27 * k.min(3)).find(|&x| exact(x) > 0) {
        digits = 1 << exact(x).trailing_zeros();
        at = blanks.to_vec();
        at.retain(|&i| units(i).contains(&(x % 27)) && cand(i) & digits > 0);
    }
    let mut found = vec![g.0; blanks.is_empty() as usize]; // no blank left: a completion
    for (i, d) in at.iter().flat_map(|&i| (1..10).map(move |d| (i, d))) {
        if digits >> d & 1 == 1 && found.len() < limit {
            blanks.swap(0, blanks.iter().position(|&b| b == i).unwrap_or(0));
            flip(g, i, d);
            found.extend(search(g, &mut blanks[1..], limit - found.len(), lex));
            flip(g, i, d);
        }
    }
    found
}

/// The smallest completion of `puzzle`; an error names a clashing given and its unit.
fn solve(puzzle: [u8; 81]) -> Result<[u8; 81], String> {
    let mut g = Grid([0; 81], [ALL; 27]);
    for (i, &d) in puzzle.iter().enumerate().filter(|c| *c.1 > 0) {
        if let Some(&u) = units(i).iter().find(|&&u| g.1[u] & 1 << d == 0) {
            let unit = format!("{} {}", ["row", "column", "box"][u / 9], u % 9 + 1);
            let at = format!("r{}c{}", i / 9 + 1, i % 9 + 1);
            return Err(format!("{}: digit {} repeats in {}", at, d, unit));
        }
        flip(&mut g, i, d);
    }
    let mut blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    let mut found = search(&mut g, &mut blanks, 2, false); // fast: a lone one is the smallest
    if found.len() > 1 {
        found = search(&mut g, &mut blanks, 1, true);
    }
    let no = "no solution: the givens do not clash, yet nothing completes them";
    found.pop().ok_or_else(|| no.to_string())
}

/// The board as a JavaScript literal, one row a line, each cell between quotes `q` ("": none).
fn render(cells: [u8; 81], q: &str) -> String {
    let cells: Vec<String> = cells.iter().map(|d| format!("{}{}{}", q, d, q)).collect();
    let rows: Vec<String> = cells.chunks(9).map(|r| r.join(", ")).collect();
    format!("[\n  [{}]\n]\n", rows.join("],\n  ["))
}

/// Reads at most 1 MiB of UTF-8 from stdin; prints the answer, or one line on stderr and exits 1.
fn main() {
    let mut bytes = Vec::new();
    let result = match io::stdin().take((1 << 20) + 1).read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read stdin: {}", e)),
        Ok(n) if n > 1 << 20 => Err("input larger than 1 MiB".to_string()),
        Ok(_) => text_of(&bytes).and_then(parse),
    };
    let out = result.and_then(|(cells, quote)| Ok(render(solve(cells)?, quote)));
    if let Err(message) = out.map(|out| io::stdout().write_all(out.as_bytes())) {
        eprintln!("js_array: {}", message);
        std::process::exit(1);
    }
}
