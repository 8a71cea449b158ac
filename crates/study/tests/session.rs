//! A participant's attempt driven through the state machine as the page drives it, and the record it builds
//! checked by the scorer's own validation.

use fermi_study::ending::{Backoff, Countdown, Outgoing, PAUSE_S, Sending, Target};
use fermi_study::{
    Answer, AppInfo, Bundle, Context, Device, Format, ItemStatus, Now, Participant, Ran,
    RecordStatus, Session, Stage, Step, Study, check_participant_id, debrief, pack_sha256,
    pack_sha256_whole, parse_study, participant_from_params, sha256_hex,
};

const DEMO: &str = include_str!("../../../assets/studies/demo.toml");

fn at(ms: f64, visible: bool) -> Now {
    Now {
        wall_ms: 1_795_000_000_000.0 + ms,
        mono_ms: ms,
        visible,
    }
}

fn draft(format: Format, low: &str, high: &str, source: &str) -> Answer {
    match format {
        Format::Quick => Answer::quick(low, high),
        Format::Squiggle | Format::Fermi => Answer::written(format.dialect(), source),
    }
}

fn start(study: &Study) -> Session {
    let params: Vec<(String, String)> = [
        ("PROLIFIC_PID", "p-42"),
        ("STUDY_ID", "st"),
        ("SESSION_ID", "se"),
        ("other", "x"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let participant = participant_from_params(study, &params).unwrap();
    assert_eq!(participant.source, "PROLIFIC_PID");
    assert_eq!(participant.params.len(), 2, "only keep_params are copied");
    Session::new(
        study,
        &sha256_hex(DEMO.as_bytes()),
        participant,
        "7d0c1e0a-5b1f-4c3e-9a55-2f3d1b9c8e01".into(),
        AppInfo {
            version: "0.1.0".into(),
            commit: None,
        },
        "test".into(),
        at(0.0, true),
    )
}

#[test]
fn a_whole_attempt_validates_and_scores() {
    let study = parse_study(DEMO).unwrap();
    let mut s = start(&study);
    assert_eq!(s.stage, Stage::Instructions);
    assert_eq!(s.next_label(), "Next question");
    assert!(s.arm_text(&study).is_some());
    s.next(&study, None, at(1000.0, true)).unwrap();
    assert_eq!(s.position().as_deref(), Some("Practice"));
    assert_eq!(s.next_label(), "Show the answer");
    // A practice item needs an answer before its truth; then reveals, then moves on.
    assert!(s.next(&study, None, at(1500.0, true)).is_err());
    s.edit(draft(Format::Quick, "5", "200", ""), at(2000.0, true));
    s.next(&study, None, at(3000.0, true)).unwrap();
    assert!(matches!(s.stage, Stage::Practice { revealed: true, .. }));
    assert_eq!(s.next_label(), "Next");
    s.next(&study, None, at(4000.0, true)).unwrap();
    assert_eq!(s.position().as_deref(), Some("1 of 6"));
    let answers = [
        draft(Format::Quick, "0.1", "5", ""),
        draft(Format::Squiggle, "", "", "to(1, 100) * 2"),
        draft(Format::Fermi, "", "", "100 1000\n* 2"),
        draft(Format::Squiggle, "", "", "to(0.5, 0.8)"),
        draft(Format::Quick, "", "", ""),
        draft(Format::Squiggle, "", "", "to(1e8, 1e9)"),
    ];
    let mut t = 4000.0;
    for (k, d) in answers.into_iter().enumerate() {
        assert_eq!(
            s.next_label(),
            if k == 5 { "Finish" } else { "Next question" }
        );
        t += 1000.0;
        s.edit(d, at(t, true));
        // One program with an error, counted once however often it is rerun.
        s.ran("to(1,", true);
        s.ran("to(1,", true);
        if k == 3 {
            // Hidden for 5 s, then visible again.
            s.tick(at(t + 1000.0, false));
            s.tick(at(t + 6000.0, true));
            t += 6000.0;
        }
        t += 2000.0;
        if k == 4 {
            assert!(
                s.skip(&study, "  ", None, at(t, true)).is_err(),
                "a reason is required"
            );
            s.skip(&study, "I have no idea", None, at(t, true)).unwrap();
        } else {
            s.next(&study, None, at(t, true)).unwrap();
        }
    }
    assert_eq!(s.stage, Stage::Done);
    let r = &s.record;
    assert_eq!(r.status, RecordStatus::Complete);
    assert!(r.finished_at.is_some());
    assert_eq!(r.items.len(), 6);
    let formats: Vec<_> = r.items.iter().map(|i| i.format).collect();
    assert_eq!(
        formats,
        [
            Some(Format::Quick),
            Some(Format::Squiggle),
            Some(Format::Fermi),
            Some(Format::Squiggle),
            None,
            Some(Format::Squiggle)
        ]
    );
    assert_eq!(
        r.items[0].program,
        fermi_syntax::quick_program("0.1", "5", fermi_syntax::Dialect::Squiggle),
        "a quick answer is recorded as the Squiggle program it becomes"
    );
    assert_eq!(r.items[4].status, ItemStatus::Skipped);
    assert_eq!(r.items[4].skip_reason.as_deref(), Some("I have no idea"));
    assert_eq!((r.items[3].hidden_ms, r.items[3].hidden_count), (5000, 1));
    assert_eq!(r.items[3].active_ms, 4000);
    assert_eq!(r.items[3].answered_ms, Some(9000));
    assert_eq!(r.items[0].error_runs, 1);
    assert_eq!(r.items[0].first_edit_ms, Some(1000));

    // The scorer's own validation accepts it, and scores every answered item.
    let sha = sha256_hex(DEMO.as_bytes());
    let builtin = fermi_bank::builtin();
    let context = Context::new(&study, &sha, &[&builtin], &[]).unwrap();
    let rows = context.score_record(r).expect("the record validates");
    assert_eq!(rows.len(), 6);
    // The record survives a save and a reload (serde_json reads a double back to within an ulp: the scorer's
    // tolerance covers that) and still validates.
    let back = Session::from_json(&s.to_json(), &study, &sha).unwrap();
    assert_eq!((back.stage, back.record.items.len()), (Stage::Done, 6));
    assert_eq!(context.score_record(&back.record).map(|r| r.len()), Ok(6));
    // The debrief: every item, a score on each answered one.
    let rows = debrief(&study, std::slice::from_ref(&builtin), r);
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().filter(|d| d.score != "–").count() == 5);
    assert!(
        rows.iter()
            .all(|d| !d.feedback.is_empty() && !d.truth.starts_with("not available")),
        "{rows:#?}"
    );
}

#[test]
fn time_while_the_page_was_closed_is_neither_active_nor_hidden() {
    let study = parse_study(DEMO).unwrap();
    let mut s = start(&study);
    s.next(&study, None, at(0.0, true)).unwrap();
    s.edit(draft(Format::Quick, "1", "", ""), at(3000.0, true));
    let saved = s.to_json();
    // The page reloads: its monotonic clock starts again near zero; 60 s of wall time have passed.
    let sha = sha256_hex(DEMO.as_bytes());
    let mut s = Session::from_json(&saved, &study, &sha).unwrap();
    let reload = |ms: f64, visible| Now {
        wall_ms: 1_795_000_000_000.0 + 63_000.0 + ms,
        mono_ms: ms,
        visible,
    };
    s.tick(reload(100.0, true));
    s.tick(reload(2100.0, true));
    let open = s.open.as_ref().unwrap();
    assert_eq!(open.answer, Answer::quick("1", ""), "the answer comes back");
    assert_eq!(
        (
            open.clock.active_ms,
            open.clock.hidden_ms,
            open.clock.hidden_count
        ),
        (5000.0, 0.0, 0)
    );
    assert_eq!(open.clock.edits, 1);
}

#[test]
fn a_changed_study_file_or_a_bad_save_is_not_resumed() {
    let study = parse_study(DEMO).unwrap();
    let s = start(&study);
    assert!(
        Session::from_json(&s.to_json(), &study, "00")
            .unwrap_err()
            .contains("changed")
    );
    assert!(
        Session::from_json("{", &study, "00")
            .unwrap_err()
            .contains("unreadable")
    );
    assert_eq!(
        participant_from_params(&study, &[("pid".into(), " ".into())]),
        None,
        "an empty id is not an id: the participant types one"
    );
    for (typed, ok) in [
        (" ab-1 ", Some("ab-1")),
        ("", None),
        ("a\nb", None),
        (&"x".repeat(201), None),
    ] {
        assert_eq!(check_participant_id(typed).ok(), ok, "{typed:?}");
    }
}

#[test]
fn stopping_early_leaves_a_partial_record_that_validates() {
    let study = parse_study(DEMO).unwrap();
    let mut s = start(&study);
    s.next(&study, None, at(0.0, true)).unwrap();
    s.edit(draft(Format::Quick, "5", "200", ""), at(10.0, true));
    s.next(&study, None, at(20.0, true)).unwrap();
    s.next(&study, None, at(30.0, true)).unwrap();
    s.edit(draft(Format::Squiggle, "", "", "to(2, 20)"), at(40.0, true));
    s.next(&study, None, at(50.0, true)).unwrap();
    s.edit(draft(Format::Squiggle, "", "", "to(3, 30)"), at(60.0, true));
    s.stop(at(70.0, true));
    assert_eq!(
        (s.stage, s.record.status, s.record.items.len()),
        (Stage::Done, RecordStatus::Partial, 1)
    );
    assert_eq!(s.record.finished_at, None);
    let sha = sha256_hex(DEMO.as_bytes());
    let builtin = fermi_bank::builtin();
    let context = Context::new(&study, &sha, &[&builtin], &[]).unwrap();
    assert_eq!(context.score_record(&s.record).map(|r| r.len()), Ok(1));
}

/// A record names each pack by its content hash before the reveal (what a study's page has: it never fetches the
/// explanations and sources), so the page's pack and the scorer's whole one agree; a record made before that names
/// the whole content, which still scores; any other hash, or questions changed, is refused.
#[test]
fn a_record_names_its_pack_by_what_the_participant_saw() {
    let study = parse_study(DEMO).unwrap();
    let mut s = start(&study);
    s.next(&study, None, at(0.0, true)).unwrap();
    s.edit(draft(Format::Quick, "5", "200", ""), at(10.0, true));
    s.next(&study, None, at(20.0, true)).unwrap();
    s.stop(at(30.0, true));
    let sha = sha256_hex(DEMO.as_bytes());
    let whole = fermi_bank::builtin();
    let seen = fermi_bank::Pack {
        questions: whole.questions.iter().map(|q| q.before_reveal()).collect(),
        ..whole.clone()
    };
    let mut retold = whole.clone();
    retold.questions[0].explanation = Some("Told another way.".into());
    let mut changed = whole.clone();
    changed.questions[0].text.push_str(" (changed)");
    assert_eq!(pack_sha256(&seen), pack_sha256(&whole));
    assert_eq!(
        pack_sha256(&retold),
        pack_sha256(&whole),
        "an explanation is not what the participant saw"
    );
    let context = Context::new(&study, &sha, &[&whole], &[]).unwrap();
    for (named, scores) in [
        (pack_sha256(&whole), true),
        (pack_sha256(&whole).to_uppercase(), true),
        (pack_sha256_whole(&whole), true),
        (pack_sha256_whole(&retold), false),
        (pack_sha256(&changed), false),
        // A page's pack before the reveal, hashed whole, is the same content.
        (pack_sha256_whole(&seen), true),
    ] {
        let mut record = s.record.clone();
        record.packs = fermi_study::PackRef::used(&study, [&whole]);
        record.packs[0].sha256 = named.clone();
        let got = context.score_record(&record);
        assert_eq!(got.is_ok(), scores, "{named}: {got:?}");
    }
}

/// The page's worker run of the answer is taken when it is of exactly the item's program, samples and seed (so
/// `study-next` samples nothing on the page), and refused otherwise; without one the core samples itself.
#[test]
fn next_takes_the_pages_run_only_when_it_is_the_items_own() {
    let study = parse_study(DEMO).unwrap();
    let mut s = start(&study);
    s.next(&study, None, at(0.0, true)).unwrap();
    s.edit(draft(Format::Quick, "5", "200", ""), at(10.0, true));
    s.next(&study, None, at(20.0, true)).unwrap();
    s.next(&study, None, at(30.0, true)).unwrap();
    s.edit(draft(Format::Quick, "2", "20", ""), at(40.0, true));
    let spec = s.spec(&study).unwrap();
    let program = Answer::quick("2", "20").program().unwrap();
    let (_, _, own) = s.open.as_ref().unwrap().evaluate(&spec, None).unwrap();
    let ran = |seed: u64, samples: usize| Ran {
        program: program.clone(),
        samples,
        seed,
        summary: Ok(own),
    };
    for stale in [
        ran(spec.seed + 1, spec.samples),
        ran(spec.seed, spec.samples * 2),
    ] {
        assert_eq!(
            s.next(&study, Some(&stale), at(50.0, true)),
            Err("Waiting for your answer's run to finish…".into())
        );
    }
    let failed = Ran {
        summary: Err("1:1: no samples".into()),
        ..ran(spec.seed, spec.samples)
    };
    assert_eq!(
        s.next(&study, Some(&failed), at(50.0, true)),
        Err("Your answer cannot be used yet: 1:1: no samples".into())
    );
    s.next(&study, Some(&ran(spec.seed, spec.samples)), at(60.0, true))
        .unwrap();
    assert_eq!(s.record.items[0].summary, Some(own));
}

/// The ways of answering an arm's formats allow: which dialect a program starts in, and where a tab the study does
/// not take switches to.
#[test]
fn the_formats_decide_the_ways_of_answering() {
    use fermi_syntax::Dialect;
    let study = parse_study(DEMO).unwrap();
    let mut c = study.conditions(None);
    for (formats, dialect, from_program, from_quick) in [
        (
            vec![Format::Quick, Format::Squiggle, Format::Fermi],
            Dialect::Squiggle,
            None,
            None,
        ),
        (
            vec![Format::Quick, Format::Fermi],
            Dialect::Fermi,
            None,
            None,
        ),
        (vec![Format::Quick], Dialect::Squiggle, Some(false), None),
        (vec![Format::Fermi], Dialect::Fermi, None, Some(true)),
        (vec![Format::Squiggle], Dialect::Squiggle, None, Some(true)),
    ] {
        c.formats = formats.clone();
        assert_eq!(c.program_dialect(), dialect, "{formats:?}");
        assert_eq!(
            (c.switch(true), c.switch(false)),
            (from_program, from_quick),
            "{formats:?}"
        );
        assert_eq!(
            c.takes_programs(),
            formats.iter().any(|f| *f != Format::Quick)
        );
    }
}

// How an attempt ends: the code and link per outcome, a saved attempt resumed or not, and the sending loop's
// rules (what is worth sending, what a 2xx acknowledges, the backoff), driven as the page drives them.

/// Finished, completion code, partial code, completion url; then the code and the link expected.
type Case<'a> = (
    bool,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
);

