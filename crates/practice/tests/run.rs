//! One run as every mode's pipeline makes it: what crosses from the worker to the page is the page's own run and
//! score, bit for bit; where a run stands; its summary or why there is none; and the worker's `Runner` answering
//! as the page's own run and score would, sampling once for a truth that comes later.

use fermi_bank::FittedTruth;
use fermi_practice::run::{
    Run, RunRequest, Runner, decode, decode_request, encode, encode_request, run, score,
};
use fermi_practice::submit::RunState;
use fermi_syntax::Dialect;

/// A run handed over by the worker shows what the page's own run would: diagnostics, sample count and quantiles,
/// the density, bit for bit; and so does its score against either kind of truth, infinities included.
#[test]
fn a_run_crosses_from_the_worker_unchanged() {
    let options = fermi_eval::Options {
        samples: 20_000,
        seed: 7,
    };
    let cases = [
        (
            "coal = to(80e9, 120e9)\nyield = to(100, 250)\ncoal / yield / 357022e6",
            Dialect::Squiggle,
        ),
        ("10 1000", Dialect::Fermi),
        ("to(1,", Dialect::Squiggle),
        ("normal(0, 1)", Dialect::Squiggle),
        ("unused = 3\nto(1, 10)", Dialect::Squiggle),
        ("", Dialect::Squiggle),
        // Its median is 10^600 times the point truth's: the bias factor is infinite.
        ("to(1e299, 1e300)", Dialect::Squiggle),
    ];
    let truths = [
        FittedTruth::Lognormal {
            mu: -6.4,
            sigma: 0.3,
        },
        FittedTruth::Point(1e4),
        FittedTruth::Point(1e-300),
    ];
    let mut infinite = 0;
    for (source, dialect) in cases {
        let direct = run(source, dialect, &options);
        let (crossed, no_score) = decode(&encode(&direct, None)).expect(source);
        assert_eq!(no_score, None, "{source}");
        for truth in truths {
            let scored = direct.log_samples().and_then(|s| score(s, truth));
            let factor = scored
                .as_ref()
                .map(|s| s.assessment.report.diagnostics.bias_median_factor);
            infinite += usize::from(factor == Some(f64::INFINITY));
            let (_, scored_crossed) = decode(&encode(&direct, scored.as_ref())).expect(source);
            assert_eq!(scored_crossed, scored, "{source} against {truth:?}");
        }
        assert_eq!(crossed.diagnostics, direct.diagnostics, "{source}");
        assert_eq!(crossed.series, direct.series, "{source}");
        // The page is not sent the samples: the worker keeps them and scores there.
        assert_eq!(crossed.log_samples(), None, "{source}");
        let shown = |run: &Run| {
            run.forecast.as_ref().map(|f| {
                f.as_ref()
                    .map(|f| {
                        (
                            f.n,
                            [f.summary.p5, f.summary.median, f.summary.p95].map(f64::to_bits),
                        )
                    })
                    .map_err(String::clone)
            })
        };
        assert_eq!(shown(&crossed), shown(&direct), "{source}");
    }
    assert_eq!(infinite, 1, "one score holds an infinity");
}

/// Each kind of run stands where Submit, a hand-in and Next expect it, with its summary or the reason there is
/// none in words.
#[test]
fn a_run_says_where_it_stands_and_why_it_has_no_estimate() {
    let options = fermi_eval::Options {
        samples: 2_000,
        seed: 1,
    };
    for (source, state, estimate) in [
        ("to(10, 1000)", RunState::Ready, None),
        ("to(1,", RunState::Errors, Some("")),
        ("to(1, 10) - 5", RunState::Unscorable, Some("")),
        ("", RunState::Empty, Some("no samples")),
    ] {
        let r = run(source, Dialect::Squiggle, &options);
        assert_eq!(r.state(false), state, "{source}");
        assert_eq!(r.state(true), RunState::Pending, "{source}");
        match (r.estimate(), estimate) {
            (Ok(summary), None) => {
                assert!(
                    (summary.median.exp() - 100.0).abs() < 5.0,
                    "{source}: {summary:?}"
                );
            }
            (Err(why), Some(words)) => {
                assert!(!why.is_empty() && why.contains(words), "{source}: {why}");
            }
            (got, want) => panic!("{source}: {got:?}, expected {want:?}"),
        }
    }
}

