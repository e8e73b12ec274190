//! The variant rows of the catalog as black boxes: `boj4574` (Su-domino-ku, dominoes on a
//! Sudoku) and `codingame_killer` (Killer Sudoku, cages with sums). What their problem
//! folders cannot show: every refusal with its exact message, and answers that keep the
//! variant's own rule, checked here apart from the judge files.

use crate::common;

use common::{bin_output as output, refuses_with};

/// Whether `grid` (81 digits) holds 1-9 once in every row, column and box.
fn is_sudoku(grid: &[u8]) -> bool {
    (0..27).all(|u: usize| {
        let mut seen = 0u16;
        for k in 0..9 {
            let i = match u / 9 {
                0 => u * 9 + k,
                1 => k * 9 + u - 9,
                _ => (u - 18) / 3 * 27 + (u - 18) % 3 * 3 + k / 3 * 9 + k % 3,
            };
            seen |= 1 << grid[i];
        }
        seen == 0x3fe
    })
}

/// The digits of the 9 rows that follow each `Puzzle i` line (or of the whole output).
fn grids(out: &str) -> Vec<Vec<u8>> {
    let digits: Vec<u8> = out
        .lines()
        .filter(|l| !l.starts_with("Puzzle"))
        .flat_map(|l| l.bytes().map(|b| b - b'0'))
        .collect();
    digits.chunks(81).map(|c| c.to_vec()).collect()
}

// ---------------------------------------------------------------- boj4574

const DOMINOES: &str = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n\
                        3 F5 2 F6\n7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\n\
                        C5 A3 D9 I4 A9 E5 A2 C6 I1\n0\n";

#[test]
fn boj4574_grid_is_a_sudoku_tiled_by_the_36_dominoes_and_keeps_the_givens() {
    let out = output("boj4574", DOMINOES);
    assert!(out.starts_with("Puzzle 1\n"));
    let grid = &grids(&out)[0];
    assert!(is_sudoku(grid));
    // The givens: the dominoes and the lone digits where the input puts them.
    let cell = |w: &str| (w.as_bytes()[0] - b'A') as usize * 9 + (w.as_bytes()[1] - b'1') as usize;
    assert_eq!((grid[cell("B2")], grid[cell("B3")]), (6, 1));
    assert_eq!((grid[cell("I8")], grid[cell("I9")]), (7, 8));
    for (k, w) in "C5 A3 D9 I4 A9 E5 A2 C6 I1".split(' ').enumerate() {
        assert_eq!(grid[cell(w)], k as u8 + 1, "{}", w);
    }
}

#[test]
fn boj4574_refuses_bad_counts_dominoes_and_cells_with_the_place() {
    let bin = "boj4574";
    let singles = "A1 A2 A3 A4 A5 A6 A7 A8 A9";
    refuses_with(bin, "", "empty input: expected a count N");
    refuses_with(
        bin,
        "37\n",
        "puzzle 1, line 1, column 1: `37` is not a count of dominoes 0-36",
    );
    refuses_with(
        bin,
        format!("1\n6 B2 1 B4\n{}\n0\n", singles),
        "puzzle 1, line 2, column 8: B2 and B4 are not side by side",
    );
    refuses_with(
        bin,
        format!("1\n6 B2 6 B3\n{}\n0\n", singles),
        "puzzle 1, line 2, column 6: no domino has the digit 6 twice",
    );
    refuses_with(
        bin,
        format!("2\n6 B2 1 B3\n1 C2 6 C3\n{}\n0\n", singles),
        "puzzle 1, line 3: the domino 1+6 is laid twice",
    );
    refuses_with(
        bin,
        "1\n6 B2 1 J3\n",
        "puzzle 1, line 2, column 8: `J3` is not a cell A1-I9",
    );
    refuses_with(
        bin,
        "1\n6 B2 0 B3\n",
        "puzzle 1, line 2, column 6: `0` is not a digit 1-9",
    );
    refuses_with(
        bin,
        "1\n6 B2 1 B3\nA1 A2 A3 A4 A5 A6 A7 A8 B2\n0\n",
        "puzzle 1, line 3, column 25: cell B2 is covered twice",
    );
    refuses_with(
        bin,
        format!("1\n6 B2 1 B3\n{}\n0\nx\n", singles),
        "line 5: text after the closing `0`",
    );
    refuses_with(
        bin,
        format!("1\n6 B2 1 B3\n{}\n", singles),
        "puzzle 2: the input ends without the line `0`",
    );
    refuses_with(
        bin,
        "10\n6 B2 1 B3\n",
        "puzzle 1: the input ends after 1 of its 10 dominoes",
    );
    refuses_with(
        bin,
        "1\n6 B2 1 B3\nA1 A2 A3\n0\n",
        "puzzle 1, line 3: 3 cells, expected 9 (where 1-9 stand)",
    );
    refuses_with(
        bin,
        format!("1\n6 B2 1 B3\n{}\n0\n", singles),
        "puzzle 1: no solution: digit 1 repeats in box 1 (A1 and B3)",
    );
}

