//! The one path from files a user gives (CLI or browser) to packs: tell what each file is, convert public sets,
//! validate every result as a pack, and report each problem at its place. Both edges call this, so they apply
//! the same checks and say the same words.

use serde_json::Value;

use super::{ImportReport, calibration, realfp, scioly};
use crate::format::{Pack, to_toml};
use crate::load::load_pack;
use crate::problem::Problem;
use crate::sources::source_warnings;

/// A public question set the playground converts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Open Science Olympiad Fermi bank `questions.json` (with its `corrections.json`, optionally).
    SciOly,
    /// RealFP (Kalyan et al. 2021): one or more split files.
    RealFp,
    /// Biddlecom's calibration `questions.json`.
    Calibration,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::SciOly => "Science Olympiad",
            Format::RealFp => "RealFP",
            Format::Calibration => "calibration",
        }
    }
}

/// What a JSON file holds, judged by its content rather than its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Set(Format),
    /// Science Olympiad `corrections.json`: applied to the set's `questions.json`, never converted on its own.
    SciOlyCorrections,
}

/// Tells what a JSON file is; a file that is none of the sets is a problem saying what it looks like.
pub fn detect(file: &str, text: &str) -> Result<Kind, Problem> {
    let root: Value = serde_json::from_str(text)
        .map_err(|e| Problem::at_json_error(file, text, &e, format!("not valid JSON: {e}")))?;
    let not_a_set = |why: &str| {
        Problem::new(
            file,
            None,
            format!(
                "not a set the playground converts: {why}. It reads Science Olympiad `questions.json` (with \
                 `corrections.json`), RealFP split files and the calibration `questions.json`, and packs (.toml)"
            ),
        )
    };
    let has = |record: &Value, keys: &[&str]| keys.iter().all(|k| record.get(k).is_some());
    match &root {
        Value::Array(records) => {
            let Some(first) = records.first() else {
                return Err(not_a_set("the list is empty"));
            };
            if has(first, &["question", "program", "context", "answer"]) {
                Ok(Kind::Set(Format::RealFp))
            } else if has(first, &["question", "answer", "source"]) {
                Ok(Kind::Set(Format::SciOly))
            } else if has(first, &["question", "answer"]) {
                Err(not_a_set(
                    "its records have a question and an answer but neither RealFP's `program` and `context` nor \
                     Science Olympiad's `source` (word-problem sets such as NumGLUE are not Fermi questions)",
                ))
            } else {
                Err(not_a_set("its records are not question records"))
            }
        }
        Value::Object(map) if map.get("questions").is_some_and(Value::is_array) => {
            Ok(Kind::Set(Format::Calibration))
        }
        Value::Object(map)
            if !map.is_empty() && map.values().all(|v| has(v, &["question", "answer"])) =>
        {
            Ok(Kind::SciOlyCorrections)
        }
        _ => Err(not_a_set("an object of another shape")),
    }
}

/// A converted set: the pack (loaded back from `toml`, so validated like any pack), what was kept and dropped,
/// and the pack as written.
pub struct Converted {
    pub pack: Pack,
    pub report: ImportReport,
    pub toml: String,
    /// The name the pack's problems carry.
    pub name: String,
}

