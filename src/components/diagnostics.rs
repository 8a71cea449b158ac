use fermi_syntax::{LineIndex, Severity};
use leptos::prelude::*;

use crate::state::AppState;

#[component]
pub fn Diagnostics() -> impl IntoView {
    let state = expect_context::<AppState>();
    let items = move || {
        let source = state.source.get();
        let index = LineIndex::new(&source);
        state
            .run
            .get()
            .0
            .diagnostics
            .iter()
            .map(|d| {
                let at = index.line_col(d.span.start as usize);
                let (class, kind) = match d.severity {
                    Severity::Error => ("diagnostic error", "error"),
                    Severity::Warning => ("diagnostic warning", "warning"),
                };
                let hint = d
                    .hint
                    .clone()
                    .map(|h| view! { <span class="hint">{h}</span> });
                view! {
                    <li class=class>
                        <span class="where">{format!("{}:{}", at.line, at.col)}</span>
                        " " <span class="kind">{kind}</span> ": " {d.message.clone()} {hint}
                    </li>
                }
            })
            .collect_view()
    };
    view! { <ul class="diagnostics" data-testid="diagnostics" aria-live="polite">{items}</ul> }
}
