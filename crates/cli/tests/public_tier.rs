//! The public tier through the binary: the bundled public pack checks beside its sealed truths, the demo study over
//! it ships no truth, a public study or pack that would leak one is refused, and a record of the demo scores against
//! the sealed truths.

mod study_common;

use std::path::{Path, PathBuf};

use fermi_bank::{fit_truth, load_pack};
use serde_json::Value;
use study_common::{Answer, record, run, scratch, sq, text};

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

const DEMO: &str = "assets/studies/public-demo/study.toml";
const PUBLIC: &str = "assets/public/pack.toml";
const SEALED: &str = "sealed/public-truths.toml";

#[test]
fn the_public_pack_checks_beside_its_sealed_truths() {
    let out = run(&["bank", "check", path(&repo(PUBLIC)), path(&repo(SEALED))]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}\n{stdout}", text(&out.stderr));
    let sealed = std::fs::read_to_string(repo(SEALED)).unwrap();
    let n = load_pack(&[(SEALED, sealed.as_str())])
        .unwrap()
        .questions
        .len();
    assert!(
        stdout.contains("every question matched word for word"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "total: {n} questions ({n} public with sealed truths)"
        )),
        "{stdout}"
    );
    assert!(stdout.contains("giveaways: 0 number(s)"), "{stdout}");
}