#[test]
fn a_code_and_a_link_per_outcome() {
    let url = Some("https://panel.example/done?cc={code}");
    // (finished, completion code, partial code, url) → (code, link)
    let cases: &[Case] = &[
        (
            true,
            Some("C1"),
            Some("P1"),
            url,
            Some("C1"),
            Some("https://panel.example/done?cc=C1"),
        ),
        (
            false,
            Some("C1"),
            Some("P1"),
            url,
            Some("P1"),
            Some("https://panel.example/done?cc=P1"),
        ),
        // Stopped early with no code for it: no link either (the participant returns the study).
        (false, Some("C1"), None, url, None, None),
        // A finished study's link is followed even without a code.
        (
            true,
            None,
            None,
            url,
            None,
            Some("https://panel.example/done?cc="),
        ),
        (true, Some("C1"), None, None, Some("C1"), None),
    ];
    let mut study = parse_study(DEMO).unwrap();
    for &(finished, completion, partial, link_to, code, link) in cases {
        study.completion_code = completion.map(str::to_string);
        study.partial_code = partial.map(str::to_string);
        study.completion_url = link_to.map(str::to_string);
        let mut s = start(&study);
        if finished {
            s.record.status = RecordStatus::Complete;
        } else {
            s.stop(at(10.0, true));
        }
        let ending = s.ending(&study);
        assert_eq!(ending.complete, finished);
        assert_eq!(ending.code.as_deref(), code, "{completion:?} {partial:?}");
        assert_eq!(
            ending.link.as_deref(),
            link,
            "{completion:?} {partial:?} {link_to:?}"
        );
        assert!(ending.heading.starts_with("Thank you"));
    }
    // Declining: a code and its link, or neither.
    study.declined_code = Some("D1".into());
    study.completion_url = url.map(str::to_string);
    assert_eq!(
        study.declined(),
        (
            Some("D1".into()),
            Some("https://panel.example/done?cc=D1".into())
        )
    );
    study.declined_code = None;
    assert_eq!(study.declined(), (None, None));
}

