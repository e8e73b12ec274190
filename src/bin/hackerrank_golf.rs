//! Problem: HackerRank "sudoku" (https://www.hackerrank.com/challenges/sudoku), a code golf:
//! the score grows as the source shrinks. Input: N, then N boards of 9 rows of 9 numbers
//! separated by spaces, 0 blank. Output: a completion of each board, 9 rows of 9 digits,
//! a space after each digit (HackerRank accepts any completion).
//!
//! The one file of `src/bin/` exempt from the outline of "Reading a judge file" (named as
//! the exemption in `tests/outline.rs`, `tests/input_rule.rs` and `tests/judge_errors.rs`):
//! a golf score counts every byte, so it has one-letter names, no `parse`/`Board`/`render`,
//! no error lines and no input rule (a malformed input panics). Everything else holds:
//! std only, compiles alone without a warning (rustc 1.63 and current, editions 2015-2021),
//! and answers every case of `problems/hackerrank_golf/`.
//!
//! What to paste: the line after `#[rustfmt::skip]` (that attribute only keeps `cargo fmt`
//! from spreading the line over a hundred). Glossary: `g` the 81 cells, `q(i)` the units of
//! cell `i` (row 0-8, column 9-17, box 18-26), `u` per unit the digits used (bit d), `m`
//! per unit its cells, `c(i)` the candidates of cell `i`. `f` picks, among every blank's
//! candidates and every missing digit's places in a unit, the shortest list (a single is a
//! list of one, a dead end a list of none), tries each choice and undoes it on failure:
//! branching on places too is what keeps sparse boards with many solutions fast, where
//! choosing among blanks alone wanders for seconds.
#[rustfmt::skip]
fn main(){use std::io::*;fn f(g:&mut[usize])->bool{let q=|i:usize|[i/9,9+i%9,18+i/27*3+i%9/3];let mut u=[0u32;27];let mut m=vec![vec![];27];for(x,i)in g.iter().zip(0..){for &y in &q(i){u[y]|=1<<x;m[y].push(i)}}let c=|i|!q(i).iter().fold(!1022,|a,&y|a|u[y]);(0..81).filter(|&i|g[i]<1).map(|i|(i,c(i),0)).chain((0..243).filter(|&k|u[k/9]>>(k%9)&2<1).map(|k|(k,m[k/9].iter().zip(0..).fold(0,|a,(&i,j)|a|((g[i]<1&&c(i)>>(k%9)&2>0)as u32)<<j),1))).min_by_key(|x|x.1.count_ones()).map_or(1>0,|(a,s,t)|(0..10).any(|b|s>>b&1>0&&{let(i,d)=[(a,b),(m[a/9][b%9],a%9+1)][t];g[i]=d;f(g)||{g[i]=0;1<0}}))}let mut s=String::new();stdin().read_to_string(&mut s).ok();let mut v:Vec<usize>=s.split_whitespace().map(|x|x.parse().unwrap()).collect();for g in v[1..].chunks_mut(81){f(g);for r in g.chunks(9){for x in r{print!("{} ",x)}println!()}}}
