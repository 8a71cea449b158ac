//! Packs a practice page loads: a pack added once, its files kept while they fit, and the words said each time.

use fermi_practice::packs::{Kept, MAX_KEPT_CHARS, add, forget, restored};

// A small pack of five questions (the CLI's study fixture).
const PACK: &str = include_str!("../../cli/tests/fixtures/study/pack.toml");

fn read(files: &[(&str, Result<&str, &str>)]) -> Vec<(String, Result<String, String>)> {
    files
        .iter()
        .map(|(n, t)| (n.to_string(), t.map(str::to_string).map_err(str::to_string)))
        .collect()
}

#[test]
fn a_pack_is_added_once() {
    let mut packs = vec![Box::new(fermi_bank::builtin())];
    let files = read(&[("pack.toml", Ok(PACK))]);
    let (report, first, batch) = add(&mut packs, &files, Box::new);
    assert_eq!(first, Some(1), "{report:?}");
    assert_eq!(packs.len(), 2);
    assert!(report.problems.is_empty(), "{report:?}");
    assert!(
        report.loaded[0].starts_with("Loaded “Study fixture questions”: 5 questions"),
        "{report:?}"
    );
    assert_eq!(
        batch,
        Some(vec![("pack.toml".to_string(), PACK.to_string())])
    );
    // The same pack again: said, not added, nothing to keep.
    let (report, first, batch) = add(&mut packs, &files, Box::new);
    assert_eq!((first, batch, packs.len()), (None, None, 2));
    assert!(report.loaded[0].contains("is already loaded"), "{report:?}");
    let said = restored(&packs, 1);
    assert_eq!(
        said.loaded,
        ["Loaded again from your last visit: “Study fixture questions” (5 questions)."]
    );
    // Forgotten: the built-in pack alone; a question open in a loaded pack gives way to the built-in's first.
    let first = packs[0].questions[0].id.clone();
    for (open, reopen) in [(Some(1), Some(first)), (Some(0), None), (None, None)] {
        let mut left = vec![Box::new(fermi_bank::builtin()), packs[1].clone()];
        let (got, report) = forget(&mut left, open);
        assert_eq!((got, left.len()), (reopen, 1), "{open:?}");
        assert!(report.loaded[0].starts_with("Loaded packs forgotten"));
    }
}

#[test]
fn unread_files_and_bad_packs_are_problems() {
    let mut packs: Vec<Box<fermi_bank::Pack>> = Vec::new();
    let files = read(&[
        ("a.toml", Err("the file is larger than 8 MiB")),
        ("b.toml", Ok("[pack")),
    ]);
    let (report, first, batch) = add(&mut packs, &files, Box::new);
    assert_eq!((first, batch), (None, None));
    assert!(report.loaded.is_empty());
    assert!(
        report.problems[0].starts_with("Files not loaded: "),
        "{report:?}"
    );
    assert!(
        report
            .problems
            .iter()
            .any(|p| p == "a.toml: the file is larger than 8 MiB")
    );
    assert!(
        report.problems.iter().any(|p| p.starts_with("b.toml:1:")),
        "{report:?}"
    );
}

#[test]
fn kept_files_stay_under_the_limit() {
    let kept = Kept::read(None);
    assert_eq!(kept, Kept::default());
    let json = kept.keep(vec![("a.toml".into(), PACK.into())]).unwrap();
    let back = Kept::read(Some(&json));
    assert_eq!(back.batches.len(), 1);
    assert_eq!(
        Kept::read(Some(&json)).files(),
        [vec![("a.toml".to_string(), Ok(PACK.to_string()))]]
    );
    assert_eq!(Kept::read(Some("not json")), Kept::default());
    let big = "x".repeat(MAX_KEPT_CHARS);
    let refused = back.keep(vec![("big.toml".into(), big)]).unwrap_err();
    assert!(refused.contains("2.5 million"), "{refused}");
}