// ---------------------------------------------------------------- codingame_killer

const KILLER: &str = "56..1..2. aabbccdde\n..72..68. afghhiide\n..2.87.15 jfggklmme\n\
                      ......3.9 jjgnklopp\n.7....2.. qqgnooorr\n9.634.8.. stuuvwwxx\n\
                      2.9..8... stuuvvwyz\n..41.2... sAuuByyyz\n.8.4...3. CADDBEEFF\n";
const SUMS: &str = "a=12 b=17 c=4 d=14 e=15 f=13 g=19 h=7 i=10 j=16 k=10 l=13 m=10 n=15 \
                    o=15 p=13 q=11 r=11 s=18 t=3 u=28 v=15 w=20 x=8 y=22 z=12 A=11 B=13 \
                    C=6 D=9 E=10 F=5";

#[test]
fn codingame_killer_answer_keeps_the_givens_and_every_cage() {
    let out = output("codingame_killer", format!("{}{}\n", KILLER, SUMS));
    let grid = &grids(&out)[0];
    assert!(is_sudoku(grid));
    let rows: Vec<&str> = KILLER.lines().collect();
    let mut sums = std::collections::HashMap::new();
    let mut seen = std::collections::HashMap::new();
    for w in SUMS.split(' ') {
        sums.insert(w.as_bytes()[0], w[2..].parse::<u32>().expect("a sum"));
    }
    for (r, row) in rows.iter().enumerate() {
        let (cells, cages) = (row.as_bytes(), &row.as_bytes()[10..]);
        for c in 0..9 {
            let d = grid[r * 9 + c];
            if cells[c] != b'.' {
                assert_eq!(d, cells[c] - b'0', "the given at r{}c{}", r + 1, c + 1);
            }
            let entry = seen.entry(cages[c]).or_insert((0u32, 0u16));
            assert_eq!(entry.1 & 1 << d, 0, "a repeat in cage {}", cages[c] as char);
            entry.0 += d as u32;
            entry.1 |= 1 << d;
        }
    }
    for (cage, (sum, _)) in seen.iter() {
        assert_eq!(Some(sum), sums.get(cage), "cage {}", *cage as char);
    }
}

#[test]
fn codingame_killer_refuses_bad_rows_cages_and_sums_with_the_place() {
    let bin = "codingame_killer";
    let with_sums = |sums: &str| format!("{}{}\n", KILLER, sums);
    refuses_with(bin, "", "empty input: expected 9 rows of cells and cages");
    refuses_with(
        bin,
        "56..1..2. aabbccdde\n",
        "the input ends after 1 of the 9 rows",
    );
    refuses_with(
        bin,
        "56..1..2x aabbccdde\n",
        "line 1, column 9: `x` is not a digit 1-9 or `.`",
    );
    refuses_with(
        bin,
        "56..1..2. aabbccd-e\n",
        "line 1, column 18: `-` is not a cage letter a-z or A-Z",
    );
    refuses_with(
        bin,
        "56..1..2. aabbccdd\n",
        "line 1: 8 cage letters, expected 9",
    );
    refuses_with(
        bin,
        "56..1..2.\n",
        "line 1: expected 2 words (9 cells, 9 cage letters), found 1",
    );
    refuses_with(bin, KILLER, "the input ends before the line of sums");
    refuses_with(bin, with_sums("a=12"), "line 10: no sum for cage `b`");
    refuses_with(
        bin,
        with_sums(&format!("{} Z=3", SUMS)),
        "line 10, column 154: no cell is in cage `Z`",
    );
    refuses_with(
        bin,
        with_sums(&format!("{} a=3", SUMS)),
        "line 10, column 154: cage `a` has a second sum",
    );
    refuses_with(
        bin,
        with_sums(&SUMS.replace("a=12", "a=99")),
        "line 10, column 1: `a=99` is not a cage sum `letter=1-45`",
    );
    refuses_with(
        bin,
        format!("{}{}\nmore\n", KILLER, SUMS),
        "line 11: text after the line of sums",
    );
    refuses_with(
        bin,
        with_sums(&SUMS.replace("a=12", "a=13")),
        "no solution: the givens do not clash, yet nothing completes them",
    );
    refuses_with(
        bin,
        format!("{}{}\n", KILLER.replacen("56", "55", 1), SUMS),
        "no solution: digit 5 repeats in row 1 (r1c1 and r1c2)",
    );
}
