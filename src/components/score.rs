use leptos::prelude::*;

use crate::state::AppState;

#[component]
pub fn ScoreCard() -> impl IntoView {
    let state = expect_context::<AppState>();
    let score = move || match &state.run.get().0.score {
        Some(Ok(d)) => format!("{d:.4}"),
        Some(Err(_)) | None => "–".to_string(),
    };
    let problem = move || match &state.run.get().0.score {
        Some(Err(e)) => e.clone(),
        _ => String::new(),
    };
    view! {
        <div class="score-card" aria-live="polite">
            <span class="score-label">"Cramér-log (lower is better)"</span>
            <span class="score-value" data-testid="score-cramer">{score}</span>
            <span class="score-problem">{problem}</span>
        </div>
    }
}
