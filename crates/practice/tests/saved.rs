//! Saved data as older versions of the playground stored it still loads, and no text, however damaged, makes the
//! reader panic.

use fermi_answer::Answer;
use fermi_practice::saved::{VERSION, parse, to_json};
use fermi_practice::{Practice, Settings, Theme};
use fermi_syntax::Dialect;
use proptest::prelude::*;

const FORMAT_1: &str = include_str!("fixtures/saved-format-1.json");
const FORMAT_2: &str = include_str!("fixtures/saved-format-2.json");
/// Format 2 with answers to percent questions in percent points (before shares were stored as fractions).
const FORMAT_2_PERCENT: &str = include_str!("fixtures/saved-format-2-percent.json");

/// A format-1 document (before calibration kept quantiles) loads whole: its entries wait for their quantiles, a
/// second Submit of the same question is marked a re-submission, drafts without a dialect keep the settings'.
#[test]
fn a_format_1_document_loads_and_migrates() {
    let loaded = parse(FORMAT_1);
    assert_eq!((loaded.notice, loaded.set_aside), (None, vec![]));
    let saved = loaded.saved;
    assert_eq!(saved.version, VERSION);
    assert_eq!(saved.drafts.len(), 2);
    assert_eq!(
        saved.drafts["germany-coal-to-solar-area"].answer,
        Answer::quick("100", "2 thousand")
    );
    // A program without a dialect (format 1) is in the settings' dialect.
    assert_eq!(
        saved.drafts["india-milk-availability-per-person-2023-24"].answer,
        Answer::written(
            Dialect::Fermi,
            "cows = to(50e6, 90e6)\nlitres = cows * to(1000, 2000)\nlitres / 1.4e9 / 365"
        )
    );
    let h = &saved.history;
    assert_eq!(
        h.iter().map(|e| e.resubmitted).collect::<Vec<_>>(),
        [false, false, true]
    );
    assert_eq!(
        h.iter().map(|e| e.needs_quantiles()).collect::<Vec<_>>(),
        [true, true, false]
    );
    // Every double read exactly (the score is recomputed and compared bit for bit).
    assert_eq!(h[0].cramer_log, -1.2345678901234567);
    assert_eq!(h[1].at, 1717000100000.5);
    assert_eq!(h[1].dialect, Dialect::Fermi);
    assert_eq!(
        (
            saved.settings.samples,
            saved.settings.seed,
            saved.settings.dialect
        ),
        (20_000, 123_456_789, Dialect::Fermi)
    );
    assert_eq!(saved.theme, Theme::System);
    // The first answer is the one that counts, and the question opens revealed.
    let practice = Practice::new(saved);
    let (draft, revealed) = practice.opening("germany-coal-to-solar-area");
    assert!(revealed);
    assert_eq!(draft.answer, Answer::quick("100", "2 thousand"));
    assert_eq!(
        practice
            .recorded("germany-coal-to-solar-area")
            .unwrap()
            .source,
        "to(100, 2000)"
    );
}

/// A format-2 document loads exactly as stored, and writing it back and reading it again changes nothing.
#[test]
fn a_format_2_document_loads_and_round_trips() {
    let loaded = parse(FORMAT_2);
    assert_eq!((loaded.notice, loaded.set_aside), (None, vec![]));
    let saved = loaded.saved;
    assert_eq!(saved.theme, Theme::Dark);
    assert_eq!(
        saved.drafts["mato-grosso-cattle-per-resident-2023"].answer,
        Answer::written(
            Dialect::Fermi,
            "cattle = 32 million to 36 million\npeople = 3.6 million to 3.8 million\ncattle / people"
        )
    );
    let h = &saved.history;
    assert_eq!(h.len(), 3);
    assert!(h[0].answered().is_some(), "a format-2 entry counts at once");
    assert!(h[1].resubmitted && h[1].answered().is_none());
    assert!(h[2].needs_quantiles());
    assert_eq!(Practice::new(saved.clone()).answered().len(), 1);
    let again = parse(&to_json(&saved));
    assert_eq!((again.saved, again.notice), (saved, None));
}

