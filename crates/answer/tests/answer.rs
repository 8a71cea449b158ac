//! The answer every face holds: its program, blank, and why it is not ready, as a table; its JSON; the clock.

use fermi_answer::{Answer, Bound, Bounds, Dialect, ItemClock, NotReady, Now, Program};

/// Quick boxes as typed → the program it runs as (Squiggle) or the sentence shown, and the box marked.
#[test]
fn quick_answers_run_or_say_why_not() {
    type Want = Result<&'static str, (&'static str, Option<Bound>)>;
    let cases: [(&str, &str, Want); 12] = [
        ("2 million", "3e7", Ok("to(2M, 30M)")),
        ("15%", "25%", Ok("to(0.15, 0.25)")),
        ("  0.1 ", "5", Ok("to(0.1, 5)")),
        ("", "", Err(("Enter a low and a high number.", None))),
        (
            "3",
            " ",
            Err((
                "Enter a high number too (the 95th percentile).",
                Some(Bound::High),
            )),
        ),
        (
            "",
            "9",
            Err((
                "Enter a low number too (the 5th percentile).",
                Some(Bound::Low),
            )),
        ),
        (
            "300",
            "20",
            Err((
                "The low bound (300) is above the high one (20): swap them?",
                None,
            )),
        ),
        (
            "50",
            "50",
            Err((
                "Low and high are both 50: a 90% interval needs the high bound above the low one. Widen it to what \
                 you are 90% sure of.",
                None,
            )),
        ),
        (
            "0",
            "5",
            Err((
                "The low bound is 0: both bounds must be above 0 (a 90% interval here is for a quantity that is \
                 always positive).",
                Some(Bound::Low),
            )),
        ),
        (
            "1,5",
            "3",
            Err((
                "The low box: A comma here reads as a decimal comma: write 1.5 (a point for decimals; commas only \
                 between thousands, as in 1,500).",
                Some(Bound::Low),
            )),
        ),
        (
            "2",
            "lots",
            Err((
                "The high box: Not a number: type e.g. 1500, 1.5k, 2.5 million, 3e9, 40% or 1/1000.",
                Some(Bound::High),
            )),
        ),
        (
            "2",
            "-4",
            Err((
                "The high bound is -4: both bounds must be above 0 (a 90% interval here is for a quantity that is \
                 always positive).",
                Some(Bound::High),
            )),
        ),
    ];
    for (low, high, want) in cases {
        let answer = Answer::quick(low, high);
        match (answer.program(), want) {
            (Ok(p), Ok(source)) => {
                assert_eq!(p, Program::new(Dialect::Squiggle, source), "{low}–{high}")
            }
            (Err(e), Err((message, bound))) => {
                assert_eq!(e.message(), message, "{low}–{high}");
                assert_eq!(e.bound(), bound, "{low}–{high}");
            }
            (got, want) => panic!("{low}–{high}: got {got:?}, want {want:?}"),
        }
    }
}

#[test]
fn a_quick_answer_prints_in_either_dialect_through_one_path() {
    let b = Bounds::new("2 million", "3e7");
    assert_eq!(b.program(Dialect::Squiggle).unwrap(), "to(2M, 30M)");
    assert_eq!(b.program(Dialect::Fermi).unwrap(), "2M 30M");
    assert_eq!(
        b.program(Dialect::Fermi).ok(),
        fermi_syntax::quick_program("2 million", "3e7", Dialect::Fermi)
    );
    assert_eq!(b.read().unwrap(), (2e6, 3e7));
}

#[test]
fn programs_run_as_written_and_blank_ones_say_so() {
    let a = Answer::written(Dialect::Fermi, "3 30\n");
    assert_eq!(a.program().unwrap(), Program::new(Dialect::Fermi, "3 30\n"));
    assert_eq!(a.dialect(), Dialect::Fermi);
    let blank = Answer::written(Dialect::Squiggle, " \n");
    assert!(blank.is_blank());
    assert_eq!(blank.program(), Err(NotReady::BlankProgram));
    assert_eq!(
        blank.program().unwrap_err().to_string(),
        "Write your estimate as a program."
    );
    // A program's own mistakes are the evaluator's to find: it is ready to run.
    assert!(Answer::written(Dialect::Squiggle, "to(").program().is_ok());
    assert_eq!(a.cleared(), Answer::written(Dialect::Fermi, ""));
    assert_eq!(Answer::quick("1", "2").cleared(), Answer::quick("", ""));
    assert!(Answer::quick(" ", "").is_blank() && !Answer::quick("1", "").is_blank());
}

#[test]
fn answers_cross_as_json() {
    for (answer, json) in [
        (
            Answer::quick("15%", "25%"),
            r#"{"way":"quick","low":"15%","high":"25%"}"#,
        ),
        (
            Answer::written(Dialect::Fermi, "3 30"),
            r#"{"way":"program","dialect":"fermi","source":"3 30"}"#,
        ),
    ] {
        assert_eq!(serde_json::to_string(&answer).unwrap(), json);
        assert_eq!(serde_json::from_str::<Answer>(json).unwrap(), answer);
    }
}

fn at(mono_ms: f64, visible: bool) -> Now {
    Now {
        wall_ms: 1_000_000.0 + mono_ms,
        mono_ms,
        visible,
    }
}

#[test]
fn the_clock_counts_visible_and_hidden_time_edits_and_error_runs() {
    let mut c = ItemClock::start(at(0.0, true));
    c.tick(at(1000.0, true));
    c.edited(at(1500.0, true));
    c.tick(at(2000.0, false)); // hidden at 2 s
    c.tick(at(5000.0, true)); // back at 5 s
    c.edited(at(6000.0, true));
    c.ran("to(1, 2)", true);
    c.ran("to(1, 2)", true); // the same text again is not another error run
    c.ran("to(1, 3)", false);
    assert_eq!(
        (c.active_ms, c.hidden_ms, c.hidden_count),
        (3000.0, 3000.0, 1)
    );
    assert_eq!((c.edits, c.first_edit_ms, c.error_runs), (2, Some(1500), 1));
    assert_eq!(c.answered_ms(at(7000.0, true)), 7000);
    assert!(c.over(5) && !c.over(7) && !c.over(0));
    assert_eq!(
        c.countdown(5),
        Some((
            "0:01 over the suggested time: finish when you are ready".into(),
            true
        ))
    );
    assert_eq!(c.countdown(10), Some(("0:04 left".into(), false)));
    assert_eq!(c.countdown(0), None);
    // A clock read back from storage counts nothing until the page takes the item up again.
    let mut back: ItemClock = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
    back.tick(at(100.0, true));
    assert_eq!(back.open_ms(), 6000.0);
    back.tick(at(600.0, true));
    assert_eq!(back.open_ms(), 6500.0);
}
