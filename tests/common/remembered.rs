//! Checks and builds remembered by their inputs. The slowest checks drive tools from
//! outside the crate on files of the repository: a compiler type-checking
//! a judge file, a judge file built and judged on its folder, `oj t` in a
//! folder, `verifyproblem` on a package. Each is a function of the bytes
//! it reads, so a check that passed is remembered under a hash of all of
//! them (the files, the tools' versions, the test's own source) in
//! `target/tmp/remembered/`, and a later run repeats only the checks whose
//! inputs changed: after touching one judge file, that file's checks.
//! A fresh clone (CI) remembers nothing and runs every check; a failure is
//! never remembered. The programs the tests build from the repository's
//! sources with outside compilers (the package's C++ validators) are kept
//! the same way, so each is built once. `SUDOKU_TEST_CACHE=off` runs every
//! check and build regardless, and `make test-fresh` empties the folder
//! first.

use std::hash::{DefaultHasher, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// This file's own source: a change to how checks are remembered forgets
/// them all.
const OWN_SOURCE: &str = include_str!("remembered.rs");

/// The inputs of one check, hashed as they are added (128 bits: two
/// hashers fed the same bytes after different first words).
pub struct Inputs {
    what: String,
    hashes: [DefaultHasher; 2],
}

impl Inputs {
    /// The inputs of the check named `what` (a test's name and an item of
    /// it, e.g. `paste_ready boj2580 rustc 2018`), `test_source` being the
    /// test file's `include_str!` so that editing a test forgets its
    /// checks.
    pub fn new(what: &str, test_source: &str) -> Inputs {
        let mut hashes = [DefaultHasher::new(), DefaultHasher::new()];
        hashes[0].write_u8(0);
        hashes[1].write_u8(1);
        let mut inputs = Inputs {
            what: what.to_string(),
            hashes,
        };
        inputs = inputs.bytes(what.as_bytes());
        inputs = inputs.bytes(OWN_SOURCE.as_bytes());
        inputs.bytes(test_source.as_bytes())
    }

    /// Adds bytes (length first, so that inputs cannot run into each other).
    pub fn bytes(mut self, bytes: &[u8]) -> Inputs {
        for h in &mut self.hashes {
            h.write_usize(bytes.len());
            h.write(bytes);
        }
        self
    }

    /// Adds a file: its path and its bytes (a missing file adds its path
    /// and a mark, so that creating it changes the inputs).
    pub fn file(self, path: &Path) -> Inputs {
        let name = path.display().to_string();
        match std::fs::read(path) {
            Ok(bytes) => self.bytes(name.as_bytes()).bytes(&bytes),
            Err(_) => self.bytes(name.as_bytes()).bytes(b"\0missing"),
        }
    }

    /// Adds every file under `dir`, in name order, by its path below `dir`.
    pub fn tree(mut self, dir: &Path) -> Inputs {
        let mut files = Vec::new();
        collect_files(dir, &mut files);
        files.sort();
        for file in files {
            let below = file
                .strip_prefix(dir)
                .unwrap_or(&file)
                .display()
                .to_string();
            let bytes = std::fs::read(&file).unwrap_or_default();
            self = self.bytes(below.as_bytes()).bytes(&bytes);
        }
        self
    }

    /// Adds what `program ARGS` prints (a tool's `--version`).
    pub fn output_of(self, program: &str, args: &[&str]) -> Inputs {
        self.bytes(&output_of(program, args))
    }

    /// The inputs as 16 bytes: the input of other checks, where many
    /// share them (a build's sources).
    pub fn digest(&self) -> Vec<u8> {
        self.hashes
            .iter()
            .flat_map(|h| h.finish().to_le_bytes())
            .collect()
    }

    /// The file the check's passing is remembered in.
    fn marker(&self) -> PathBuf {
        let name = format!(
            "{:016x}{:016x}",
            self.hashes[0].finish(),
            self.hashes[1].finish()
        );
        kept_dir().join(name)
    }
}

/// What `program ARGS` prints (a tool's `--version`), or the error of
/// starting it, after the command itself: an input of a check that runs
/// the tool, computed once where many checks share it.
pub fn output_of(program: &str, args: &[&str]) -> Vec<u8> {
    let said = match Command::new(program).args(args).output() {
        Ok(out) => [out.stdout, out.stderr].concat(),
        Err(e) => format!("{}: {}", program, e).into_bytes(),
    };
    [format!("{} {:?}\n", program, args).into_bytes(), said].concat()
}

/// The file `build` makes at the path it is given (a program, a
/// screenshot; named with `extension`), kept under a hash
/// of its `inputs` (the sources, the compiler's version, the flags) and
/// made only when no build of the same inputs is kept; the error of a
/// failed build is returned.
pub fn built(
    inputs: Inputs,
    extension: &str,
    build: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<PathBuf, String> {
    let kept = inputs.marker().with_extension(extension);
    if remembering() && kept.is_file() {
        return Ok(kept);
    }
    let _ = std::fs::create_dir_all(kept_dir());
    // The temporary name keeps the extension: some tools choose by it.
    let temp = kept.with_extension(format!("{}.{}", unique_temp(), extension));
    build(&temp)?;
    std::fs::rename(&temp, &kept).map_err(|e| format!("{}: {}", kept.display(), e))?;
    Ok(kept)
}

/// What `run` prints for `inputs` (a browser's dump of a page), kept the
/// same way: run only when no output for the same inputs is kept.
pub fn output(inputs: Inputs, run: impl FnOnce() -> Vec<u8>) -> Vec<u8> {
    let kept = inputs.marker().with_extension("out");
    if remembering() {
        if let Ok(bytes) = std::fs::read(&kept) {
            return bytes;
        }
    }
    let bytes = run();
    let _ = std::fs::create_dir_all(kept_dir());
    let temp = kept.with_extension(unique_temp());
    if std::fs::write(&temp, &bytes).is_ok() {
        let _ = std::fs::rename(&temp, &kept);
    }
    bytes
}

/// Every file under `dir`, recursively.
fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// `target/tmp/remembered/`.
fn kept_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("remembered")
}

/// An extension no other writer uses at the same time (process and
/// counter): files are written under it, then renamed.
fn unique_temp() -> String {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("{}-{}.tmp", std::process::id(), k)
}

/// True unless `SUDOKU_TEST_CACHE=off`.
fn remembering() -> bool {
    std::env::var("SUDOKU_TEST_CACHE").map_or(true, |v| v != "off")
}

/// True when a check with the same `inputs` passed before (and
/// `SUDOKU_TEST_CACHE` is not `off`).
pub fn passed(inputs: &Inputs) -> bool {
    remembering() && inputs.marker().is_file()
}

/// Remembers that the check of `inputs` passed.
pub fn remember(inputs: &Inputs) {
    let marker = inputs.marker();
    // Written whole then renamed: a check run at the same time by another
    // test process never reads half a marker.
    let _ = std::fs::create_dir_all(kept_dir());
    let temp = marker.with_extension(unique_temp());
    if std::fs::write(&temp, inputs.what.as_bytes()).is_ok() {
        let _ = std::fs::rename(&temp, &marker);
    }
}

/// Runs `check` unless a check with the same `inputs` passed before; a
/// pass is remembered, a failure returned as it is.
pub fn unless_passed(
    inputs: Inputs,
    check: impl FnOnce() -> Result<(), String>,
) -> Result<(), String> {
    if passed(&inputs) {
        return Ok(());
    }
    check()?;
    remember(&inputs);
    Ok(())
}

/// The judge files' folders of `src/`: built alone, never into `sudoku`.
const JUDGE_FILES: [&str; 3] = ["bin", "leetcode", "codewars"];

/// What this build's `sudoku` binary is made of, hashed once a process:
/// `Cargo.toml`, `Cargo.lock`, every file of `src/` but the judge files,
/// and the compiler's version. The sources rather than the binary's
/// bytes, which name the commit (`sudoku --version`): a commit alone
/// forgets nothing.
pub fn sudoku_build() -> &'static [u8] {
    static SUDOKU: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    SUDOKU.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut inputs = Inputs::new("the sudoku build", "")
            .file(&root.join("Cargo.toml"))
            .file(&root.join("Cargo.lock"))
            .output_of("rustc", &["--version"]);
        for entry in std::fs::read_dir(root.join("src"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let path = entry.path();
            let name = entry.file_name();
            if !JUDGE_FILES.iter().any(|j| name == *j) {
                inputs = match path.is_dir() {
                    true => inputs.bytes(name.as_encoded_bytes()).tree(&path),
                    false => inputs.file(&path),
                };
            }
        }
        inputs.digest()
    })
}