/// The median of a program's samples (fixed seed).
fn median(source: &str, dialect: Dialect) -> f64 {
    let options = fermi_eval::Options {
        samples: 10_000,
        seed: 7,
    };
    let mut samples = fermi_eval::evaluate_source(source, dialect, &options)
        .samples
        .unwrap_or_else(|| panic!("{source:?} does not run"));
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Answers saved in percent points to a percent question (formats 1–2) read as fractions: quick bounds become
/// percent, programs are divided by 100, a history entry's quantiles move with its truth (its score stands), and
/// the saved answer then scores against the fraction truth as the same answer typed as a fraction does.
#[test]
fn percent_point_answers_migrate_to_fractions() {
    let loaded = parse(FORMAT_2_PERCENT);
    assert_eq!((loaded.notice, loaded.set_aside), (None, vec![]));
    let saved = loaded.saved;
    assert_eq!(saved.version, VERSION);
    let draft = |id: &str| saved.drafts[id].answer.clone();
    // (question, migrated answer, the median it runs to)
    let cases = [
        (
            "france-nuclear-share-electricity-2023",
            Answer::quick("60%", "70%"),
            0.648,
        ),
        (
            "netherlands-share-below-sea-level",
            Answer::written(Dialect::Squiggle, "below = to(20, 30)\nbelow / 100"),
            0.245,
        ),
        (
            "kazakhstan-share-world-uranium-2022",
            Answer::written(Dialect::Fermi, "20 25\n/ 50 60\n* 100\n/ 100"),
            0.41,
        ),
        // Already a fraction under the old rule: untouched.
        (
            "germany-coal-to-solar-area",
            Answer::quick("0.001", "0.002"),
            0.0014,
        ),
    ];
    for (id, want, want_median) in cases {
        let got = draft(id);
        assert_eq!(got, want, "{id}");
        let program = got
            .program()
            .unwrap_or_else(|e| panic!("{id}: {}", e.message()));
        let m = median(&program.source, program.dialect);
        assert!(
            (m / want_median - 1.0).abs() < 0.05,
            "{id}: median {m}, want about {want_median}"
        );
    }
    if let Answer::Quick(b) = draft("france-nuclear-share-electricity-2023") {
        assert_eq!(b.read().unwrap(), (0.6, 0.7));
    }
    // The history entry: 15–25 on a truth of 31.9 becomes 0.15–0.25 on 0.319, score and ratios unchanged.
    let entry = &saved.history[0];
    assert_eq!(entry.source, "to(15, 25) / 100");
    assert_eq!(entry.cramer_log, 1.5);
    let ln100 = 100f64.ln();
    let truth = entry.truth.unwrap();
    assert!((truth.ln_median - 0.319f64.ln()).abs() < 1e-4, "{truth:?}");
    let answer = entry.answer.as_ref().unwrap();
    assert!((answer.ln[0] - (2.7 - ln100)).abs() < 1e-12);
    // The migrated program and the fraction typed today give the same samples up to rounding, so the same score.
    let fraction = Answer::quick("0.15", "0.25").program().unwrap();
    assert!(
        (median(&entry.source, entry.dialect) / median(&fraction.source, fraction.dialect) - 1.0)
            .abs()
            < 1e-9
    );
    // Written back, it is format 3 and reads back unchanged: no second division (floats to JSON's precision).
    let again = parse(&to_json(&saved));
    assert_eq!(again.notice, None);
    assert_eq!(again.saved.drafts, saved.drafts);
    let (a, b) = (&again.saved.history[0], &saved.history[0]);
    assert_eq!(a.source, b.source);
    assert!((a.truth.unwrap().ln_median - b.truth.unwrap().ln_median).abs() < 1e-12);
}

/// A document whose every character is kept but one changed: the reader keeps what it can, never panics.
fn one_char_changed(text: &str, at: usize, to: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let i = at % chars.len();
    chars[i] = to;
    chars.into_iter().collect()
}

/// The settings' boxes: a sample count in range and a seed that is a u64, or words saying why and what stays.
#[test]
fn settings_as_typed() {
    let samples = [
        (" 5000 ", Ok(5_000)),
        ("1000000", Ok(1_000_000)),
        (
            "999",
            Err("“999” is not a whole number from 1,000 to 1,000,000; still using 20000."),
        ),
        (
            "2e4",
            Err("“2e4” is not a whole number from 1,000 to 1,000,000; still using 20000."),
        ),
    ];
    for (text, want) in samples {
        assert_eq!(
            Settings::read_samples(text, 20_000),
            want.map_err(str::to_string),
            "{text}"
        );
    }
    assert_eq!(Settings::read_seed(" 42", 7), Ok(42));
    assert_eq!(
        Settings::read_seed(" -1 ", 7),
        Err("“-1” is not a seed: a seed is a whole number from 0 to 18,446,744,073,709,551,615; still using 7.".to_string())
    );
    // The theme by name, and dark as chosen or as the system says.
    for theme in Theme::ALL {
        assert_eq!(Theme::named(theme.name()), Some(theme));
    }
    assert_eq!(Theme::named("sepia"), None);
    let dark = |theme: Theme, system: bool| theme.is_dark(|| system);
    assert!(dark(Theme::Dark, false) && !dark(Theme::Light, true));
    assert!(dark(Theme::System, true) && !dark(Theme::System, false));
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let loaded = parse(&text);
        prop_assert!(loaded.notice.is_some() || loaded.set_aside.is_empty());
    }

    #[test]
    fn a_changed_character_never_panics(at in any::<usize>(), to in any::<char>(), which in any::<bool>()) {
        let text = one_char_changed(if which { FORMAT_1 } else { FORMAT_2 }, at, to);
        let loaded = parse(&text);
        // Whatever was not kept is set aside and said, never dropped in silence.
        prop_assert_eq!(loaded.notice.is_some(), !loaded.set_aside.is_empty());
        prop_assert!(loaded.saved.history.len() <= 3);
    }
}