/// Converts a public set given as `files` (`(name, text)`; RealFP takes several, the others one) and, for
/// Science Olympiad, its `corrections`. Each file must be what `format` claims. The result is written and loaded
/// back as a pack: a problem there is a converter bug, placed in `toml`.
pub fn convert(
    format: Format,
    files: &[(&str, &str)],
    corrections: Option<(&str, &str)>,
) -> Result<Converted, Vec<Problem>> {
    let mut problems = Vec::new();
    for &(file, text) in files {
        match detect(file, text) {
            Ok(Kind::Set(found)) if found == format => {}
            Ok(kind) => problems.push(claimed(file, format, kind)),
            Err(p) => problems.push(p),
        }
    }
    if let Some((file, text)) = corrections {
        match detect(file, text) {
            Ok(Kind::SciOlyCorrections) => {}
            Ok(Kind::Set(found)) => problems.push(Problem::new(
                file,
                None,
                format!("given as corrections, but it is a {} set", found.name()),
            )),
            Err(p) => problems.push(p),
        }
    }
    let [(first, _), ..] = files else {
        problems.push(Problem::new("(no file)", None, "no file to convert"));
        return Err(problems);
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let converted = match format {
        Format::SciOly => scioly(files[0].1, corrections.map(|c| c.1)),
        Format::RealFp => realfp(files),
        Format::Calibration => calibration(files[0].1),
    };
    let (pack, report) = converted.map_err(|e| vec![Problem::new(first, None, e)])?;
    let toml = to_toml(&pack);
    let name = format!("{first} (converted)");
    let pack = load_pack(&[(&name, &toml)])?;
    Ok(Converted {
        pack,
        report,
        toml,
        name,
    })
}

fn claimed(file: &str, format: Format, kind: Kind) -> Problem {
    let found = match kind {
        Kind::Set(found) => format!("a {} set", found.name()),
        Kind::SciOlyCorrections => {
            "Science Olympiad corrections, which apply to the set's `questions.json` given with them".to_string()
        }
    };
    Problem::new(
        file,
        None,
        format!("given as a {} set, but it is {found}", format.name()),
    )
}

/// What loading a batch of files gave: the packs with a one-line account each, and every problem.
#[derive(Default)]
pub struct Loaded {
    pub packs: Vec<(Pack, String)>,
    pub problems: Vec<Problem>,
}

/// What one attempt to load files gave, as lines to show: a line per pack loaded, and the problems (a count,
/// then each at its file:line:col when it has a place there).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub loaded: Vec<String>,
    pub problems: Vec<String>,
}

/// Loads files as read (`Err`: why a file could not be read) through [`load_files`], with the report to show.
pub fn load_report(files: &[(String, Result<String, String>)]) -> (Vec<Pack>, Report) {
    let mut report = Report::default();
    let texts: Vec<(&str, &str)> = files
        .iter()
        .filter_map(|(name, text)| Some((name.as_str(), text.as_ref().ok()?.as_str())))
        .collect();
    let mut problems: Vec<String> = files
        .iter()
        .filter_map(|(name, text)| Some(format!("{name}: {}", text.as_ref().err()?)))
        .collect();
    let loaded = load_files(&texts);
    problems.extend(loaded.problems.iter().map(|p| {
        match texts.iter().find(|(name, _)| *name == &*p.file) {
            Some((_, text)) => p.line(text),
            None => p.to_string(),
        }
    }));
    if !problems.is_empty() {
        report.problems.push(format!(
            "Files not loaded: {}.",
            fermi_num::count(problems.len(), "problem")
        ));
        report.problems.extend(problems);
    }
    let mut packs = Vec::new();
    for (pack, summary) in loaded.packs {
        report
            .loaded
            .push(format!("Loaded “{}”: {summary}.", pack.info.title));
        packs.push(pack);
    }
    (packs, report)
}

/// Loads files a user picked together: `.json` files are told apart by content and converted (RealFP splits
/// together, a Science Olympiad `corrections.json` with the `questions.json` beside it); every other file is part
/// of one pack (all or nothing).
pub fn load_files(files: &[(&str, &str)]) -> Loaded {
    let mut loaded = Loaded::default();
    let mut toml = Vec::new();
    let (mut scioly, mut corrections, mut realfp, mut calibration) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for &(name, text) in files {
        if !name.ends_with(".json") {
            toml.push((name, text));
            continue;
        }
        match detect(name, text) {
            Ok(Kind::Set(Format::SciOly)) => scioly.push((name, text)),
            Ok(Kind::Set(Format::RealFp)) => realfp.push((name, text)),
            Ok(Kind::Set(Format::Calibration)) => calibration.push((name, text)),
            Ok(Kind::SciOlyCorrections) => corrections.push((name, text)),
            Err(p) => loaded.problems.push(p),
        }
    }
    if !toml.is_empty() {
        match load_pack(&toml) {
            Ok(pack) => {
                let mut summary = format!("{} questions", pack.questions.len());
                // A pack's source warnings do not refuse it; the account names how many and the first.
                let warnings = source_warnings(&pack);
                if let Some(first) = warnings.first() {
                    let more = match warnings.len() {
                        1 => "1 source warning".to_string(),
                        n => format!("{n} source warnings, the first"),
                    };
                    summary.push_str(&format!("; {more}: {}", first.what()));
                }
                loaded.packs.push((pack, summary));
            }
            Err(problems) => loaded.problems.extend(problems),
        }
    }
    match (scioly.as_slice(), corrections.as_slice()) {
        (_, [_, _, ..]) | ([_, _, ..], [_]) => {
            for (file, _) in corrections.iter().chain(&scioly) {
                loaded.problems.push(Problem::new(
                    file,
                    None,
                    "load one Science Olympiad `questions.json` at a time, with at most one `corrections.json`",
                ));
            }
        }
        ([], [(file, _)]) => loaded.problems.push(Problem::new(
            file,
            None,
            "Science Olympiad corrections: they apply to the set's questions. Load this file together with its \
             `questions.json`",
        )),
        (sets, c) => {
            for set in sets {
                convert_into(&mut loaded, Format::SciOly, &[*set], c.first().copied());
            }
        }
    }
    if !realfp.is_empty() {
        convert_into(&mut loaded, Format::RealFp, &realfp, None);
    }
    for file in calibration {
        convert_into(&mut loaded, Format::Calibration, &[file], None);
    }
    loaded
}

