use leptos::prelude::*;

use crate::run::{Pipeline, UI_MAX_SAMPLES, UI_MIN_SAMPLES};

/// The `Pipeline`'s sample count and seed (with a re-roll), then what the mode adds (`children`). The dialect sits
/// beside the program editor.
#[component]
pub fn SettingsPanel(children: Children) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let samples_text = RwSignal::new(pipeline.samples.get_untracked().to_string());
    let seed_text = RwSignal::new(pipeline.seed.get_untracked().to_string());
    // Keep the boxes in step when something else (a share link, a re-roll) sets the values.
    Effect::new(move |_| samples_text.set(pipeline.samples.get().to_string()));
    Effect::new(move |_| seed_text.set(pipeline.seed.get().to_string()));
    let samples_problem = RwSignal::new(None::<String>);
    let seed_problem = RwSignal::new(None::<String>);
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
                            pipeline.samples.set(n);
                        }
                        _ => samples_problem.set(Some(format!("“{text}” is not a whole number from 1,000 to 1,000,000; still using {}.", pipeline.samples.get_untracked()))),
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
                    aria-describedby="seed-problem"
                    on:change=move |ev| {
                        let text = event_target_value(&ev);
                        if let Ok(s) = text.trim().parse::<u64>() {
                            seed_problem.set(None);
                            pipeline.seed.set(s);
                        } else {
                            seed_problem.set(Some(format!("“{}” is not a seed: a seed is a whole number from 0 to 18,446,744,073,709,551,615; still using {}.", text.trim(), pipeline.seed.get_untracked())));
                            seed_text.set(pipeline.seed.get_untracked().to_string());
                        }
                    }
                />
                <button
                    data-testid="reroll"
                    aria-label="Re-roll the seed"
                    on:click=move |_| pipeline.seed.set(crate::adapters::fresh_entropy())
                >
                    "Re-roll"
                </button>
            </div>
            <p class="problem" id="seed-problem" role="alert" data-testid="seed-problem">{move || seed_problem.get()}</p>
            {children()}
        </section>
    }
}
