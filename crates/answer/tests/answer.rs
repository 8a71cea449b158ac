//! The answer every face holds: its program, blank, and why it is not ready, as a table; its JSON; the clock.

use fermi_answer::{
    Answer, Bound, Bounds, Dialect, ItemClock, NotReady, Now, OnScreen, Program, Switch, Way,
};

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

/// What the editor puts on screen for an answer, with a dialect in use, and what boxes typed write into it.
#[test]
fn an_answer_goes_on_screen_and_boxes_write_their_program() {
    let cases = [
        (
            Answer::quick("2 million", "3e7"),
            Dialect::Fermi,
            (Way::Quick, ("2 million", "3e7"), Dialect::Fermi, "2M 30M"),
        ),
        (
            Answer::quick("300", "20"),
            Dialect::Squiggle,
            (Way::Quick, ("300", "20"), Dialect::Squiggle, ""),
        ),
        (
            Answer::written(Dialect::Fermi, "10 100"),
            Dialect::Squiggle,
            (Way::Program, ("", ""), Dialect::Fermi, "10 100"),
        ),
    ];
    for (answer, dialect, (way, (low, high), shown_dialect, source)) in cases {
        let want = OnScreen {
            way,
            bounds: Bounds::new(low, high),
            dialect: shown_dialect,
            source: source.to_string(),
        };
        assert_eq!(answer.on_screen(dialect), want, "{answer:?}");
        assert_eq!(answer.way(), way, "{answer:?}");
    }
    // Boxes as typed → the program written into the editor (none: the editor's own program stays).
    let typed = [
        ("", " ", Dialect::Squiggle, None),
        ("2", "", Dialect::Squiggle, Some("")),
        ("2", "30", Dialect::Squiggle, Some("to(2, 30)")),
        ("2", "30", Dialect::Fermi, Some("2 30")),
    ];
    for (low, high, dialect, want) in typed {
        let got = Bounds::new(low, high).typed_program(dialect);
        assert_eq!(got.as_deref(), want, "{low:?} {high:?} {dialect:?}");
    }
}

/// A dialect switch with a program written offers its conversion (or says why there is none) until the program
/// changes; no switch or no program, no offer.
#[test]
fn a_dialect_switch_offers_a_conversion_while_the_program_stands() {
    let to_squiggle = Switch::offer("10 100", Dialect::Fermi, Dialect::Squiggle).expect("an offer");
    assert_eq!(to_squiggle.conversion.as_deref(), Ok("10 to 100"));
    assert_eq!(to_squiggle.words(), "Your program is written in fermi. ");
    assert!(to_squiggle.stands("10 100") && !to_squiggle.stands("10 1000"));
    let to_fermi = Switch::offer("to(1, 2)", Dialect::Squiggle, Dialect::Fermi).expect("an offer");
    let why = to_fermi
        .conversion
        .clone()
        .expect_err("no conversion to fermi");
    assert_eq!(to_fermi.words(), format!("{why} "));
    assert_eq!(
        Switch::offer(" \n", Dialect::Fermi, Dialect::Squiggle),
        None
    );
    assert_eq!(
        Switch::offer("to(1, 2)", Dialect::Squiggle, Dialect::Squiggle),
        None
    );
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