#[test]
fn an_old_attempt_is_not_resumed() {
    let mut study = parse_study(DEMO).unwrap();
    study.resume_within_h = Some(2);
    let sha = sha256_hex(DEMO.as_bytes());
    let text = start(&study).to_json();
    let hour = 3_600_000.0;
    assert!(Session::resume(&text, &study, &sha, at(hour, true).wall_ms).is_ok());
    let late = Session::resume(&text, &study, &sha, at(3.0 * hour, true).wall_ms);
    assert!(late.is_err_and(|why| why.contains("2 hours")));
    assert!(Session::resume("{", &study, &sha, at(0.0, true).wall_ms).is_err());
}

#[test]
fn a_2xx_acknowledges_only_what_was_sent() {
    let study = parse_study(DEMO).unwrap();
    let mut s = start(&study);
    // Nothing worth sending before the first answer.
    assert_eq!(
        s.outgoing(),
        Outgoing::Wait {
            finished_sent: false
        }
    );
    s.next(&study, None, at(10.0, true)).unwrap();
    s.edit(Answer::quick("5", "200"), at(20.0, true));
    s.next(&study, None, at(30.0, true)).unwrap();
    let Outgoing::Send {
        body,
        version,
        done,
    } = s.outgoing()
    else {
        panic!("a practice answer is worth sending");
    };
    assert!(
        !done && !body.contains('\n') && body.contains("\"partial\""),
        "{body}"
    );
    // Something added meanwhile: the 2xx does not cover it.
    s.next(&study, None, at(40.0, true)).unwrap();
    s.edit(Answer::quick("2", "20"), at(50.0, true));
    s.next(&study, None, at(60.0, true)).unwrap();
    assert!(!s.acknowledge(version));
    assert!(s.unsent().is_some());
    let Outgoing::Send { version, .. } = s.outgoing() else {
        panic!("still unsent");
    };
    assert!(s.acknowledge(version));
    assert_eq!(
        s.outgoing(),
        Outgoing::Wait {
            finished_sent: false
        }
    );
    assert_eq!(s.unsent(), None);
    s.stop(at(70.0, true));
    let Outgoing::Send { version, done, .. } = s.outgoing() else {
        panic!("the finished record is sent again");
    };
    assert!(done && s.acknowledge(version));
    assert_eq!(
        s.outgoing(),
        Outgoing::Wait {
            finished_sent: true
        }
    );
}