/// What the history says: each entry's tag, an import's account (twice the same file adds nothing; damaged
/// entries counted), and why answers are left out of calibration.
#[test]
fn the_historys_words() {
    use fermi_practice::saved::{export_history, import_into, left_out};
    let saved = parse(include_str!("fixtures/saved-format-1.json")).saved;
    let h = &saved.history;
    assert!(h[0].tag().starts_with("Cramér-log ") && !h[0].tag().contains("not counted"));
    assert!(
        h[2].tag().ends_with(" · after the reveal, not counted"),
        "{}",
        h[2].tag()
    );
    // Format 1 entries have no quantiles: left out until recomputed; the re-submission is left out for good.
    let pending = h.iter().filter(|e| e.needs_quantiles()).count();
    let words = left_out(h, false);
    assert!(
        words.starts_with("1 answer left out: submitted again after the reveal"),
        "{words}"
    );
    assert!(
        words.contains(&format!("{pending} answer"))
            && words.contains("from an older version left out")
    );
    assert!(left_out(h, true).contains("Recomputing "));
    assert_eq!(left_out(&[], false), "");
    let file = export_history(h);
    let mut history = Vec::new();
    assert_eq!(
        import_into(&mut history, "h.json", Ok(&file)),
        format!(
            "h.json: {} added to the history.",
            if h.len() == 1 {
                "1 answer".to_string()
            } else {
                format!("{} answers", h.len())
            }
        )
    );
    assert_eq!(
        import_into(&mut history, "h.json", Ok(&file)),
        "h.json: 0 answers added to the history."
    );
    assert!(import_into(&mut history, "x.json", Ok("{}")).starts_with("x.json: "));
    assert_eq!(
        import_into(
            &mut history,
            "big.json",
            Err("the file is larger than 8 MiB")
        ),
        "big.json: the file is larger than 8 MiB"
    );
    let damaged = file.replacen("\"question\"", "\"question_\"", 1);
    let said = import_into(&mut Vec::new(), "d.json", Ok(&damaged));
    assert!(
        said.ends_with(" 1 entry could not be read and was skipped."),
        "{said}"
    );
}

/// Opening practice: nothing saved, no storage at all, a good document, and one with a damaged entry (set aside
/// beside what was set aside before).
#[test]
fn opening_reads_what_storage_holds() {
    use fermi_practice::saved::open;
    let (saved, notice, file) = open(Ok(None), None);
    assert_eq!((saved.history.len(), notice, file), (0, None, None));
    let (_, notice, file) = open(Err(()), None);
    assert!(
        notice.is_some_and(|n| n.starts_with("Local storage is unavailable")) && file.is_none()
    );
    let good = include_str!("fixtures/saved-format-2.json");
    let (saved, notice, file) = open(Ok(Some(good)), None);
    assert!(!saved.history.is_empty() && notice.is_none() && file.is_none());
    let damaged = good.replacen("\"question\"", "\"question_\"", 1);
    let (saved, notice, file) = open(Ok(Some(&damaged)), Some("{\"items\":[]}"));
    assert!(saved.history.len() < parse(good).saved.history.len());
    assert!(notice.is_some());
    assert!(file.is_some_and(|f| f.contains("question_")));
}