fn convert_into(
    loaded: &mut Loaded,
    format: Format,
    files: &[(&str, &str)],
    corrections: Option<(&str, &str)>,
) {
    match convert(format, files, corrections) {
        Ok(c) => {
            let summary = format!(
                "converted as a {} set: {}",
                format.name(),
                c.report.to_string().trim()
            );
            loaded.packs.push((c.pack, summary));
        }
        Err(problems) => loaded.problems.extend(problems),
    }
}

/// What each kind of file the loaders take is, and which files go together: `(files, what they are)`, for the
/// faces to show beside their file pickers.
pub const FILE_GUIDE: &[(&str, &str)] = &[
    (
        "A pack: one or more .toml files",
        "questions written for the playground (docs/pack-format.md). Pick every file of one pack together.",
    ),
    (
        "Science Olympiad: questions.json and corrections.json",
        "the open Science Olympiad Fermi bank. Drop both files together, so that the corrections are applied; \
         corrections.json on its own is refused.",
    ),
    (
        "RealFP: train_realfp.json, val_realfp.json, test_realfp.json",
        "real-world Fermi problems (Kalyan et al. 2021). One split or several together; the \
         *_distractor_realfp files repeat questions with distracting facts added.",
    ),
    (
        "Calibration: questions.json with a \"questions\" list",
        "trivia questions with a single true number, for calibration practice.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    const CALIBRATION: &str = r#"{"version": "1.0", "questions": [
  {"q": "What is the wingspan, in meters, of the Boeing 777-200?", "a": 60.9, "src": "http://en.wikipedia.org/wiki/Boeing_777"}]}"#;
    const SCIOLY: &str = r#"[{"question": "How many piano tuners are in Chicago?", "answer": 2, "source": "Test Invitational 20-21", "number": 1}]"#;
    const CORRECTIONS: &str = r#"{"Test Invitational 20-21, #1": {"question": "", "answer": "3", "explanation": "", "credit": "x"}}"#;
    const REALFP: &str = r#"[{"question": "How many hairs are on a head?", "program": "PROGRAM:=Q1: How many?=A1: 1e+5=Q1 -> A1 | F1=P: Q1", "answer": "1e+5", "context": "CONTEXT:=F1: About 1e+5 hairs."}]"#;
    /// NumGLUE's shape: school word problems, not Fermi questions.
    const NUMGLUE: &str = r#"[{"question": "John has 5 apples and eats 2. How many are left?", "answer": 3, "type": "Type_1"}]"#;

    /// Each problem as `FILE[:LINE:COL]: WHAT`, placed in the text of the file it names.
    fn lines(problems: &[Problem], files: &[(&str, &str)]) -> Vec<String> {
        problems
            .iter()
            .map(|p| match files.iter().find(|f| f.0 == &*p.file) {
                Some((_, text)) => p.line(text),
                None => p.to_string(),
            })
            .collect()
    }

    #[test]
    fn files_are_told_apart_by_content() {
        let cases = [
            (CALIBRATION, Ok(Kind::Set(Format::Calibration))),
            (SCIOLY, Ok(Kind::Set(Format::SciOly))),
            (CORRECTIONS, Ok(Kind::SciOlyCorrections)),
            (REALFP, Ok(Kind::Set(Format::RealFp))),
            (
                NUMGLUE,
                Err("x.json: not a set the playground converts: its records have a question"),
            ),
            (
                "[]",
                Err("x.json: not a set the playground converts: the list is empty"),
            ),
            (
                "{\"a\":\n  [1,,2]}",
                Err("x.json:2:6: not valid JSON: expected value"),
            ),
        ];
        for (text, expected) in cases {
            let got = detect("x.json", text).map_err(|p| p.line(text));
            match (&got, expected) {
                (Ok(kind), Ok(want)) => assert_eq!(*kind, want, "{text}"),
                (Err(line), Err(want)) => assert!(line.starts_with(want), "{line}"),
                _ => panic!("{text}: got {got:?}, expected {expected:?}"),
            }
        }
    }

    #[test]
    fn a_set_must_be_what_it_claims() {
        let files = [("numglue.json", NUMGLUE), ("questions.json", SCIOLY)];
        let problems = convert(Format::RealFp, &files, None).err().unwrap();
        assert_eq!(
            lines(&problems, &files)[1],
            "questions.json: given as a RealFP set, but it is a Science Olympiad set"
        );
        assert!(
            lines(&problems, &files)[0]
                .starts_with("numglue.json: not a set the playground converts")
        );
        let converted = convert(Format::RealFp, &[("val.json", REALFP)], None)
            .ok()
            .unwrap();
        assert_eq!(converted.pack.questions.len(), 1);
        assert_eq!(
            load_pack(&[(&converted.name, &converted.toml)]).unwrap(),
            converted.pack
        );
    }

    #[test]
    fn one_batch_loads_sets_and_packs_with_every_problem_placed() {
        let bad_pack = "[pack]\nid = \"x\"\ntitle = \"X\"\nversion = 0\ntier = \"open\"\n";
        let files = [
            ("calibration.json", CALIBRATION),
            ("questions.json", SCIOLY),
            ("corrections.json", CORRECTIONS),
            ("numglue.json", NUMGLUE),
            ("p.toml", bad_pack),
        ];
        let loaded = load_files(&files);
        let summaries: Vec<&str> = loaded.packs.iter().map(|p| p.1.as_str()).collect();
        assert_eq!(summaries.len(), 2, "{summaries:?}");
        assert!(
            summaries[0].starts_with("converted as a Science Olympiad set: records: 1, kept: 1")
        );
        assert!(summaries[1].starts_with("converted as a calibration set: records: 1, kept: 1"));
        let problems = lines(&loaded.problems, &files);
        assert_eq!(problems.len(), 2, "{problems:#?}");
        assert!(
            problems[0].starts_with("numglue.json: not a set"),
            "{problems:#?}"
        );
        assert_eq!(problems[1], "p.toml:4:11: pack.version: must be 1 or more");
        // A pack that loads reports its source warnings in its account.
        let cited = |url: &str| {
            format!(
                "[pack]\nid = \"x\"\ntitle = \"X\"\nversion = 1\ntier = \"open\"\n[[question]]\nid = \"q\"\n\
                 text = \"t\"\nunit = \"u\"\nas_of = \"2024\"\ntopics = []\ncountries = []\n[question.truth]\n\
                 kind = \"point\"\nvalue = 1\n[[question.sources]]\npublisher = \"p\"\ntitle = \"t\"\n\
                 url = \"{url}\"\ntier = \"0\"\nkind = \"primary\"\ndetail = \"d\"\naccessed = \"2026-11\"\n"
            )
        };
        for (url, summary) in [
            ("https://x.org/table/1", "1 questions"),
            (
                "https://x.org/",
                "1 questions; 1 source warning: question q: sources[0].url: `https://x.org/` is a bare domain: \
                 link the page, table or document that holds the figure",
            ),
        ] {
            let loaded = load_files(&[("p.toml", &cited(url))]);
            assert_eq!(loaded.packs[0].1, summary, "{url}");
        }
        // Corrections on their own are explained, not parsed as a set.
        let alone = load_files(&[("corrections.json", CORRECTIONS)]);
        assert!(alone.packs.is_empty());
        assert!(
            alone.problems[0]
                .to_string()
                .contains("Science Olympiad corrections: they apply to the set's questions"),
            "{:?}",
            alone.problems
        );
    }
}
