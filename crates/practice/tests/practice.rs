//! The practice session's rules: the first answer counts, an answered question opens revealed with its draft,
//! recorded answers reopen exactly, older entries get their quantiles only when their score is recomputed
//! exactly, and a set moves through its questions.

use fermi_answer::Answer;
use fermi_bank::builtin;
use fermi_practice::saved::Saved;
use fermi_practice::{Draft, Outcome, Practice, Program, Recomputing};
use fermi_score::calibration::{AnswerQuantiles, TruthQuantiles};
use fermi_syntax::Dialect;

const NOW: f64 = 1.8e12;

fn program(source: &str) -> Program {
    Program {
        source: source.into(),
        dialect: Dialect::Squiggle,
        seed: 7,
        samples: 10_000,
    }
}

/// An outcome whose truth median is at `ln_median`, against an answer centred on 0 (±1.645 is its 90%).
fn outcome(cramer_log: f64, ln_median: f64) -> Outcome {
    Outcome {
        cramer_log,
        answer: AnswerQuantiles::normal(0.0, 1.0),
        truth: TruthQuantiles {
            ln_p5: ln_median - 1.0,
            ln_median,
            ln_p95: ln_median + 1.0,
        },
    }
}

#[test]
fn an_answered_question_opens_revealed_with_its_recorded_answer() {
    let pack = builtin();
    let q = &pack.questions[0];
    let mut p = Practice::new(Saved::empty());
    assert_eq!(p.opening(&q.id), (Draft::default(), false));
    let draft = Draft {
        answer: Answer::written(Dialect::Squiggle, "to(1, 2)"),
    };
    p.drafts.insert(q.id.clone(), draft.clone());
    p.record(q, program("to(1, 2)"), outcome(0.5, 0.0), NOW);
    assert_eq!(p.opening(&q.id), (draft, true));
    let recorded = p.recorded(&q.id).expect("recorded");
    assert_eq!(recorded.program(), program("to(1, 2)"));
    assert_eq!(recorded.topic.as_deref(), Some(q.topics[0].as_str()));
    assert_eq!(p.answered().len(), 1);
    assert!(p.recorded(&pack.questions[1].id).is_none());
}

/// A re-submission (format 1) never counts: the recorded answer is the one before it.
#[test]
fn a_resubmission_is_never_the_recorded_answer() {
    let pack = builtin();
    let q = &pack.questions[0];
    let mut p = Practice::new(Saved::empty());
    p.record(q, program("to(1, 2)"), outcome(0.5, 0.0), NOW);
    p.record(q, program("to(3, 4)"), outcome(0.1, 0.0), NOW + 1.0);
    p.history[1].resubmitted = true;
    assert_eq!(p.recorded(&q.id).unwrap().source, "to(1, 2)");
    assert_eq!(p.answered().len(), 1);
}

/// An entry of an older format gets its quantiles only from a run that gives the very score it recorded.
#[test]
fn older_entries_are_filled_only_when_their_score_is_recomputed_exactly() {
    let pack = builtin();
    let q = &pack.questions[0];
    let mut p = Practice::new(Saved::empty());
    p.record(q, program("to(1, 2)"), outcome(0.5, 0.0), NOW);
    let e = &mut p.history[0];
    (e.topic, e.answer, e.truth) = (None, None, None);
    let (entry, question) = p
        .to_recompute(|id| pack.question(id), |_| false)
        .expect("an entry to recompute");
    assert_eq!(question.id, q.id);
    assert!(
        p.to_recompute(|id| pack.question(id), |_| true).is_none(),
        "tried already"
    );
    assert!(
        p.to_recompute(|_| None, |_| false).is_none(),
        "its question is not loaded"
    );
    // The page tries each entry once, and one whose pack is not loaded again once it is.
    let mut tried = Recomputing::default();
    let mut empty = pack.clone();
    empty.questions.clear();
    assert_eq!(tried.next(&p, &[&empty]), None);
    assert_eq!(
        tried.next(&p, &[&empty, &pack]),
        Some((entry.clone(), question.clone()))
    );
    assert_eq!(tried.next(&p, &[&pack]), None, "tried already");
    assert!(
        !p.fill(&entry, question, outcome(0.4, 0.0)),
        "another score: its truth changed"
    );
    assert!(p.history[0].needs_quantiles());
    assert!(p.fill(&entry, question, outcome(0.5, 0.0)));
    assert!(!p.history[0].needs_quantiles());
    assert_eq!(p.answered().len(), 1);
}

