use fermi_practice::Settings;
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
                    match Settings::read_samples(&event_target_value(&ev), pipeline.samples.get_untracked()) {
                        Ok(n) => {
                            samples_problem.set(None);
                            pipeline.samples.set(n);
                        }
                        Err(why) => samples_problem.set(Some(why)),
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
                        match Settings::read_seed(&event_target_value(&ev), pipeline.seed.get_untracked()) {
                            Ok(s) => {
                                seed_problem.set(None);
                                pipeline.seed.set(s);
                            }
                            Err(why) => {
                                seed_problem.set(Some(why));
                                seed_text.set(pipeline.seed.get_untracked().to_string());
                            }
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
