//! The integration tests: one test binary (built once) whose modules are
//! the files beside this one, one per command, judge file family or concern
//! (`tests/NAME.rs`), with the helpers of `common/`. `make test` runs every
//! test in it, and the library's, in parallel (cargo-nextest); `cargo test
//! --test kit NAME::` runs one file's tests.

mod common;

mod check_sizes;
mod cli_bench;
mod cli_check;
mod cli_formats;
mod cli_gen;
mod cli_grade;
mod cli_judge;
mod cli_pdf;
mod cli_propagate;
mod cli_study;
mod cli_time;
mod cli_trace;
mod help;
mod input_rule;
mod jobs;
mod judge_bins;
mod judge_catalog_a;
mod judge_catalog_b;
mod judge_catalog_c;
mod judge_catalog_d;
mod judge_catalog_e;
mod judge_catalog_f;
mod judge_errors;
mod judge_hostile;
mod judge_languages;
mod judge_sandbox;
mod judge_variants;
mod oj;
mod outline;
mod output_only;
mod package;
mod pages;
mod parallel;
mod paste_ready;
mod pictures;
mod plain_lines;
mod problems;
mod readme;
mod repository;
mod sizes;
mod sizes_gen_pdf;
mod streaming;
mod stress;
mod study_sizes;
mod variants;