#[test]
fn retries_back_off_and_words_follow_the_state() {
    let mut b = Backoff::new();
    let waits: Vec<i32> = (0..6).map(|_| b.failed()).collect();
    assert_eq!(waits, [1000, 2000, 4000, 8000, 10_000, 10_000]);
    b.succeeded();
    assert_eq!(b.failed(), 1000);
    for (sending, state, words, settled) in [
        (Sending::Sent, "sent", "reached", true),
        (Sending::Pending, "pending", "Sending", false),
        (
            Sending::Failed("HTTP 500".into()),
            "failed",
            "(HTTP 500)",
            false,
        ),
        (Sending::Nowhere, "failed", "does not send", true),
    ] {
        assert_eq!(sending.state(), state);
        assert!(sending.words().contains(words), "{sending:?}");
        assert_eq!(sending.settled(), settled);
    }
}

/// What the page finds in storage on entering: nothing, an attempt to resume, one that cannot be (kept aside,
/// said why), or no storage at all (said).
#[test]
fn storage_on_entering() {
    let study = parse_study(DEMO).unwrap();
    let sha = sha256_hex(DEMO.as_bytes());
    let now = at(0.0, true).wall_ms;
    let saved = start(&study).to_json();
    for (stored, sha, resumed, notice, aside) in [
        (Ok(None), sha.as_str(), false, None, false),
        (Ok(Some(saved.as_str())), sha.as_str(), true, None, false),
        (
            Ok(Some(saved.as_str())),
            "another file",
            false,
            Some("Your earlier answers could not be resumed: the study file changed"),
            true,
        ),
        (
            Err(()),
            sha.as_str(),
            false,
            Some("This browser's storage is turned off"),
            false,
        ),
    ] {
        let found = Session::found("k", stored, &study, sha, now);
        assert_eq!(found.session.is_some(), resumed, "{stored:?}");
        match notice {
            Some(start) => assert!(found.notice.is_some_and(|n| n.starts_with(start))),
            None => assert_eq!(found.notice, None),
        }
        let kept = aside.then(|| ("k.unreadable".to_string(), saved.clone()));
        assert_eq!(found.aside, kept, "{stored:?}");
    }
    assert_eq!(Session::unreadable_key("k"), "k.unreadable");
}

