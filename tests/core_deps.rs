//! Invariant: nothing under crates/ depends on browser or drawing crates, but the CLI and the charts draw with
//! plotters (ARCHITECTURE.md).

use std::process::Command;

const CORE: &[&str] = &[
    "fermi-answer",
    "fermi-num",
    "fermi-syntax",
    "fermi-eval",
    "fermi-score",
    "fermi-bank",
    "fermi-factors",
    "fermi-study",
    "fermi-practice",
];
/// The CLI: a face that writes SVG files (`study compare --report`), so plotters is allowed; browser crates are not.
const CLI: &str = "fermi-playground";
/// The charts: a face library that draws with plotters on any backend (the app's canvas, SVG in tests).
const CHARTS: &str = "fermi-charts";
const FORBIDDEN: [&str; 7] = [
    "leptos",
    "web-sys",
    "js-sys",
    "wasm-bindgen",
    "plotters",
    "plotters-canvas",
    "reactive_graph",
];

/// The names of every crate `krate` depends on (normal and build edges, all targets), itself included.
/// Not `--offline`: every platform's crates are needed, and a build fetches only the host's and wasm32's, so
/// the check must work whatever the cache holds (`--locked` keeps it from touching Cargo.lock).
fn dependencies(krate: &str) -> Vec<String> {
    tree(krate, &["--target", "all"])
}

/// `krate`'s dependencies when built for this machine only (the CLI is never built for the browser; plotters and
/// zip pull web-sys and js-sys only for wasm32).
fn native_dependencies(krate: &str) -> Vec<String> {
    tree(krate, &[])
}

fn tree(krate: &str, target: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--locked",
            "-q",
            "-e",
            "normal,build",
            "--prefix",
            "none",
            "-p",
            krate,
        ])
        .args(target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree -p {krate} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    tree.lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

#[test]
fn core_crates_have_no_browser_or_drawing_dependency() {
    for krate in CORE {
        let names = dependencies(krate);
        assert!(
            names.iter().any(|n| n == krate),
            "cargo tree -p {krate} listed nothing"
        );
        for name in names {
            assert!(
                !FORBIDDEN.contains(&name.as_str()) && !name.starts_with("gloo"),
                "{krate} depends on {name}: core crates must stay free of browser and drawing code"
            );
        }
    }
}

#[test]
fn the_cli_and_the_charts_draw_with_plotters_only() {
    for krate in [CLI, CHARTS] {
        let names = native_dependencies(krate);
        assert!(
            names.iter().any(|n| n == "plotters"),
            "{krate} draws with plotters"
        );
        for name in names {
            assert!(
                (!FORBIDDEN.contains(&name.as_str()) || name == "plotters")
                    && !name.starts_with("gloo"),
                "{krate} depends on {name}: it may draw with plotters, never hold browser code"
            );
        }
    }
}

/// The check itself must be able to fail: the app does depend on leptos.
#[test]
fn the_check_sees_the_app_depending_on_leptos() {
    assert!(dependencies("playground").iter().any(|n| n == "leptos"));
}