/// [`sudoku_build`] and the tests' shared helpers (`tests/common/`): what
/// a check that runs both `sudoku` and the kit's library linked into this
/// test program reads besides its own test file.
pub fn this_build() -> &'static [u8] {
    static BUILD: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BUILD.get_or_init(|| {
        let common = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/common");
        let inputs = Inputs::new("this build", "")
            .bytes(sudoku_build())
            .tree(&common);
        inputs.digest()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_is_remembered_by_its_inputs_and_a_failure_is_not() {
        let dir = crate::common::Dir::new("passed");
        let file = dir.path().join("input.txt");
        std::fs::write(&file, "one").expect("write");
        // A nonce: this test's checks are new in every run.
        let nonce = format!("{:?} {}", std::time::SystemTime::now(), std::process::id());
        let inputs = || Inputs::new("passed self-test", &nonce).file(&file);
        let runs = std::cell::Cell::new(0);
        let check = |result: Result<(), String>| {
            unless_passed(inputs(), || {
                runs.set(runs.get() + 1);
                result
            })
        };
        assert_eq!(check(Err("no".to_string())), Err("no".to_string()));
        assert_eq!(check(Ok(())), Ok(()), "a failure is not remembered");
        assert_eq!(check(Ok(())), Ok(()));
        let remembered = if remembering() { 2 } else { 3 };
        assert_eq!(runs.get(), remembered, "a pass is remembered");
        // A changed input runs the check again.
        std::fs::write(&file, "two").expect("write");
        assert_eq!(check(Ok(())), Ok(()));
        assert_eq!(runs.get(), remembered + 1);
    }
}
