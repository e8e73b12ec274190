# sudoku-kit: `make run` and `make test` are all a fresh clone needs.

CARGO   ?= cargo
RELEASE := target/release
DATA    ?= ../shared/data
BINS    := boj2580 boj2239 js_array

.PHONY: all build run test fmt lint unit judge-check judge bench clean

all: build

## build: every binary, optimised
build:
	$(CARGO) build --release --bins

## run: build, then solve the BOJ 2580 sample and print the answer
run: build
	$(RELEASE)/boj2580 < problems/boj2580/test/sample-1.in

## test: everything CI checks (formatting, lints, every test)
test: fmt lint unit

fmt:
	$(CARGO) fmt --all -- --check

lint:
	$(CARGO) clippy --all-targets -- -D warnings

unit:
	$(CARGO) test

## judge-check: compile each judge file alone, as a judge would, with the
## current and the old (1.63) compiler, and run it on a sample
judge-check:
	$(CARGO) test --test paste_ready -- --nocapture

## judge: judge the three binaries against their problem folders
judge: build
	@status=0; for b in $(BINS); do $(RELEASE)/sudoku judge $(RELEASE)/$$b problems/$$b || status=1; done; exit $$status

## bench: speed figures (reads $(DATA) when it is there)
bench: build
	@sh .ci/bench "$(RELEASE)" "$(DATA)"

clean:
	$(CARGO) clean
