//! Builds tdoku (its solver and the file it needs) from a checkout outside
//! the repository into this build's OUT_DIR and links it, when the checkout
//! is there: `$TDOKU_SRC` (default /tmp/tdoku) must hold
//! `src/solver_dpll_triad_simd.cc`. Compiled as its own build recommends
//! (-O3 -march=native). Without it the harness runs the crate alone and
//! says why.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(tdoku)");
    println!("cargo:rerun-if-env-changed=TDOKU_SRC");
    println!("cargo:rerun-if-env-changed=CXX");
    let src = PathBuf::from(env::var("TDOKU_SRC").unwrap_or_else(|_| "/tmp/tdoku".to_string()));
    let solver = src.join("src/solver_dpll_triad_simd.cc");
    println!("cargo:rerun-if-changed={}", solver.display());
    let note = match build(&src) {
        Ok(()) => {
            println!("cargo:rustc-cfg=tdoku");
            format!("tdoku built from {}", src.display())
        }
        Err(why) => format!("tdoku skipped: {} (set TDOKU_SRC to a tdoku checkout)", why),
    };
    println!("cargo:rustc-env=TDOKU_NOTE={}", note);
}

fn build(src: &Path) -> Result<(), String> {
    let files = ["src/solver_dpll_triad_simd.cc", "src/util.cc"];
    if !src.join(files[0]).is_file() {
        return Err(format!("no {}", src.join(files[0]).display()));
    }
    let out = PathBuf::from(env::var("OUT_DIR").map_err(|e| e.to_string())?);
    let cxx = env::var("CXX").unwrap_or_else(|_| "g++".to_string());
    let mut objects = Vec::new();
    for file in files {
        let object = out.join(Path::new(file).with_extension("o").file_name().unwrap());
        let status = Command::new(&cxx)
            .args(["-O3", "-march=native", "-std=c++14", "-c"])
            .arg(src.join(file))
            .arg("-o")
            .arg(&object)
            .status()
            .map_err(|e| format!("{}: {}", cxx, e))?;
        if !status.success() {
            return Err(format!("{} failed on {}", cxx, file));
        }
        objects.push(object);
    }
    let lib = out.join("libtdoku_peer.a");
    let _ = std::fs::remove_file(&lib);
    let status = Command::new("ar")
        .arg("rcs")
        .arg(&lib)
        .args(&objects)
        .status()
        .map_err(|e| format!("ar: {}", e))?;
    if !status.success() {
        return Err("ar failed".to_string());
    }
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=tdoku_peer");
    println!("cargo:rustc-link-lib=dylib=stdc++");
    Ok(())
}