/// The worker's runner answers what the page would compute itself; a second request differing only in its truth
/// is scored on the same run, and bytes that are no truth score nothing.
#[test]
fn the_runner_answers_as_the_page_would() {
    let request = RunRequest {
        source: "to(2e6, 9e6) * to(3, 12)".into(),
        dialect: Dialect::Squiggle,
        options: fermi_eval::Options {
            samples: 5_000,
            seed: 9,
        },
    };
    let truth = FittedTruth::Lognormal {
        mu: 17.0,
        sigma: 0.5,
    };
    let direct = run(&request.source, request.dialect, &request.options);
    let scored = score(direct.log_samples().unwrap(), truth);
    let mut runner = Runner::default();
    assert_eq!(
        runner.answer(&encode_request(&request, None)),
        encode(&direct, None)
    );
    assert_eq!(
        runner.answer(&encode_request(&request, Some(truth))),
        encode(&direct, scored.as_ref())
    );
    // Bytes that are no request: a run whose error says what to do, never a panic.
    let (unreadable, none) = decode(&runner.answer(b"not a request")).unwrap();
    assert!(none.is_none());
    assert!(
        unreadable
            .estimate()
            .is_err_and(|e| e.contains("reload the page"))
    );
    let (_, crossed) = decode(&encode(&direct, scored.as_ref())).unwrap();
    assert!(crossed.is_some_and(|s| s.outcome().cramer_log.is_finite()));
}

/// The score card's truth line in the question's unit (a share in percent) and its bar's two parts.
#[test]
fn the_score_cards_words() {
    let r = run(
        "to(10, 100)",
        Dialect::Squiggle,
        &fermi_eval::Options {
            samples: 5_000,
            seed: 1,
        },
    );
    let samples = r.log_samples().unwrap();
    let point = score(samples, FittedTruth::Point(0.25)).unwrap();
    assert_eq!(point.truth_words("percent of adults"), "Truth: 25%");
    assert_eq!(point.truth_words("people"), "Truth: 0.25");
    let spread = score(
        samples,
        FittedTruth::Lognormal {
            mu: 30f64.ln(),
            sigma: 0.5,
        },
    )
    .unwrap();
    let words = spread.truth_words("people");
    assert!(
        words.starts_with("Truth: 5% ") && words.contains(" · median 30 · 95% "),
        "{words}"
    );
    for s in [&point, &spread] {
        let [location, shape] = s.parts();
        let (l, sh) = (location.percent, shape.percent);
        assert!(
            (l + sh - 100.0).abs() < 1e-9 && l >= 0.0 && sh >= 0.0,
            "{l} {sh}"
        );
        let b = s.assessment.report.breakdown_shift;
        let noise = s.assessment.noise;
        assert_eq!(
            (location.key, location.nats, location.within_noise),
            ("location", b.location, noise.location_within_noise)
        );
        assert_eq!(
            (shape.key, shape.nats, shape.within_noise),
            ("shape", b.shape, noise.shape_within_noise)
        );
    }
}

/// Lanes of a shared worker: each answer is taken only for its lane's latest request; an older request's answer,
/// an unknown id and the id 0 are stale.
#[test]
fn only_a_lanes_latest_answer_is_taken() {
    let mut lanes = fermi_practice::run::Lanes::<&str>::default();
    let (a, b) = (lanes.add(), lanes.add());
    assert_eq!(lanes.answered(0), None);
    let a1 = lanes.send(a, "a1");
    let b1 = lanes.send(b, "b1");
    let a2 = lanes.send(a, "a2");
    assert!(a1 < b1 && b1 < a2);
    assert_eq!(lanes.answered(a1), None, "superseded by a2");
    assert_eq!(lanes.answered(b1), Some((b, "b1")));
    assert_eq!(lanes.answered(a2), Some((a, "a2")));
    assert_eq!(lanes.answered(99), None);
    // A lane that does not exist records nothing.
    let lost = lanes.send(7, "x");
    assert_eq!(lanes.answered(lost), None);
}

