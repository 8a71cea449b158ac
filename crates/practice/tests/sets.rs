//! Practice sets on the built-in pack: unseen questions in a seeded order, one topic or all, and the missed ones
//! due again a day after the miss.

use std::collections::BTreeSet;

use fermi_bank::{Topic, builtin};
use fermi_practice::sets::{
    Attempt, RETRY_AFTER_MS, SET_SIZE, SetItem, choose_set, due_again, missed,
};
use fermi_score::calibration::{AnswerQuantiles, TruthQuantiles};

const DAY: f64 = RETRY_AFTER_MS;
const NOW: f64 = 1.8e12;

fn ids(items: &[SetItem]) -> Vec<&str> {
    items.iter().map(|i| i.question.as_str()).collect()
}

#[test]
fn a_fresh_set_is_unseen_distinct_and_fixed_by_its_seed() {
    let pack = builtin();
    let set = choose_set(&pack.questions, &[], None, SET_SIZE, 1, NOW);
    assert_eq!(set.len(), SET_SIZE);
    assert_eq!(
        ids(&set).into_iter().collect::<BTreeSet<_>>().len(),
        SET_SIZE
    );
    assert!(
        set.iter()
            .all(|i| !i.retry && pack.question(&i.question).is_some())
    );
    assert_eq!(
        set,
        choose_set(&pack.questions, &[], None, SET_SIZE, 1, NOW)
    );
    assert_ne!(
        set,
        choose_set(&pack.questions, &[], None, SET_SIZE, 2, NOW)
    );
    // Twice the same pack: each question is offered once.
    let twice = choose_set(
        pack.questions.iter().chain(&pack.questions),
        &[],
        None,
        1000,
        1,
        NOW,
    );
    assert_eq!(twice.len(), pack.questions.len());
}

#[test]
fn sets_keep_to_a_topic_and_leave_out_what_was_answered() {
    let pack = builtin();
    for &topic in Topic::ALL {
        let of_topic = pack
            .questions
            .iter()
            .filter(|q| q.topics.contains(&topic))
            .count();
        let set = choose_set(&pack.questions, &[], Some(topic), SET_SIZE, 7, NOW);
        assert_eq!(set.len(), of_topic.min(SET_SIZE), "{topic:?}");
        for item in &set {
            assert!(
                pack.question(&item.question)
                    .unwrap()
                    .topics
                    .contains(&topic)
            );
        }
    }
    let first = choose_set(&pack.questions, &[], None, 3, 5, NOW);
    let attempts: Vec<Attempt> = first
        .iter()
        .map(|i| Attempt {
            question: &i.question,
            at: NOW - 10.0,
            missed: Some(false),
        })
        .collect();
    let next = choose_set(&pack.questions, &attempts, None, SET_SIZE, 5, NOW);
    assert!(
        next.iter()
            .all(|i| !ids(&first).contains(&i.question.as_str()))
    );
    // Everything answered: an empty set.
    let all: Vec<Attempt> = pack
        .questions
        .iter()
        .map(|q| Attempt {
            question: &q.id,
            at: 0.0,
            missed: Some(false),
        })
        .collect();
    assert!(choose_set(&pack.questions, &all, None, SET_SIZE, 5, NOW).is_empty());
}

/// An attempt as (question, days before now, missed).
type Past<'a> = (&'a str, f64, Option<bool>);

/// (attempts, questions due now)
#[test]
fn missed_questions_come_back_a_day_later() {
    let cases: &[(&[Past], &[&str])] = &[
        (&[("a", 0.5, Some(true))], &[]),
        (&[("a", 1.0, Some(true))], &["a"]),
        (
            &[("a", 3.0, Some(true)), ("b", 2.0, Some(true))],
            &["a", "b"],
        ),
        (
            &[("b", 3.0, Some(true)), ("a", 2.0, Some(true))],
            &["b", "a"],
        ),
        // A later attempt that caught the truth settles it; a later miss restarts the day.
        (&[("a", 3.0, Some(true)), ("a", 2.0, Some(false))], &[]),
        (&[("a", 3.0, Some(true)), ("a", 0.2, Some(true))], &[]),
        (&[("a", 5.0, None)], &[]),
        (&[("a", 5.0, Some(false))], &[]),
    ];
    for (attempts, due) in cases {
        let attempts: Vec<Attempt> = attempts
            .iter()
            .map(|&(question, days, missed)| Attempt {
                question,
                at: NOW - days * DAY,
                missed,
            })
            .collect();
        assert_eq!(due_again(&attempts, NOW), *due, "{attempts:?}");
    }
}

#[test]
fn due_misses_lead_the_set_then_unseen_questions_fill_it() {
    let pack = builtin();
    let missed_id = pack.questions[4].id.as_str();
    let caught_id = pack.questions[9].id.as_str();
    let attempts = [
        Attempt {
            question: missed_id,
            at: NOW - 2.0 * DAY,
            missed: Some(true),
        },
        Attempt {
            question: caught_id,
            at: NOW - 2.0 * DAY,
            missed: Some(false),
        },
    ];
    let set = choose_set(&pack.questions, &attempts, None, 4, 3, NOW);
    assert_eq!(
        set[0],
        SetItem {
            question: missed_id.to_string(),
            retry: true
        }
    );
    assert_eq!(set.len(), 4);
    assert!(
        set[1..]
            .iter()
            .all(|i| !i.retry && i.question != missed_id && i.question != caught_id)
    );
    // Not yet a day: the miss waits.
    let early = choose_set(&pack.questions, &attempts, None, 4, 3, NOW - 1.5 * DAY);
    assert!(early.iter().all(|i| !i.retry && i.question != missed_id));
    // A miss outside the chosen topic stays out of that topic's set.
    let topic = pack.questions[4].topics[0];
    let other = Topic::ALL
        .iter()
        .copied()
        .find(|t| *t != topic && !pack.questions[4].topics.contains(t))
        .unwrap();
    let set = choose_set(&pack.questions, &attempts, Some(other), 4, 3, NOW);
    assert!(set.iter().all(|i| i.question != missed_id));
}

#[test]
fn a_miss_is_a_truth_outside_the_ninety_percent_interval() {
    let answer = AnswerQuantiles::normal(0.0, 1.0);
    for (truth, is_missed) in [
        (0.0, false),
        (1.6, false),
        (-1.6, false),
        (1.7, true),
        (-1.7, true),
    ] {
        let t = TruthQuantiles {
            ln_p5: truth - 1.0,
            ln_median: truth,
            ln_p95: truth + 1.0,
        };
        assert_eq!(missed(&answer, &t), is_missed, "truth at {truth}");
    }
}
