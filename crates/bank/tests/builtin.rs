//! The built-in pack: every file loads, every truth program runs clean and fits, its factor intervals follow the
//! tier and width rules, its sources raise no warning (each question has a primary source or says why none
//! exists), no text or disambiguation gives away the truth or a factor, and every question carries what the open
//! tier promises a reader (difficulty, topic, disambiguation, explanation, trap, width rule, each source's kind).
//! Failures name file, question and field.

use fermi_bank::{
    Pack, TruthSpec, advice, builtin, builtin_files, fit_truth, giveaways, load_pack,
    source_warnings,
};

fn loaded() -> Pack {
    load_pack(builtin_files()).unwrap_or_else(|problems| {
        let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
        panic!(
            "{} problem(s) in assets/questions:\n{}",
            list.len(),
            list.join("\n")
        )
    })
}

#[test]
fn every_file_is_embedded() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/questions");
    let mut on_disk: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".toml"))
        .collect();
    on_disk.sort();
    let embedded: Vec<&str> = builtin_files().iter().map(|f| f.0).collect();
    assert_eq!(embedded, on_disk);
    for (name, text) in builtin_files() {
        assert_eq!(
            *text,
            std::fs::read_to_string(format!("{folder}/{name}")).unwrap(),
            "{name} is stale"
        );
    }
}

#[test]
fn loads_and_every_truth_fits() {
    let pack = loaded();
    assert_eq!(
        pack,
        builtin(),
        "the structural load must give the same pack as the full one"
    );
    let mut problems = Vec::new();
    for q in &pack.questions {
        let missing = [
            ("difficulty", q.difficulty.is_none()),
            ("topics", q.topics.is_empty()),
            (
                "disambiguation",
                q.disambiguation
                    .as_deref()
                    .is_none_or(|s| s.trim().is_empty()),
            ),
            (
                "explanation",
                q.explanation.as_deref().is_none_or(|s| s.trim().is_empty()),
            ),
            (
                "trap",
                q.trap.as_deref().is_none_or(|s| s.trim().is_empty()),
            ),
            ("width", q.width.is_none()),
        ];
        for (field, absent) in missing {
            if absent {
                problems.push(format!(
                    "{}: question {}: {field}: required in the built-in pack",
                    q.file, q.id
                ));
            }
        }
        for (i, source) in q.sources.iter().enumerate() {
            if source.kind.is_none() {
                problems.push(format!(
                    "{}: question {}: sources[{i}].kind: required in the built-in pack",
                    q.file, q.id
                ));
            }
        }
        problems.extend(advice(q).iter().map(ToString::to_string));
        match fit_truth(q) {
            Ok(fitted) => {
                problems.extend(giveaways(q, &fitted).iter().map(ToString::to_string));
                let ok = [fitted.p5(), fitted.median(), fitted.p95()]
                    .iter()
                    .all(|x| x.is_finite() && *x > 0.0);
                if !ok {
                    problems.push(format!(
                        "{}: question {}: truth: fitted to a non-finite value {fitted:?}",
                        q.file, q.id
                    ));
                }
                if let TruthSpec::Distribution { .. } = q.truth {
                    println!(
                        "{:<48} p5 {:.4e}  median {:.4e}  p95 {:.4e}",
                        q.id,
                        fitted.p5(),
                        fitted.median(),
                        fitted.p95()
                    );
                }
            }
            Err(problem) => problems.push(problem.to_string()),
        }
    }
    problems.extend(source_warnings(&pack).iter().map(ToString::to_string));
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// One part of the web app's bank data, as its build writes it (`scripts/bank-data.mjs`, a Trunk hook).
fn bank_data(part: &str) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/bank-data.mjs");
    let out = std::process::Command::new("node")
        .args([script, "--print", part])
        .output()
        .expect("node runs (scripts/setup.sh installs the build's node tools)");
    assert!(
        out.status.success(),
        "{}\nscripts/bank-data.mjs needs the build's node tools: `scripts/npm-ci.sh .` installs them",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The web app fetches the whole pack after its first screen: the same files, in the format `read_builtin` reads.
#[test]
fn the_apps_bank_details_are_the_same_files() {
    let json = bank_data("whole");
    fermi_bank::install_builtin_details(&json).unwrap();
    let files: Vec<(String, String)> = serde_json::from_str(&json).unwrap();
    let embedded: Vec<(String, String)> = builtin_files()
        .iter()
        .map(|&(name, text)| (name.to_string(), text.to_string()))
        .collect();
    assert!(
        files == embedded,
        "the data's files differ from assets/questions"
    );
    assert!(fermi_bank::read_builtin(&json, true).unwrap() == builtin());
    assert!(fermi_bank::install_builtin("[[\"a.toml\"]]").is_err());
}

/// What a first screen fetches is every question as the whole pack has it, less exactly what is shown after the
/// reveal: a key the build leaves out by mistake, or one it keeps, makes a question differ here.
#[test]
fn the_apps_first_bank_part_is_the_pack_without_what_the_reveal_shows() {
    let json = bank_data("first");
    fermi_bank::install_builtin(&json).unwrap();
    let first = fermi_bank::read_builtin(&json, false).unwrap();
    let whole = builtin();
    assert_eq!(first.info, whole.info);
    assert_eq!(first.questions.len(), whole.questions.len());
    for (got, q) in first.questions.into_iter().zip(whole.questions) {
        let want = fermi_bank::Question {
            places: got.places.clone(),
            ..q.before_reveal()
        };
        assert!(got == want, "{}: {got:#?}\nis not\n{want:#?}", want.id);
    }
    // Read as whole files, the part is refused: the checks against the sources are what it leaves out.
    let refused = fermi_bank::read_builtin(&json, true).unwrap_err();
    assert!(refused.contains("no source"), "{refused}");
    assert!(
        json.len() * 3 < bank_data("whole").len(),
        "{} bytes",
        json.len()
    );
}
