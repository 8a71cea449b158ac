//! The answer that counts for the open question, once it was answered: its recorded score, and whether what the
//! page shows now is that answer or edits made after the reveal (scored, never recorded).

use fermi_score::format_nats;
use leptos::prelude::*;

use super::PracticeState;

#[component]
pub fn RecordedAnswer() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    move || {
        // A missed question offered again in a set is answered afresh: its old answer stays out of sight.
        let entry = state
            .submitted
            .get()
            .then(|| state.recorded.get())
            .flatten()?;
        let when = String::from(js_sys::Date::new(&entry.at.into()).to_date_string());
        let reopen = {
            let entry = entry.clone();
            move |_| state.reopen(&entry)
        };
        let after = move || {
            state.after_reveal.get().then(|| {
                view! {
                    <p class="after-reveal" data-testid="after-reveal">
                        "After the reveal: the score below is for your edits. They are not recorded. "
                        <button class="link" data-testid="reopen-recorded" on:click=reopen.clone()>
                            "Reopen your recorded answer"
                        </button>
                    </p>
                }
            })
        };
        Some(view! {
            <div class="recorded" data-testid="recorded-answer">
                <p>
                    "Your recorded answer (" {when} "): Cramér-log "
                    <strong data-testid="recorded-score">{format_nats(entry.cramer_log)}</strong>
                    ". The first answer is the one that counts."
                </p>
                {after}
            </div>
        })
    }
}