/// A set offers its questions in order, counts those answered since it began, brings a missed one back a day
/// later, and says so when there is nothing left to ask.
#[test]
fn a_set_moves_through_its_questions() {
    let pack = builtin();
    let mut p = Practice::new(Saved::empty());
    assert_eq!((p.set_done(), p.set_next()), (None, None));
    assert_eq!(p.set_progress(None), None);
    assert_eq!((p.set_calibration(), p.set_next_in(&[&pack])), (None, None));
    p.start_set(&pack.questions, None, 3, 1, NOW).unwrap();
    assert_eq!(p.set_done(), Some(vec![false; 3]));
    let first = p.set_next().unwrap().clone();
    assert!(!first.retry);
    // The next question is found in the first pack holding it; in none, there is none to open.
    let other = builtin();
    assert_eq!(p.set_next_in(&[&other, &pack]), Some((0, first.clone())));
    let mut without = builtin();
    without.questions.retain(|q| q.id != first.question);
    assert_eq!(p.set_next_in(&[&without, &pack]), Some((1, first.clone())));
    assert_eq!(p.set_next_in(&[&without]), None);
    assert_eq!(p.set_calibration().map(|c| c.overall.count), Some(0));
    let progress = |p: &Practice, open: Option<&str>| {
        let s = p.set_progress(open).unwrap();
        (
            s.answered,
            s.total,
            s.retry_here,
            s.next,
            s.finished(),
            s.words(),
        )
    };
    // On the set's first question, unanswered: no "Next question" yet; elsewhere, it leads into the set.
    let words = |n: usize| format!("{n} of 3 answered");
    assert_eq!(
        progress(&p, Some(&first.question)),
        (0, 3, false, false, false, words(0))
    );
    assert_eq!(
        progress(&p, Some("not-in-the-set")),
        (0, 3, false, true, false, words(0))
    );
    assert_eq!(progress(&p, None), (0, 3, false, true, false, words(0)));
    // An answer given before the set began does not count for it.
    p.record(
        pack.question(&first.question).unwrap(),
        program("to(1, 2)"),
        outcome(0.5, 5.0),
        NOW - 1.0,
    );
    assert_eq!(p.set_next().unwrap().question, first.question);
    p.record(
        pack.question(&first.question).unwrap(),
        program("to(1, 2)"),
        outcome(0.5, 5.0),
        NOW + 1.0,
    );
    assert_eq!(p.set_done(), Some(vec![true, false, false]));
    assert_eq!(
        progress(&p, Some(&first.question)),
        (1, 3, false, true, false, words(1))
    );
    let second = p.set_next().unwrap().question.clone();
    assert_eq!(
        progress(&p, Some(&second)),
        (1, 3, false, false, false, words(1))
    );
    assert_ne!(second, first.question);
    assert_eq!(
        p.set_answered().len(),
        1,
        "the set's own calibration takes the set's answers"
    );
    assert_eq!(p.set_calibration().map(|c| c.overall.count), Some(1));
    // Entries are told apart by question, time and seed.
    let keys: Vec<_> = p.history.iter().map(|e| e.key()).collect();
    assert_eq!(
        keys,
        [
            (first.question.clone(), (NOW - 1.0).to_bits(), 7),
            (first.question.clone(), (NOW + 1.0).to_bits(), 7)
        ]
    );
    // The missed question comes back first a day later, to be answered afresh.
    let day = fermi_practice::sets::RETRY_AFTER_MS;
    p.start_set(&pack.questions, None, 3, 1, NOW + 2.0 + day)
        .unwrap();
    let again = p.set_next().unwrap();
    assert_eq!(
        (again.question.as_str(), again.retry),
        (first.question.as_str(), true)
    );
    let again = again.question.clone();
    assert!(progress(&p, Some(&again)).2, "the missed question says so");
    // One topic's questions all answered: no set, and words saying why.
    let mut done = Practice::new(Saved::empty());
    let topic = pack.questions[0].topics[0];
    for q in pack.questions.iter().filter(|q| q.topics.contains(&topic)) {
        done.record(q, program("to(1, 2)"), outcome(0.5, 0.0), NOW);
    }
    let why = done
        .start_set(&pack.questions, Some(topic), 3, 1, NOW)
        .unwrap_err();
    assert!(why.contains("answered already"), "{why}");
    assert_eq!(done.set, None);
}
