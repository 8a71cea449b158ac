use leptos::prelude::*;

use crate::state::AppState;

#[component]
pub fn QuestionView() -> impl IntoView {
    let state = expect_context::<AppState>();
    let text = move || {
        state
            .question
            .get()
            .map(|q| q.0.text.clone())
            .unwrap_or_default()
    };
    let unit = move || {
        state
            .question
            .get()
            .map(|q| q.0.unit.clone())
            .unwrap_or_default()
    };
    view! {
        <section class="question">
            <p class="question-text" data-testid="question-text">{text}</p>
            <p class="question-unit">"Unit: " {unit}</p>
        </section>
    }
}
