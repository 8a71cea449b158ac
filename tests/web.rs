//! Browser tests (wasm-bindgen-test in headless Chromium): the core gives the same samples and scores as natively,
//! its ChaCha8 the same stream as rand_chacha, and the mounted app turns typing into a score and a drawing.
#![cfg(target_arch = "wasm32")]

mod common;

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Waits for leptos effects (they run asynchronously) by yielding to the event loop.
async fn tick(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
fn samples_are_bit_identical_to_native() {
    for case in common::cases(common::RECORDED_SAMPLES) {
        assert_eq!(common::hash_of(&case.line), case.expected, "{}", case.line);
    }
}

#[wasm_bindgen_test]
fn scores_are_bit_identical_to_native() {
    for case in common::cases(common::RECORDED_SCORES) {
        assert_eq!(
            common::score_bits(&case.line),
            case.expected,
            "{}",
            case.line
        );
    }
}

/// The simd128 ChaCha8 backend against rand_chacha's stream (the others are checked natively).
#[wasm_bindgen_test]
fn chacha8_simd128_matches_rand_chacha() {
    common::chacha8_matches_rand_chacha();
}

#[wasm_bindgen_test]
async fn typing_an_estimate_scores_and_draws() {
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let _handle = leptos::mount::mount_to(host.clone().unchecked_into(), playground::App);

    let query = |id: &str| {
        host.query_selector(&format!("[data-testid=\"{id}\"]"))
            .unwrap()
            .expect(id)
    };
    assert!(
        query("question-text")
            .text_content()
            .unwrap()
            .contains("Germany")
    );

    let click = |id: &str| query(id).unchecked_into::<web_sys::HtmlElement>().click();
    click("mode-program");
    tick(10).await;
    let input: web_sys::HtmlTextAreaElement = query("estimate-input").unchecked_into();
    let type_in = |text: &str| {
        input.set_value(text);
        input
            .dispatch_event(&web_sys::Event::new("input").unwrap())
            .unwrap();
    };
    type_in("to(93.9e9, 98.3e9) / to(150, 200) / 357022e6");
    // Evaluation waits for a pause in typing; the truth and the score wait for Submit.
    tick(400).await;
    assert_eq!(query("score-cramer").text_content().unwrap().trim(), "–");
    assert!(
        query("estimate-summary")
            .text_content()
            .unwrap()
            .contains("median")
    );
    click("submit");
    tick(50).await;

    let score: f64 = query("score-cramer")
        .text_content()
        .unwrap()
        .trim()
        .parse()
        .expect("a number");
    // The truth program itself: only sampling noise remains (the floor is ~sigma/(n sqrt(pi)) ≈ 1e-5 at n = 10^4).
    assert!((0.0..0.01).contains(&score), "score {score}");
    assert!(
        query("truth-summary")
            .text_content()
            .unwrap()
            .starts_with("Truth:")
    );

    type_in("1 +");
    tick(400).await;
    let diagnostics = query("diagnostics").text_content().unwrap();
    assert!(
        diagnostics.starts_with("1:"),
        "diagnostics show line:col: {diagnostics}"
    );
}

/// A run handed over by the worker shows what the page's own run would: diagnostics, sample count and quantiles,
/// the density, bit for bit; and so does its score against either kind of truth, infinities included.
#[wasm_bindgen_test]
fn a_run_crosses_from_the_worker_unchanged() {
    use fermi_bank::FittedTruth;
    use fermi_syntax::Dialect;
    use playground::run::{run, score};
    use playground::worker::{decode, encode};
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
        let shown = |run: &playground::run::Run| {
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

/// The app's one source of entropy answers from the browser's crypto, below 10⁹, and does not repeat itself.
#[wasm_bindgen_test]
fn fresh_entropy_comes_from_the_browser() {
    assert!(
        playground::adapters::crypto_entropy().is_some(),
        "the browser's crypto answers"
    );
    let draws: Vec<u64> = (0..8)
        .map(|_| playground::adapters::fresh_entropy())
        .collect();
    assert!(draws.iter().all(|&x| x < 1_000_000_000), "{draws:?}");
    let mut distinct = draws.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), draws.len(), "{draws:?}");
}
