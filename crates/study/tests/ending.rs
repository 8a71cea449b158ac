//! How an attempt ends: the code and link per outcome, a saved attempt resumed or not, and the sending loop's
//! rules (what is worth sending, what a 2xx acknowledges, the backoff), driven as the page drives them.

use fermi_study::ending::{Backoff, Outgoing, Sending};
use fermi_study::{
    Answer, AppInfo, Now, Participant, RecordStatus, Session, Study, parse_study, sha256_hex,
};

const DEMO: &str = include_str!("../../../assets/studies/demo.toml");

fn at(ms: f64) -> Now {
    Now {
        wall_ms: 1_795_000_000_000.0 + ms,
        mono_ms: ms,
        visible: true,
    }
}

fn start(study: &Study) -> Session {
    let participant = Participant {
        id: "p-1".into(),
        source: "typed".into(),
        params: Default::default(),
    };
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
        at(0.0),
    )
}

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
            s.stop(at(10.0));
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
    assert!(Session::resume(&text, &study, &sha, at(hour).wall_ms).is_ok());
    let late = Session::resume(&text, &study, &sha, at(3.0 * hour).wall_ms);
    assert!(late.is_err_and(|why| why.contains("2 hours")));
    assert!(Session::resume("{", &study, &sha, at(0.0).wall_ms).is_err());
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
    s.next(&study, None, at(10.0)).unwrap();
    s.edit(Answer::quick("5", "200"), at(20.0));
    s.next(&study, None, at(30.0)).unwrap();
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
    s.next(&study, None, at(40.0)).unwrap();
    s.edit(Answer::quick("2", "20"), at(50.0));
    s.next(&study, None, at(60.0)).unwrap();
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
    s.stop(at(70.0));
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
