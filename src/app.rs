//! <App/>: the page layout. State lives in `AppState`, provided as context.

use leptos::prelude::*;

use crate::components::{Chart, Diagnostics, Editor, QuestionView, ScoreCard};
use crate::state::AppState;

#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new(crate::state::first_question());
    provide_context(state);
    view! {
        <main class="page">
            <header class="masthead">
                <h1>"Fermi Playground"</h1>
                <p class="tagline">"Estimate as a program. See it against the truth. Get a proper score."</p>
            </header>
            <QuestionView />
            <section class="work">
                <Editor />
                <Diagnostics />
            </section>
            <section class="result">
                <ScoreCard />
                <Chart />
            </section>
        </main>
    }
}
