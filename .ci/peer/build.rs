//! Links tdoku into the peer harness when a build of it is at hand:
//! `$TDOKU_LIB` names a static library that holds tdoku's
//! `TdokuSolverDpllTriadSimd` (built with tdoku's own build, outside this
//! repository; nothing here builds it). Without it the harness runs the
//! crate alone and says why.

use std::env;
use std::path::Path;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(tdoku)");
    println!("cargo:rerun-if-env-changed=TDOKU_LIB");
    let note = match env::var("TDOKU_LIB") {
        Ok(lib) if Path::new(&lib).is_file() => {
            let path = Path::new(&lib);
            let dir = path.parent().unwrap_or(Path::new("."));
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .map(|s| s.trim_start_matches("lib").to_string())
                .unwrap_or_default();
            println!("cargo:rerun-if-changed={}", lib);
            println!("cargo:rustc-link-search=native={}", dir.display());
            println!("cargo:rustc-link-lib=static={}", name);
            println!("cargo:rustc-link-lib=dylib=stdc++");
            println!("cargo:rustc-cfg=tdoku");
            format!("tdoku linked from {}", lib)
        }
        Ok(lib) => format!("tdoku skipped: TDOKU_LIB={} is not a file", lib),
        Err(_) => "tdoku skipped: TDOKU_LIB does not name a static library of tdoku".to_string(),
    };
    println!("cargo:rustc-env=TDOKU_NOTE={}", note);
}