/// What the page sends its worker comes out whole: every seed (above 2^53 too), sample count, dialect and truth.
#[test]
fn a_request_crosses_to_the_worker_exactly() {
    let cases = [
        (Dialect::Squiggle, 1, 0, None),
        (
            Dialect::Fermi,
            1_000_000,
            u64::MAX,
            Some(FittedTruth::Lognormal {
                mu: -3.5,
                sigma: 1e-9,
            }),
        ),
        (
            Dialect::Squiggle,
            100_000,
            (1 << 53) + 1,
            Some(FittedTruth::Lognormal {
                mu: 17.0,
                sigma: 0.5,
            }),
        ),
    ];
    for (dialect, samples, seed, truth) in cases {
        let request = RunRequest {
            source: "a = 1 to 3\na * 2 % 5".into(),
            dialect,
            options: fermi_eval::Options { samples, seed },
        };
        let crossed = decode_request(&encode_request(&request, truth));
        assert_eq!(
            crossed,
            Some((request, truth)),
            "{dialect:?} {samples} {seed}"
        );
    }
    assert_eq!(decode_request(b""), None);
}

/// A pipeline's schedule: which requests go to the worker, which worker answer is shown, when the worker is still
/// at it, and which score may stand beside the run shown.
#[test]
fn the_worker_answer_shown_is_the_latest_requests_own() {
    use fermi_practice::run::{Done, Job, Shared, evaluating, worker_run, worker_score};
    let request = |source: &str, samples: usize| RunRequest {
        source: source.into(),
        dialect: Dialect::Squiggle,
        options: fermi_eval::Options { samples, seed: 1 },
    };
    // (program, samples, worker alive, from 200,000) → in the worker?
    let cases = [
        ("to(1, 10)", 200_000, true, true),
        ("to(1, 10)", 199_999, true, false),
        ("to(1, 10)", 1_000_000, false, false),
        ("  \n", 1_000_000, true, false),
    ];
    for (source, samples, alive, worker) in cases {
        assert_eq!(
            request(source, samples).in_worker(alive, 200_000),
            worker,
            "{source:?} {samples} {alive}"
        );
    }
    let truth = FittedTruth::Point(5.0);
    let job = |source: &str, truth| Job {
        run: request(source, 1_000),
        truth,
    };
    let answer = |of: Job| {
        let run = of.run.run();
        let scored = of
            .truth
            .and_then(|t| score(run.log_samples()?, t).map(Shared::new));
        Done {
            of,
            run: Shared::new(run),
            scored,
        }
    };
    let done = answer(job("to(1, 10)", Some(truth)));
    let previous = Shared::new(Run::default());
    // The answer's own request shows its run; another shows the run before, or none.
    assert!(worker_run(Some(&done), &request("to(1, 10)", 1_000), None) == done.run);
    assert!(worker_run(Some(&done), &request("to(2, 10)", 1_000), Some(&previous)) == previous);
    let none = worker_run(None, &request("to(2, 10)", 1_000), None);
    assert!(none.forecast.is_none() && none != previous);
    // Still evaluating until the answer is to this very job (its truth included).
    let cases = [
        (None, job("to(1, 10)", Some(truth)), true),
        (Some(&done), job("to(1, 10)", Some(truth)), false),
        (Some(&done), job("to(1, 10)", None), true),
        (Some(&done), job("to(2, 10)", Some(truth)), true),
    ];
    for (done, job, expected) in cases {
        assert_eq!(evaluating(done, &job), expected, "{job:?}");
    }
    // A score only for the run shown, against the truth it was scored with.
    assert!(worker_score(Some(&done), &done.run, truth) == done.scored);
    let scored = done.scored.as_ref().expect("scored");
    assert_eq!(
        scored.announcement(),
        format!(
            "Cramér-log score {}. {}",
            scored.assessment.verdicts.score,
            scored.assessment.feedback.join(" ")
        )
    );
    assert!(worker_score(Some(&done), &previous, truth).is_none());
    assert!(worker_score(Some(&done), &done.run, FittedTruth::Point(6.0)).is_none());
    assert!(worker_score(None, &done.run, truth).is_none());
    // The worker's bytes read back as the answer; anything else is no answer.
    let bytes = fermi_practice::run::encode(&done.run, done.scored.as_deref());
    let read = Done::read(done.of.clone(), &bytes).expect("an answer");
    assert_eq!(read.scored.as_deref(), done.scored.as_deref());
    assert!(Done::read(done.of.clone(), b"\xff\xff").is_none());
    // Shared values are equal only to themselves, never by content.
    let a = Shared::new(1);
    assert!(a == a.clone() && a != Shared::new(1));
}