/// The page's step: the core says whether another question is open (the page then loads its answer), or why not.
#[test]
fn a_step_says_whether_another_question_is_open() {
    let study = parse_study(DEMO).unwrap();
    let builtin = [fermi_bank::builtin()];
    let mut s = start(&study);
    assert_eq!(
        s.draft(&study),
        None,
        "no item before the instructions are read"
    );
    let step = |s: &mut Session, step: Step| s.step(&study, &step, None, at(1000.0, true));
    assert_eq!(
        step(&mut s, Step::Next),
        Ok(true),
        "the first practice item"
    );
    let (answer, seed) = s.draft(&study).unwrap();
    let blank = s.conditions(&study).formats[0].blank();
    assert_eq!(
        (answer, seed),
        (blank, s.seed(&study)),
        "a blank answer in the first format"
    );
    assert!(
        s.revealed(&builtin).is_none(),
        "not before its answer is shown"
    );
    assert!(step(&mut s, Step::Next).is_err(), "an answer comes first");
    s.edit(draft(Format::Quick, "5", "200", ""), at(500.0, true));
    assert_eq!(step(&mut s, Step::Next), Ok(false), "the truth is revealed");
    let practice = s.open.as_ref().unwrap().question.clone();
    assert_eq!(
        s.revealed(&builtin).map(|q| q.id.as_str()),
        practice.split('/').nth(1)
    );
    assert_eq!(step(&mut s, Step::Next), Ok(true), "the first scored item");
    assert!(
        s.revealed(&builtin).is_none(),
        "a scored item never shows its truth"
    );
    assert_eq!(
        step(&mut s, Step::Skip(" ".into())),
        Err("Say why you skip this question to continue.".into())
    );
    assert_eq!(step(&mut s, Step::Skip("no idea".into())), Ok(true));
    assert_eq!(s.record.items[0].status, ItemStatus::Skipped);
}

