use fermi_syntax::Dialect;
use leptos::prelude::*;

use crate::state::{AppState, UI_MAX_SAMPLES, UI_MIN_SAMPLES};

/// Sample count, seed (with a re-roll), dialect, and the share link of the current estimate.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let samples_text = RwSignal::new(state.samples.get_untracked().to_string());
    let seed_text = RwSignal::new(state.seed.get_untracked().to_string());
    // Keep the boxes in step when something else (a share link, a re-roll) sets the values.
    Effect::new(move |_| samples_text.set(state.samples.get().to_string()));
    Effect::new(move |_| seed_text.set(state.seed.get().to_string()));
    let samples_problem = RwSignal::new(None::<String>);
    let link = move || {
        let question = state.question.get()?;
        let encoded = crate::share::encode(&crate::share::Shared {
            question: question.id.clone(),
            source: state.evaluated.get(),
            dialect: state.dialect.get(),
            seed: state.seed.get(),
            samples: state.samples.get(),
        });
        let location = web_sys::window()?.location();
        let base = format!("{}{}", location.origin().ok()?, location.pathname().ok()?);
        Some(format!("{base}{encoded}"))
    };
    view! {
        <section class="panel settings" aria-label="Settings">
            <h2>"Settings"</h2>
            <label for="sample-count">"Samples (1,000 to 1,000,000)"</label>
            <input
                id="sample-count"
                data-testid="sample-count"
                type="number"
                min=UI_MIN_SAMPLES
                max=UI_MAX_SAMPLES
                step="1000"
                prop:value=move || samples_text.get()
                on:change=move |ev| {
                    let text = event_target_value(&ev);
                    match text.trim().parse::<usize>() {
                        Ok(n) if (UI_MIN_SAMPLES..=UI_MAX_SAMPLES).contains(&n) => {
                            samples_problem.set(None);
                            state.samples.set(n);
                        }
                        _ => samples_problem.set(Some(format!("“{text}” is not a whole number from 1,000 to 1,000,000; still using {}.", state.samples.get_untracked()))),
                    }
                }
            />
            <p class="problem" role="alert">{move || samples_problem.get()}</p>
            <label for="seed">"Seed"</label>
            <div class="row">
                <input
                    id="seed"
                    data-testid="seed"
                    type="text"
                    inputmode="numeric"
                    prop:value=move || seed_text.get()
                    on:change=move |ev| {
                        if let Ok(s) = event_target_value(&ev).trim().parse::<u64>() {
                            state.seed.set(s);
                        } else {
                            seed_text.set(state.seed.get_untracked().to_string());
                        }
                    }
                />
                <button
                    data-testid="reroll"
                    aria-label="Re-roll the seed"
                    on:click=move |_| state.seed.set((js_sys::Math::random() * 1e9) as u64)
                >
                    "Re-roll"
                </button>
            </div>
            <label for="dialect">"Dialect"</label>
            <select
                id="dialect"
                data-testid="dialect"
                on:change=move |ev| {
                    state.dialect.set(if event_target_value(&ev) == "fermi" { Dialect::Fermi } else { Dialect::Squiggle });
                    state.run_now();
                }
                prop:value=move || state.dialect.get().name()
            >
                <option value="squiggle">"Squiggle subset"</option>
                <option value="fermi">"fermi DSL"</option>
            </select>
            <label for="share-link">"Share link (question, program, dialect, seed, samples)"</label>
            <input id="share-link" data-testid="share-link" type="text" readonly prop:value=move || link().unwrap_or_default() />
        </section>
    }
}
