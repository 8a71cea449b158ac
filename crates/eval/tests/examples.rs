//! Every model in assets/examples runs clean, and each `.sq` / `.fermi` twin agrees on p5, p50 and p95.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use fermi_eval::{Options, Summary, evaluate_source, summarize};
use fermi_syntax::Dialect;

const SAMPLES: usize = 100_000;

fn run(path: &Path) -> Summary {
    let source = fs::read_to_string(path).expect("readable example");
    let e = evaluate_source(
        &source,
        Dialect::from_path(&path.to_string_lossy()),
        &Options {
            samples: SAMPLES,
            seed: 11,
        },
    );
    assert!(
        e.diagnostics.is_empty(),
        "{}: {:?}",
        path.display(),
        e.diagnostics
    );
    summarize(&e.samples.expect("no errors"))
}

#[test]
fn examples_run_clean_and_twins_agree() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/examples");
    let mut twins: BTreeMap<String, Vec<Summary>> = BTreeMap::new();
    for entry in fs::read_dir(&dir).expect("assets/examples exists") {
        let path = entry.expect("entry").path();
        let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
            continue;
        };
        if ext != "sq" && ext != "fermi" {
            continue;
        }
        let stem = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        twins.entry(stem).or_default().push(run(&path));
    }
    assert!(twins.len() >= 4, "only {} example models", twins.len());
    for (name, summaries) in &twins {
        let [a, b] = summaries.as_slice() else {
            panic!("{name} needs exactly a .sq and a .fermi twin")
        };
        // The twins draw different streams, so they agree within sampling tolerance, judged in units of ln-spread.
        let spread = a.sd_ln.unwrap_or(1.0).max(1e-9);
        for (p, x, y) in [
            ("p5", a.p5, b.p5),
            ("p50", a.p50, b.p50),
            ("p95", a.p95, b.p95),
        ] {
            assert!(
                ((x / y).ln() / spread).abs() < 0.05,
                "{name} {p}: {x} vs {y}"
            );
        }
    }
}

/// "Show as Squiggle" of a fermi model is the same program: same tree, so bit-identical samples.
#[test]
fn fermi_examples_shown_as_squiggle_give_identical_samples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/examples");
    let options = Options {
        samples: 2000,
        seed: 5,
    };
    for entry in fs::read_dir(&dir).expect("assets/examples exists") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("fermi") {
            continue;
        }
        let source = fs::read_to_string(&path).expect("readable");
        let (program, _) = fermi_syntax::parse(&source, Dialect::Fermi);
        let squiggle = fermi_syntax::to_squiggle(&program);
        let shown = evaluate_source(&squiggle, Dialect::Squiggle, &options);
        assert!(
            shown.diagnostics.is_empty(),
            "{}: {squiggle}\n{:?}",
            path.display(),
            shown.diagnostics
        );
        assert_eq!(
            shown.samples,
            evaluate_source(&source, Dialect::Fermi, &options).samples,
            "{}",
            path.display()
        );
    }
}