#[test]
fn a_run_of_a_blank_program_is_no_run() {
    for (source, ran) in [("", false), ("  \n", false), ("to(1, 2)", true)] {
        let program = fermi_answer::Program::new(fermi_syntax::Dialect::Squiggle, source);
        let r = Ran::of(program, 1000, 7, Err("no samples".into()));
        assert_eq!(r.is_some(), ran, "{source:?}");
    }
}

/// A new attempt as the page starts it: a UUID from the draws, the packs used and the device in the record; a
/// typed id keeps the link's parameters too; arms come from a counter only where there is one.
#[test]
fn the_page_begins_an_attempt() {
    let study = parse_study(DEMO).unwrap();
    let bundle = Bundle::new("demo.toml", DEMO, study.clone(), Vec::new()).unwrap();
    let params = vec![("STUDY_ID".to_string(), "st".to_string())];
    let participant = Participant::typed(&study, "p-7".into(), &params);
    assert_eq!(participant.source, "typed");
    assert_eq!(
        participant.params.get("STUDY_ID").map(String::as_str),
        Some("st")
    );
    let device = Device::of(Some(390), Some(844), None, Some("en-GB".into()));
    let s = Session::begin(
        &bundle,
        participant,
        [1, 2, 3, 4, 5],
        AppInfo {
            version: "0.1.0".into(),
            commit: None,
        },
        "test".into(),
        device.clone(),
        at(0.0, true),
    );
    assert_eq!(
        s.record.submission_id,
        fermi_study::uuid_v4([1, 2, 3, 4, 5])
    );
    assert_eq!(s.record.device, Some(device));
    let packs: Vec<&str> = s.record.packs.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(packs, ["open"]);
    assert_eq!(s.record.study.sha256, sha256_hex(DEMO.as_bytes()));
    assert!(!study.arms.is_empty());
    for (counter, counted) in [(true, true), (false, false)] {
        assert_eq!(study.counts_participants(counter), counted);
    }
}

