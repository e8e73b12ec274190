# sudoku-kit: `make run` and `make test` are all a fresh clone needs.

CARGO   ?= cargo
RELEASE := target/release
DATA    ?= ../shared/data

.PHONY: all build run install uninstall test test-fresh fmt lint unit judge-check judge bench clean pictures

all: build

## build: every binary, optimised
build:
	$(CARGO) build --release --bins

## run: build, then solve the BOJ 2580 sample and print the answer
run: build
	$(RELEASE)/boj2580 < problems/boj2580/test/sample-1.in

## install: `sudoku` and every judge file's binary on PATH (cargo's bin
## folder, ~/.cargo/bin), so the README's examples run as printed
install:
	$(CARGO) install --locked --path .

uninstall:
	$(CARGO) uninstall sudoku-kit

## test: everything CI checks (formatting, lints, every test). The checks
## that drive outside tools on the repository's files (type checks of the
## judge files, folders judged, oj t, verifyproblem) are remembered by a
## hash of every byte they read (target/tmp/remembered/): a run repeats only
## those whose inputs changed. A fresh clone runs them all.
test: fmt lint unit

## test-fresh: `make test` forgetting every remembered check first
test-fresh:
	rm -rf target/tmp/remembered
	$(MAKE) test

fmt:
	$(CARGO) fmt --all -- --check

lint:
	$(CARGO) clippy --all-targets -- -D warnings

## unit: the library's and the command's unit tests and tests/kit.rs (every
## tests/*.rs), every test at once with cargo-nextest (as on the project's machines;
## `cargo test` one binary after the other where it is missing), then the
## doc-tests. Two tests a core: most of them wait on the programs they run.
## The slowest start first (tests/nextest.toml).
## The judge files' own test harnesses hold no test: not built.
unit:
	@if $(CARGO) nextest --version >/dev/null 2>&1; then \
	  threads=$$(( $$(nproc) * 2 )); \
	  echo "$(CARGO) nextest run --config-file tests/nextest.toml --no-fail-fast --test-threads $$threads --lib --bin sudoku --test kit"; \
	  $(CARGO) nextest run --config-file tests/nextest.toml --no-fail-fast --test-threads $$threads --lib --bin sudoku --test kit; \
	else \
	  echo "$(CARGO) test --no-fail-fast --lib --bin sudoku --test kit"; \
	  $(CARGO) test --no-fail-fast --lib --bin sudoku --test kit; \
	fi
	$(CARGO) test --doc

## pictures: the SVGs of README.md and problems/STUDY.md, made again by
## the commands in problems/pictures/commands.txt
pictures: build
	grep -v '^#' problems/pictures/commands.txt | sed 's|^sudoku |$(RELEASE)/sudoku |' | sh -ex

## judge-check: type-check each judge file alone with the current and the
## old (1.63) compiler in editions 2015, 2018 and 2021, without a warning,
## then build it once as its folder's judge does and judge it on the cases
## (every time: nothing remembered is taken)
judge-check:
	SUDOKU_TEST_CACHE=off $(CARGO) test --test kit -- paste_ready:: problems:: --nocapture

## judge: every problem folder's judge file (src/bin/<binary>.rs, named by its
## judge.conf) compiled alone with the folder's compile line and judged on
## its cases, as an online judge would; fails if any case fails
judge: build
	@status=0; for conf in problems/*/judge.conf; do \
	  dir=$${conf%/judge.conf}; \
	  bin=$$(sed -n 's/^binary *= *\([A-Za-z0-9_-]*\).*/\1/p' $$conf); \
	  if [ -z "$$bin" ]; then echo "$$conf: no binary"; status=1; continue; fi; \
	  $(RELEASE)/sudoku judge src/bin/$$bin.rs $$dir || status=1; \
	done; exit $$status

## bench: speed figures (reads $(DATA) when it is there)
bench: build
	@sh .ci/bench "$(RELEASE)" "$(DATA)"

clean:
	$(CARGO) clean