#[test]
fn the_public_demo_study_ships_no_truth() {
    let out = run(&["study", "check", "--json", path(&repo(DEMO))]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let public = json["packs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "public")
        .unwrap();
    assert_eq!(public["tier"], "public");
    assert_eq!(public["truths_in_browser"], false);
    assert_eq!(json["items"], 5);
}

/// The demo study in a scratch folder beside `pack` as its public pack.
fn demo_beside(name: &str, pack: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::copy(repo(DEMO), dir.join("study.toml")).unwrap();
    std::fs::write(dir.join("pack.toml"), pack).unwrap();
    dir
}

#[test]
fn a_public_study_or_pack_that_would_leak_a_truth_is_refused() {
    let public = std::fs::read_to_string(repo(PUBLIC)).unwrap();
    // Extra keys or tables at the end of the first question's block.
    let second = public.match_indices("\n[[question]]").nth(1).unwrap().0;
    let leak = |extra: &str| format!("{}\n{extra}\n{}", &public[..second], &public[second..]);
    let cases = [
        // A source quotes the figure.
        (
            "[[question.sources]]\npublisher = \"x\"\ntitle = \"x\"\nurl = \"https://example.org/x\"\ntier = \"0\"\ndetail = \"51%\"",
            "carries its sources",
        ),
        ("trap = \"Most voted online.\"", "carries its trap"),
        (
            "explanation = \"313,514 of 613,801.\"",
            "carries its explanation",
        ),
    ];
    for (extra, says) in cases {
        let dir = demo_beside("leak", &leak(extra));
        let out = run(&["study", "check", path(&dir.join("study.toml"))]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{extra}: {stderr}");
        assert!(stderr.contains(says), "{extra}: {stderr}");
        // `bank check` refuses the same pack beside its sealed truths.
        refused_beside_sealed(&dir, "it would reach participants");
    }
    // A public pack that keeps a truth is refused where it is loaded.
    let truth = leak("[question.truth]\nkind = \"point\"\nvalue = 51.08");
    let dir = demo_beside("truth", &truth);
    let out = run(&["study", "check", path(&dir.join("study.toml"))]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("a public-tier pack holds no truths"));
    // A question reworded in the public pack is no longer the one the sealed truth answers.
    let reworded = public.replacen("Estonia's March 2023", "Estonia's 2023", 1);
    let dir = demo_beside("reworded", &reworded);
    refused_beside_sealed(
        &dir,
        "question estonia-i-voters-share-riigikogu-2023: text: differs from the sealed copy",
    );
}

/// `bank check` of the folder's `pack.toml` beside the sealed truths exits 1 saying `says`.
fn refused_beside_sealed(dir: &Path, says: &str) {
    let pack = dir.join("pack.toml");
    let out = run(&["bank", "check", path(&pack), path(&repo(SEALED))]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(says), "{stderr}");
}

#[test]
fn a_record_of_the_public_demo_scores_against_the_sealed_truths() {
    let study_text = std::fs::read_to_string(repo(DEMO)).unwrap();
    let study = fermi_study::parse_study(&study_text).unwrap();
    let answers: Vec<Answer> = vec![
        sq(
            "public/estonia-i-voters-share-riigikogu-2023",
            "to(30, 60)",
            90,
        ),
        sq("public/fiji-visitor-arrivals-2024", "to(4e5, 1.5e6)", 80),
        sq("public/mass-of-earths-atmosphere", "to(4e18, 7e18)", 120),
        sq("public/finland-number-of-saunas", "to(1e6, 4e6)", 60),
        sq("public/japan-road-bridges-count", "to(1e5, 1e6)", 70),
    ];
    let sha = fermi_study::sha256_hex(study_text.as_bytes());
    let record = record(&study, &sha, 0, "p-public", "PROLIFIC_PID", &answers);
    let dir = scratch("public-score");
    let file = dir.join("record.json");
    std::fs::write(&file, serde_json::to_string(&record).unwrap()).unwrap();
    let demo = path(&repo(DEMO)).to_string();
    // Without the sealed truths there is nothing to score against.
    let out = run(&["study", "score", "--study", &demo, path(&file)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no truth: no pack `public` holding"));
    let csv = dir.join("out");
    let out = run(&[
        "study",
        "score",
        "--study",
        &demo,
        "--truth",
        path(&repo(SEALED)),
        "--strict",
        "--json",
        "--bootstrap",
        "100",
        "-o",
        path(&csv),
        path(&file),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["records"]["scored"], 1);
    // Each item was scored against its sealed truth, fitted as the bank fits it.
    let sealed = std::fs::read_to_string(repo(SEALED)).unwrap();
    let sealed = load_pack(&[(SEALED, sealed.as_str())]).unwrap();
    let mut reader = csv::Reader::from_path(csv.join("items.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let mut rows = 0;
    for row in reader.records() {
        let row = row.unwrap();
        let id = row[column("question")].strip_prefix("public/").unwrap();
        let truth = fit_truth(sealed.question(id).unwrap()).unwrap().median();
        let scored: f64 = row[column("truth_p50")].parse().unwrap();
        assert!(
            (scored / truth - 1.0).abs() < 1e-6,
            "{id}: {scored} vs {truth}"
        );
        rows += 1;
    }
    assert_eq!(rows, 5);
}

#[test]
fn the_sealed_truths_reach_no_browser_build() {
    let sealed = std::fs::read_to_string(repo(SEALED)).unwrap();
    let sealed = load_pack(&[(SEALED, sealed.as_str())]).unwrap();
    // The built-in pack is only assets/questions/ (crates/bank/build.rs embeds it; the web app fetches the same
    // files as data, crates/bank/tests/builtin.rs): no sealed question is in it.
    for (name, text) in fermi_bank::builtin_files() {
        for q in &sealed.questions {
            assert!(
                !text.contains(&q.id),
                "{name} holds sealed question {}",
                q.id
            );
        }
    }
    // Trunk copies only what index.html links, its hook writes only the modules' names and the bank's data, and the
    // service worker caches only what the page names.
    for page in [
        "index.html",
        "scripts/modes.mjs",
        "scripts/bank-data.mjs",
        "www/sw.js",
    ] {
        let text = std::fs::read_to_string(repo(page)).unwrap();
        assert!(!text.contains("sealed"), "{page} names the sealed truths");
    }
    // The public pack and the demo study beside it carry no truth-like key.
    let public = std::fs::read_to_string(repo(PUBLIC)).unwrap();
    let public = load_pack(&[(PUBLIC, public.as_str())]).unwrap();
    assert!(public.questions.iter().all(|q| q.revealing().is_empty()));
    assert_eq!(public.questions.len(), sealed.questions.len());
}
