use fermi_bank::TruthSpec;
use fermi_practice::prose::{Block, blocks, linkable};
use leptos::prelude::*;

use super::PracticeState;

#[component]
pub fn QuestionView() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let field = move |f: fn(&fermi_bank::Question) -> String| {
        move || state.question.get().map(|q| f(&q)).unwrap_or_default()
    };
    let disambiguation = move || {
        state
            .question
            .get()
            .and_then(|q| q.disambiguation.clone())
            .map(|d| view! { <p class="muted">{d}</p> })
    };
    view! {
        <section class="panel question" aria-labelledby="question-text">
            <p id="question-text" class="question-text" data-testid="question-text">{field(|q| q.text.clone())}</p>
            {disambiguation}
            <p class="question-meta">
                <span>"Unit: " <strong data-testid="question-unit">{field(|q| q.unit.clone())}</strong></span>
                <span>"As of: " {field(|q| q.as_of.clone())}</span>
                <a class="to-list" href="#questions" on:click=|_| super::browser::unfold()>"Other questions"</a>
            </p>
        </section>
    }
}

/// Pack prose as paragraphs (blank lines part them; hard-wrapped lines join) and lists (runs of `- ` lines), so an
/// imported set's facts and decomposition keep their shape.
fn prose(text: &str) -> impl IntoView + use<> {
    blocks(text)
        .into_iter()
        .map(|block| match block {
            Block::List(items) => {
                view! { <ul>{items.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul> }
                    .into_any()
            }
            Block::Paragraph(text) => view! { <p>{text}</p> }.into_any(),
        })
        .collect_view()
}
/// The question's explanation, trap, sources and truth program: shown only after Submit.
#[component]
pub fn Explanation() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    move || {
        let q = state.question.get().filter(|_| state.submitted.get())?;
        // The built-in pack's explanations and sources arrive after the first screen.
        if state.selected.with(|s| matches!(s, Some((0, _)))) && !fermi_bank::builtin_has_details()
        {
            let waiting =
                view! { <p class="panel muted">"Loading the explanation and sources…"</p> };
            return Some(waiting.into_any());
        }
        let text = |title: &'static str, body: Option<String>| {
            body.map(|b| view! { <h3>{title}</h3> <div class="prose">{prose(&b)}</div> })
        };
        let sources = q
            .sources
            .iter()
            .map(|s| {
                let factor = s.factor.clone().map(|f| format!("{f}: "));
                // Pack text is data: only web addresses become links.
                let title = if linkable(&s.url) {
                    view! { <a href=s.url.clone() rel="noopener noreferrer" target="_blank">{s.title.clone()}</a> }
                        .into_any()
                } else {
                    view! { <span>{format!("{} <{}>", s.title, s.url)}</span> }.into_any()
                };
                view! {
                    <li>
                        {factor}
                        {title}
                        " (" {s.publisher.clone()} ") — " {s.detail.clone()}
                    </li>
                }
            })
            .collect_view();
        let program = match &q.truth {
            TruthSpec::Distribution { program, fermi } => {
                let fermi = fermi
                    .clone()
                    .map(|f| view! { <h4>"Fermi DSL twin"</h4> <pre class="code">{f}</pre> });
                Some(
                    view! { <h3>"Truth program"</h3> <pre class="code" data-testid="truth-program">{program.clone()}</pre> {fermi} },
                )
            }
            _ => None,
        };
        Some(view! {
            <section class="panel explanation" aria-label="About this question" data-testid="explanation">
                {text("Explanation", q.explanation.clone())}
                {text("Trap", q.trap.clone())}
                {text("Derivation", q.derivation.clone())}
                {program}
                <h3>"Sources"</h3>
                <ul class="sources">{sources}</ul>
            </section>
        }.into_any())
    }
}