/// The completion link's countdown runs only once the answers are settled, and fires once.
#[test]
fn the_countdown_waits_for_the_answers_then_fires_once() {
    let mut c = Countdown::new();
    assert!(
        !c.tick(false) && c.left == PAUSE_S,
        "not while the answers are on their way"
    );
    assert!(c.words(false).contains("once your answers have reached"));
    let fired: Vec<bool> = (0..PAUSE_S + 2).map(|_| c.tick(true)).collect();
    let at = fired.iter().position(|f| *f);
    assert_eq!(at, Some(PAUSE_S as usize - 1), "{fired:?}");
    assert_eq!(fired.iter().filter(|f| **f).count(), 1);
    assert_eq!(
        Countdown::new().words(true),
        format!("Taking you back in {PAUSE_S} s…")
    );
}

#[test]
fn records_go_to_jatos_inside_it_else_to_the_submit_url() {
    let mut study = parse_study(DEMO).unwrap();
    study.submit_url = Some("https://lab.example/records".into());
    let url = Some(Target::Url("https://lab.example/records".into()));
    assert_eq!(Target::of(&study, true), Some(Target::Jatos));
    assert_eq!(Target::of(&study, false), url);
    study.submit_url = None;
    assert_eq!(Target::of(&study, true), Some(Target::Jatos));
    assert_eq!(Target::of(&study, false), None);
}
