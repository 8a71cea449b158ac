//! The two ways to answer (a quick 90% interval, or a program) and Submit. Both end as a visible program.

use fermi_syntax::Severity;
use leptos::html;
use leptos::prelude::*;

use super::diagnostics::{Diagnostics, marked_pieces};
use super::readable;
use crate::state::{AppState, Mode};

#[component]
pub fn Answer() -> impl IntoView {
    let state = expect_context::<AppState>();
    let switch = move |mode: Mode| {
        move |_| {
            state.mode.set(mode);
            state.run_now();
        }
    };
    let pressed = move |mode: Mode| move || (state.mode.get() == mode).to_string();
    let can_submit = move || matches!(state.run.get().forecast, Some(Ok(_)));
    let note = move || {
        if let Some(why) = (!can_submit()).then(|| submit_blocked(&state)).flatten() {
            return view! { <span class="submit-why" data-testid="submit-why">{why}</span> }
                .into_any();
        }
        view! {
            <span class="muted">{move || if state.submitted.get() {
                "Submitted: edits now rescore at once."
            } else {
                "The truth stays hidden until you submit."
            }}</span>
        }
        .into_any()
    };
    view! {
        <section class="panel answer" id="answer" aria-label="Your answer">
            <div class="tabs" role="group" aria-label="How to answer">
                <button data-testid="mode-quick" aria-pressed=pressed(Mode::Quick) on:click=switch(Mode::Quick)>
                    "Quick: a 90% interval"
                </button>
                <button data-testid="mode-program" aria-pressed=pressed(Mode::Program) on:click=switch(Mode::Program)>
                    "Program"
                </button>
            </div>
            {move || match state.mode.get() {
                Mode::Quick => view! { <Quick /> }.into_any(),
                Mode::Program => view! { <Editor /> }.into_any(),
            }}
            <Diagnostics />
            <EstimateSummary />
            <div class="submit-row">
                <button
                    class="primary"
                    data-testid="submit"
                    disabled=move || !can_submit()
                    on:click=move |_| state.submit()
                >
                    "Submit and reveal the truth"
                </button>
                {note}
            </div>
        </section>
    }
}

/// Why Submit is disabled, in words; `None` while there is simply nothing new yet to say.
fn submit_blocked(state: &AppState) -> Option<&'static str> {
    let typing = state.source.with(|s| state.evaluated.with(|e| s != e));
    if typing || state.evaluating.get() {
        return Some("Waiting for the run to finish…");
    }
    let run = state.run.get();
    if run.diagnostics.iter().any(|d| d.is_error()) {
        return Some("Fix the errors listed above to submit.");
    }
    match (&run.forecast, state.mode.get()) {
        (Some(Err(_)), _) => Some("The samples can't be scored (see above)."),
        (Some(Ok(_)), _) => None,
        (None, Mode::Quick) => Some("Enter a low and a high number to submit."),
        (None, Mode::Program) => Some("Write a program to submit."),
    }
}

#[component]
fn Quick() -> impl IntoView {
    let state = expect_context::<AppState>();
    let bound = move |id: &'static str, label: &'static str, signal: RwSignal<String>| {
        let echo = move || {
            let text = signal.get();
            if text.trim().is_empty() {
                return String::new();
            }
            match fermi_num::parse_readable(&text) {
                Some(v) => format!("{} = {}", text.trim(), readable(v)),
                None => "not a number yet (try 98.3e9, 98.3 billion or 98.3B)".to_string(),
            }
        };
        view! {
            <div class="bound">
                <label for=id>{label}</label>
                <input
                    id=id
                    data-testid=id
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    prop:value=move || signal.get()
                    on:input=move |ev| signal.set(event_target_value(&ev))
                />
                <span class="echo" aria-live="polite">{echo}</span>
            </div>
        }
    };
    let unit = move || {
        state
            .question
            .get()
            .map(|q| q.unit.clone())
            .unwrap_or_default()
    };
    view! {
        <p class="muted">"You are 90% sure the answer lies between these (" {unit} "):"</p>
        <div class="bounds">
            {bound("quick-low", "Low (5th percentile)", state.low)}
            {bound("quick-high", "High (95th percentile)", state.high)}
        </div>
        <p class="quick-program">
            "As a program: " <code data-testid="quick-program">{move || state.source.get()}</code> " "
            <button class="link" on:click=move |_| state.mode.set(Mode::Program)>"Edit as a program"</button>
        </p>
    }
}

