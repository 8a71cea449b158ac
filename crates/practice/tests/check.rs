//! What a class student's page says under a question: every state of the answer and its run, in a table, with
//! what may be handed in.

use fermi_answer::Answer;
use fermi_practice::run::{Run, run};
use fermi_practice::submit::Check;
use fermi_syntax::Dialect;

fn ran(source: &str) -> Run {
    run(
        source,
        Dialect::Squiggle,
        &fermi_eval::Options {
            samples: 2_000,
            seed: 3,
        },
    )
}

#[test]
fn every_state_has_its_check() {
    let quick = |low: &str, high: &str| Answer::quick(low, high);
    let program = |source: &str| Answer::written(Dialect::Squiggle, source);
    // (don't know, answer, pending, run of, unit, what it says (or "estimate"), ready)
    let cases: Vec<(bool, Answer, bool, &str, &str, &str, bool)> = vec![
        (true, quick("", ""), false, "", "people", "don't know", true),
        (
            true,
            program("to(1,"),
            true,
            "to(1,",
            "people",
            "don't know",
            true,
        ),
        (
            false,
            quick("", ""),
            false,
            "",
            "people",
            "Not answered yet.",
            false,
        ),
        (
            false,
            quick("5", ""),
            false,
            "",
            "people",
            "high number too",
            false,
        ),
        (
            false,
            quick("50", "5"),
            false,
            "",
            "people",
            "swap them",
            false,
        ),
        (
            false,
            quick("5", "50"),
            true,
            "",
            "people",
            "Running…",
            false,
        ),
        // Nothing run yet (the worker's first answer is on its way).
        (
            false,
            quick("5", "50"),
            false,
            "",
            "people",
            "Running…",
            false,
        ),
        (
            false,
            program("to(1,"),
            false,
            "to(1,",
            "people",
            "expected",
            false,
        ),
        (
            false,
            program("normal(0, 1)"),
            false,
            "normal(0, 1)",
            "people",
            "",
            false,
        ),
        (
            false,
            quick("5", "50"),
            false,
            "to(5, 50)",
            "people",
            "estimate",
            true,
        ),
        (
            false,
            program("to(5, 50)"),
            true,
            "to(5, 50)",
            "people",
            "Running…",
            false,
        ),
    ];
    for (blank, answer, pending, source, unit, says, ready) in cases {
        let check = Check::of(blank, &answer, pending, &ran(source), unit);
        assert_eq!(check.ready(), ready, "{answer:?} {source}: {check:?}");
        match &check {
            Check::Estimate {
                p5,
                median,
                p95,
                warning,
            } => {
                assert_eq!(says, "estimate", "{answer:?}: {check:?}");
                assert!(
                    p5 < median && median < p95 && *p5 > 4.0 && *p95 < 60.0,
                    "{check:?}"
                );
                assert_eq!(*warning, None);
            }
            other => {
                assert_ne!(says, "estimate", "{answer:?}: {check:?}");
                assert!(
                    other.words().contains(says),
                    "{answer:?} {source}: {:?}",
                    other.words()
                );
                assert!(!other.words().is_empty());
            }
        }
    }
}

/// A bare `64` on a share reads as 6,400%: the estimate comes with the core's warning, and can still be handed in.
#[test]
fn a_share_slip_is_warned() {
    let answer = Answer::quick("40", "80");
    let check = Check::of(
        false,
        &answer,
        false,
        &ran("to(40, 80)"),
        "percent of adults",
    );
    let Check::Estimate { warning, .. } = &check else {
        panic!("{check:?}");
    };
    assert!(
        warning.as_ref().is_some_and(|w| w.contains('%')),
        "{warning:?}"
    );
    assert!(check.ready());
}

/// Before Submit, a quick answer is warned from its bounds as typed (no run needed) and a program from its run.
#[test]
fn a_unit_slip_is_warned_from_bounds_or_run() {
    use fermi_practice::submit::unit_warning;
    let share = "percent of adults";
    let nothing = ran("");
    for (answer, run, unit, warned) in [
        (Answer::quick("40", "80"), &nothing, share, true),
        (Answer::quick("40%", "80%"), &nothing, share, false),
        (Answer::quick("0.4", "0.8"), &nothing, share, false),
        (Answer::quick("40", "80"), &nothing, "people", false),
        (Answer::quick("40", ""), &nothing, share, false),
        (
            Answer::written(Dialect::Squiggle, "to(40, 80)"),
            &ran("to(40, 80)"),
            share,
            true,
        ),
        (
            Answer::written(Dialect::Squiggle, "to(0.4, 0.8)"),
            &ran("to(0.4, 0.8)"),
            share,
            false,
        ),
        (
            Answer::written(Dialect::Squiggle, "to(40, 80)"),
            &nothing,
            share,
            false,
        ),
    ] {
        assert_eq!(
            unit_warning(&answer, run, unit).is_some(),
            warned,
            "{answer:?} {unit}"
        );
    }
}

/// The line beside an unblocked Submit: the truth is hidden until it is pressed; afterwards only the first answer
/// counts.
#[test]
fn the_note_beside_submit() {
    use fermi_practice::submit::submit_note;
    assert_eq!(
        submit_note(false),
        "The truth stays hidden until you submit."
    );
    assert!(submit_note(true).starts_with("Your first answer is the one that counts"));
}
