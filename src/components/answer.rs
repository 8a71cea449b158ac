//! The two ways to answer (a quick 90% interval, or a program) and Submit. Both end as a visible program, the
//! source of the `Pipeline` in context.

use fermi_syntax::{Diagnostic, Severity, Shown, quick_program};
use leptos::html;
use leptos::prelude::*;

use super::bound::BoundInput;
use super::diagnostics::{Diagnostics, LISTED, marked_pieces};
use super::readable;
use crate::run::Pipeline;

/// How the answer is given: a quick 90% interval, or a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerMode {
    Quick,
    Program,
}

/// The editor's inputs besides the program: the way of answering and the quick mode's two boxes.
#[derive(Clone, Copy)]
pub struct AnswerBoxes {
    pub mode: RwSignal<AnswerMode>,
    pub low: RwSignal<String>,
    pub high: RwSignal<String>,
}

impl AnswerBoxes {
    /// Empty boxes whose quick mode writes `pipeline`'s program.
    pub fn new(pipeline: Pipeline) -> AnswerBoxes {
        let boxes = AnswerBoxes {
            mode: RwSignal::new(AnswerMode::Quick),
            low: RwSignal::new(String::new()),
            high: RwSignal::new(String::new()),
        };
        Effect::new(move |_| {
            if boxes.mode.get() != AnswerMode::Quick {
                return;
            }
            let (low, high) = (boxes.low.get(), boxes.high.get());
            // Empty boxes leave a program written in the editor alone.
            if low.trim().is_empty() && high.trim().is_empty() {
                return;
            }
            let program = quick_program(&low, &high, pipeline.dialect.get()).unwrap_or_default();
            if pipeline.source.get_untracked() != program {
                pipeline.source.set(program);
            }
        });
        boxes
    }
}

/// The answer editor over the `Pipeline` in context: `unit` labels the quick boxes, `submitted` says whether the
/// truth is out, and Submit calls `on_submit`.
#[component]
pub fn Answer(
    boxes: AnswerBoxes,
    #[prop(into)] unit: Signal<String>,
    #[prop(into)] submitted: Signal<bool>,
    on_submit: Callback<()>,
) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let switch = move |mode: AnswerMode| {
        move |_| {
            boxes.mode.set(mode);
            pipeline.run_now();
        }
    };
    let pressed = move |mode: AnswerMode| move || (boxes.mode.get() == mode).to_string();
    let can_submit = move || matches!(pipeline.run.get().forecast, Some(Ok(_)));
    let note = move || {
        if let Some(why) = (!can_submit())
            .then(|| submit_blocked(&pipeline, boxes.mode.get()))
            .flatten()
        {
            return view! { <span class="submit-why" data-testid="submit-why">{why}</span> }
                .into_any();
        }
        view! {
            <span class="muted">{move || if submitted.get() {
                "Your first answer is the one that counts: edits after the reveal are scored but not recorded."
            } else {
                "The truth stays hidden until you submit."
            }}</span>
        }
        .into_any()
    };
    view! {
        <section class="panel answer" id="answer" aria-label="Your answer">
            <div class="tabs" role="group" aria-label="How to answer">
                <button data-testid="mode-quick" aria-pressed=pressed(AnswerMode::Quick) on:click=switch(AnswerMode::Quick)>
                    "Quick: a 90% interval"
                </button>
                <button data-testid="mode-program" aria-pressed=pressed(AnswerMode::Program) on:click=switch(AnswerMode::Program)>
                    "Program"
                </button>
            </div>
            {move || match boxes.mode.get() {
                AnswerMode::Quick => view! { <Quick boxes unit /> }.into_any(),
                AnswerMode::Program => view! { <Editor /> }.into_any(),
            }}
            <Diagnostics places=Signal::derive(move || boxes.mode.get() == AnswerMode::Program) />
            <EstimateSummary />
            <div class="submit-row">
                <button
                    class="primary"
                    data-testid="submit"
                    disabled=move || submitted.get() || !can_submit()
                    on:click=move |_| on_submit.run(())
                >
                    {move || if submitted.get() { "Submitted" } else { "Submit and reveal the truth" }}
                </button>
                {note}
            </div>
        </section>
    }
}

/// Why Submit is disabled, in words; `None` while there is simply nothing new yet to say.
fn submit_blocked(pipeline: &Pipeline, mode: AnswerMode) -> Option<&'static str> {
    if pipeline.typing() || pipeline.evaluating.get() {
        return Some("Waiting for the run to finish…");
    }
    let run = pipeline.run.get();
    if run.diagnostics.iter().any(|d| d.is_error()) {
        return Some("Fix the errors listed above to submit.");
    }
    match (&run.forecast, mode) {
        (Some(Err(_)), _) => Some("The samples can't be scored (see above)."),
        (Some(Ok(_)), _) => None,
        (None, AnswerMode::Quick) => Some("Enter a low and a high number to submit."),
        (None, AnswerMode::Program) => Some("Write a program to submit."),
    }
}

#[component]
pub fn Quick(boxes: AnswerBoxes, unit: Signal<String>) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    view! {
        <p class="muted">"You are 90% sure the answer lies between these (" {unit} "):"</p>
        <div class="bounds">
            <BoundInput id="quick-low" label="Low (5th percentile)" value=boxes.low />
            <BoundInput id="quick-high" label="High (95th percentile)" value=boxes.high />
        </div>
        <p class="quick-program">
            "As a program: " <code data-testid="quick-program">{move || pipeline.source.get()}</code> " "
            <button class="link" on:click=move |_| boxes.mode.set(AnswerMode::Program)>"Edit as a program"</button>
        </p>
    }
}

/// The program editor: a textarea over a layer that repeats the text with diagnostics underlined, and a line
/// number gutter. Ctrl/Cmd-Enter runs at once; otherwise the run follows a short pause in typing.
#[component]
pub fn Editor() -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let backdrop = NodeRef::<html::Pre>::new();
    let gutter = NodeRef::<html::Pre>::new();
    let lines = move || pipeline.source.with(|s| s.split('\n').count());
    let numbers = move || (1..=lines()).map(|i| format!("{i}\n")).collect::<String>();
    let marked = move || {
        let run = pipeline.run.get();
        let source = pipeline.source.get();
        // Underlines belong to the text that was evaluated; while typing ahead of the run, show none.
        let diagnostics: Vec<Diagnostic> = if pipeline.evaluated.with(|e| *e == source) {
            Shown::of(&run.diagnostics, LISTED)
                .list
                .into_iter()
                .cloned()
                .collect()
        } else {
            Vec::new()
        };
        marked_pieces(&source, &diagnostics)
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
    let dialect = move || pipeline.dialect.get().name();
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
                    prop:value=move || pipeline.source.get()
                    on:input=move |ev| pipeline.source.set(event_target_value(&ev))
                    on:scroll=sync_scroll
                    on:keydown=move |ev: web_sys::KeyboardEvent| {
                        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
                            ev.prevent_default();
                            pipeline.run_now();
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
pub fn EstimateSummary() -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let typing = move || pipeline.typing();
    let pending = move || typing() || pipeline.evaluating.get();
    let busy = move || {
        if typing() {
            return Some(view! { <p class="muted pending" role="status">"Updating after you pause typing… (Ctrl/Cmd-Enter runs now)"</p> }.into_any());
        }
        pipeline.evaluating.get().then(|| {
            let n = pipeline.samples.get();
            view! { <p class="muted pending evaluating" role="status" data-testid="evaluating">{format!("Evaluating {} samples…", readable(n as f64))}</p> }.into_any()
        })
    };
    let summary = move || {
        let run = pipeline.run.get();
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
