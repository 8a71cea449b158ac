//! The lab's belief from a built-in question's truth or from the last practice answer, run again exactly.

use fermi_practice::Saved;
use fermi_practice::belief::{
    disagreement, from_last_answer, from_question, range_words, spread_questions,
};

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

/// "Rules disagree" ranks its stored answers against its question's truth, a belief with a spread; each answer's
/// interval reads in the question's unit.
#[test]
fn the_disagreement_question_and_its_answers_ranges() {
    let pack = fermi_bank::builtin();
    let (question, truth) = disagreement(&pack).expect("the lab's question in the built-in pack");
    assert_eq!(question.id, fermi_score::lab::QUESTION);
    let q = truth.quantiles();
    assert!(0.0 < q.p5 && q.p5 < q.p50 && q.p50 < q.p95, "{q:?}");
    let mut without = pack.clone();
    without
        .questions
        .retain(|q| q.id != fermi_score::lab::QUESTION);
    assert!(disagreement(&without).is_none());
    let result = fermi_score::lab::disagree(&truth);
    let q = fermi_score::lab::Quantiles {
        p5: 0.02,
        p50: 0.05,
        p95: 0.08,
    };
    let point = result
        .answers
        .iter()
        .find(|(a, _)| a.width == 0.0)
        .expect("a single number");
    let spread = result
        .answers
        .iter()
        .find(|(a, _)| a.width > 0.0)
        .expect("an interval");
    let cases = [
        (&point.0, "%", "just 5%"),
        (&spread.0, "%", "2% to 8%"),
        (&spread.0, "drops", "0.02 to 0.08"),
    ];
    for (answer, unit, want) in cases {
        assert_eq!(range_words(answer, &q, unit), want, "{unit}");
    }
}
