//! Embeds every `assets/questions/*.toml` file: adding a file to the folder needs no code change. The web app's
//! wasm leaves them out (`embedded_bank` unset): it fetches them as data (`install_builtin`).

use std::fmt::Write;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let folder = Path::new(&manifest).join("../../assets/questions");
    // Relative to the package, so that the same build folder serves a copy of the checkout elsewhere.
    println!("cargo:rerun-if-changed=../../assets/questions");
    println!("cargo::rustc-check-cfg=cfg(embedded_bank)");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if !wasm || std::env::var_os("CARGO_FEATURE_EMBED").is_some() {
        println!("cargo::rustc-cfg=embedded_bank");
    }

    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", folder.display()))
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    files.sort();

    let mut code = String::from("&[\n");
    for path in &files {
        let name = path.file_name().expect("a file name").to_string_lossy();
        let absolute = path.canonicalize().expect("an existing file");
        writeln!(
            code,
            "    ({name:?}, include_str!({:?})),",
            absolute.display().to_string()
        )
        .expect("write to String");
    }
    code.push(']');

    let out =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin_files.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
