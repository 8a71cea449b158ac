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
