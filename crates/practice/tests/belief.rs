//! The lab's belief from a built-in question's truth or from the last practice answer, run again exactly.

use fermi_practice::Saved;
use fermi_practice::belief::{from_last_answer, from_question, spread_questions};

#[test]
fn a_truth_with_a_spread_is_a_belief() {
    let pack = fermi_bank::builtin();
    let spread = spread_questions(&pack);
    assert!(!spread.is_empty() && spread.len() < pack.questions.len());
    let ((p5, p95), from) = from_question(&spread[0]).unwrap();
    assert!(0.0 < p5 && p5 < p95, "{p5} {p95}");
    assert!(from.starts_with("The truth of: "));
    let point = pack
        .questions
        .iter()
        .find(|q| matches!(q.truth, fermi_bank::TruthSpec::Point { .. }))
        .unwrap();
    assert!(from_question(point).unwrap_err().contains("single number"));
}

#[test]
fn the_last_answer_runs_again() {
    assert!(
        from_last_answer(&Saved::empty())
            .unwrap_err()
            .starts_with("No practice answer yet")
    );
    let saved = fermi_practice::saved::parse(include_str!("fixtures/saved-format-2.json")).saved;
    let last = saved.history.last().unwrap();
    let ((p5, p95), from) = from_last_answer(&saved).unwrap();
    assert_eq!(
        from,
        format!("Your last practice answer, to: {}", last.text)
    );
    // The very run the history recorded: the same program, seed and sample count.
    let run = fermi_practice::run::run(
        &last.source,
        last.dialect,
        &fermi_eval::Options {
            samples: last.samples,
            seed: last.seed,
        },
    );
    let s = &run.forecast.unwrap().unwrap().summary;
    assert_eq!((p5, p95), (s.p5.exp(), s.p95.exp()));
}