/// The program editor: a textarea over a layer that repeats the text with diagnostics underlined, and a line
/// number gutter. Ctrl/Cmd-Enter runs at once; otherwise the run follows a short pause in typing.
#[component]
fn Editor() -> impl IntoView {
    let state = expect_context::<AppState>();
    let backdrop = NodeRef::<html::Pre>::new();
    let gutter = NodeRef::<html::Pre>::new();
    let lines = move || state.source.with(|s| s.split('\n').count());
    let numbers = move || (1..=lines()).map(|i| format!("{i}\n")).collect::<String>();
    let marked = move || {
        let run = state.run.get();
        let source = state.source.get();
        // Underlines belong to the text that was evaluated; while typing ahead of the run, show none.
        let diagnostics = if state.evaluated.with(|e| *e == source) {
            run.diagnostics.as_slice()
        } else {
            &[]
        };
        marked_pieces(&source, diagnostics)
            .into_iter()
            .map(|(text, severity)| match severity {
                None => view! { <span>{text}</span> }.into_any(),
                Some(Severity::Error) => {
                    view! { <mark class="squiggle error">{text}</mark> }.into_any()
                }
                Some(Severity::Warning) => {
                    view! { <mark class="squiggle warning">{text}</mark> }.into_any()
                }
            })
            .collect_view()
    };
    let sync_scroll = move |ev: web_sys::Event| {
        let Some(area) = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlTextAreaElement>(t).ok())
        else {
            return;
        };
        if let Some(b) = backdrop.get() {
            b.set_scroll_top(area.scroll_top());
            b.set_scroll_left(area.scroll_left());
        }
        if let Some(g) = gutter.get() {
            g.set_scroll_top(area.scroll_top());
        }
    };
    let dialect = move || state.dialect.get().name();
    view! {
        <label class="editor-label" for="estimate-input">
            "Your estimate as a program (" {dialect} "; Ctrl/Cmd-Enter runs it now)"
        </label>
        <div class="editor">
            <pre class="gutter" node_ref=gutter aria-hidden="true">{numbers}</pre>
            <div class="editor-body">
                <pre class="backdrop" node_ref=backdrop aria-hidden="true">{marked}"\n"</pre>
                <textarea
                    id="estimate-input"
                    data-testid="estimate-input"
                    spellcheck="false"
                    autocapitalize="off"
                    autocomplete="off"
                    wrap="off"
                    aria-describedby="diagnostics-help"
                    rows=move || lines().clamp(4, 18) + 1
                    placeholder="coal_kwh = to(90e9, 100e9)\n…"
                    prop:value=move || state.source.get()
                    on:input=move |ev| state.source.set(event_target_value(&ev))
                    on:scroll=sync_scroll
                    on:keydown=move |ev: web_sys::KeyboardEvent| {
                        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
                            ev.prevent_default();
                            state.run_now();
                        }
                    }
                ></textarea>
            </div>
        </div>
        <p id="diagnostics-help" class="sr-only">"Problems with the program are listed below the editor."</p>
    }
}

/// The estimate's own p5, median and p95 (no truth), readable.
#[component]
fn EstimateSummary() -> impl IntoView {
    let state = expect_context::<AppState>();
    let typing = move || state.source.with(|s| state.evaluated.with(|e| s != e));
    let pending = move || typing() || state.evaluating.get();
    let busy = move || {
        if typing() {
            return Some(view! { <p class="muted pending" role="status">"Updating after you pause typing… (Ctrl/Cmd-Enter runs now)"</p> }.into_any());
        }
        state.evaluating.get().then(|| {
            let n = state.samples.get();
            view! { <p class="muted pending evaluating" role="status" data-testid="evaluating">{format!("Evaluating {} samples…", readable(n as f64))}</p> }.into_any()
        })
    };
    let summary = move || {
        let run = state.run.get();
        match run.forecast.as_ref()? {
            Err(e) => Some(
                view! { <p class="problem" data-testid="estimate-summary">{e.clone()}</p> }
                    .into_any(),
            ),
            Ok(f) => {
                let q = |ln: f64| readable(ln.exp());
                Some(
                    view! {
                        <p class="estimate-summary" data-testid="estimate-summary">
                            "Your estimate: 5% " <strong>{q(f.summary.p5)}</strong>
                            " · median " <strong>{q(f.summary.median)}</strong>
                            " · 95% " <strong>{q(f.summary.p95)}</strong>
                            <span class="muted">{format!(" ({} samples)", f.n)}</span>
                        </p>
                    }
                    .into_any(),
                )
            }
        }
    };
    view! { <div aria-busy=move || pending().to_string()>{busy}{summary}</div> }
}
