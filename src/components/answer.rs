//! The two ways to answer (a quick 90% interval, or a program) and Submit. Both end as a visible program, the
//! source of the `Pipeline` in context; what the boxes and the editor hold is read as the core's
//! `fermi_answer::Answer`, which says what it runs as and why it is not ready.

use fermi_answer::{Answer as Given, Bounds, Switch};
use fermi_practice::submit::{blocked, submit_note, unit_warning};
use fermi_syntax::{Dialect, Severity};
use leptos::html;
use leptos::prelude::*;

use super::bound::BoundInput;
use super::diagnostics::{Diagnostics, LISTED};
use super::{coded, readable, value_in};
use crate::run::Pipeline;

/// The tab on screen: a quick 90% interval, or a program (both tabs keep what was typed in them).
pub use fermi_answer::Way as AnswerMode;

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
            let bounds = Bounds::new(boxes.low.get(), boxes.high.get());
            let Some(program) = bounds.typed_program(pipeline.dialect.get()) else {
                return;
            };
            if pipeline.source.get_untracked() != program {
                pipeline.source.set(program);
            }
        });
        boxes
    }

    /// The answer on screen, as the core holds it: the boxes on the quick tab, else the program in `pipeline`.
    pub fn answer(&self, pipeline: Pipeline) -> Given {
        match self.mode.get() {
            AnswerMode::Quick => Given::quick(self.low.get(), self.high.get()),
            AnswerMode::Program => Given::written(pipeline.dialect.get(), pipeline.source.get()),
        }
    }

    /// Puts an answer on screen: its tab, its boxes or its program (and dialect), run at once.
    pub fn load(&self, answer: &Given, pipeline: Pipeline) {
        let shown = answer.on_screen(pipeline.dialect.get_untracked());
        self.mode.set(shown.way);
        self.low.set(shown.bounds.low);
        self.high.set(shown.bounds.high);
        pipeline.dialect.set(shown.dialect);
        pipeline.load(shown.source);
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
    let can_submit = move || matches!(pipeline.run.get().forecast, Some(Ok(_)));
    // Ctrl/Cmd-Enter in a quick box: run now, then submit if the run can be scored (or is still in the worker,
    // which Submit waits for).
    let submit_now = Callback::new(move |()| {
        pipeline.run_now();
        let ready = matches!(pipeline.run.get_untracked().forecast, Some(Ok(_)));
        if ready || pipeline.evaluating.get_untracked() {
            on_submit.run(());
        }
    });
    let note = move || match (!can_submit()).then(|| submit_blocked(&pipeline, boxes)) {
        Some(Some(why)) => {
            view! { <span class="submit-why" data-testid="submit-why">{why}</span> }.into_any()
        }
        _ => view! { <span class="muted">{submit_note(submitted.get())}</span> }.into_any(),
    };
    view! {
        <section class="panel answer" id="answer" aria-label="Your answer">
            <ModeTabs boxes />
            {move || match boxes.mode.get() {
                AnswerMode::Quick => view! { <Quick boxes unit submit=submit_now /> }.into_any(),
                AnswerMode::Program => view! { <Editor /> }.into_any(),
            }}
            <Diagnostics places=Signal::derive(move || boxes.mode.get() == AnswerMode::Program) />
            <EstimateSummary unit />
            <UnitWarning boxes unit />
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

/// The two ways of answering as tabs over `boxes`; a switch runs the `Pipeline` in context at once.
#[component]
pub fn ModeTabs(boxes: AnswerBoxes) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let switch = move |mode: AnswerMode| {
        move |_| {
            boxes.mode.set(mode);
            pipeline.run_now();
        }
    };
    let pressed = move |mode: AnswerMode| move || (boxes.mode.get() == mode).to_string();
    view! {
        <div class="tabs" role="group" aria-label="How to answer">
            {[(AnswerMode::Quick, "mode-quick", "Quick: a 90% interval"), (AnswerMode::Program, "mode-program", "Program")]
                .map(|(mode, id, label)| view! { <button data-testid=id aria-pressed=pressed(mode) on:click=switch(mode)>{label}</button> })
                .collect_view()}
        </div>
    }
}

/// Why Submit is disabled, in the core's words.
fn submit_blocked(pipeline: &Pipeline, boxes: AnswerBoxes) -> Option<String> {
    let pending = pipeline.typing() || pipeline.evaluating.get();
    let state = pipeline.run.with(|run| run.state(pending));
    blocked(state, &boxes.answer(*pipeline))
}

#[component]
pub fn Quick(
    boxes: AnswerBoxes,
    unit: Signal<String>,
    /// Ctrl/Cmd-Enter in a box submits, where the face has a Submit (a study moves on with its own button).
    #[prop(optional)]
    submit: Option<Callback<()>>,
) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    // Enter runs at once (in Low with High still empty, it moves on to High); Ctrl/Cmd-Enter submits.
    let keydown = Callback::new(move |ev: web_sys::KeyboardEvent| {
        if ev.key() != "Enter" {
            return;
        }
        ev.prevent_default();
        if ev.ctrl_key() || ev.meta_key() {
            match submit {
                Some(submit) => submit.run(()),
                None => pipeline.run_now(),
            }
            return;
        }
        let in_low = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(t).ok())
            .is_some_and(|e| e.id() == "quick-low");
        if in_low && boxes.high.get_untracked().trim().is_empty() {
            focus_by_id("quick-high");
        } else {
            pipeline.run_now();
        }
    });
    view! {
        <QuickPrompt unit />
        <div class="bounds">
            <BoundInput id="quick-low" label="Low (5th percentile)" value=boxes.low unit on_keydown=keydown described_by="quick-keys" />
            <BoundInput id="quick-high" label="High (95th percentile)" value=boxes.high unit on_keydown=keydown described_by="quick-keys" />
        </div>
        <p id="quick-keys" class="muted keys">
            {if submit.is_some() { "Enter runs it, Ctrl/Cmd-Enter submits." } else { "Enter runs it." }}
        </p>
        <p class="quick-program">
            "As a program: " <code data-testid="quick-program">{move || pipeline.source.get()}</code> " "
            <button class="link" on:click=move |_| boxes.mode.set(AnswerMode::Program)>"Edit as a program"</button>
        </p>
    }
}

/// What the two bounds mean, in the question's unit, and on a share question how to type one (the words a model's
/// prompt gives too: `fermi_bank::share_guide`).
#[component]
pub fn QuickPrompt(unit: Signal<String>) -> impl IntoView {
    view! {
        <p class="muted">"You are 90% sure the answer lies between these (" {unit} "):"</p>
        {move || fermi_bank::share_guide(&unit.get()).map(|guide| view! {
            <p class="muted share-guide" data-testid="share-guide">{guide}</p>
        })}
    }
}

/// Moves the keyboard focus to the element with this id, if it is on the page.
pub fn focus_by_id(id: &str) {
    let element = document()
        .get_element_by_id(id)
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// The program editor: a textarea over a layer that repeats the text with diagnostics underlined, and a line
/// number gutter. Ctrl/Cmd-Enter runs at once; otherwise the run follows a short pause in typing. With
/// `dialect_switch` the dialect, its card and the conversion sit above it; a face that fixes the dialect itself
/// (a study allows what its file says) turns that off.
#[component]
pub fn Editor(#[prop(default = true)] dialect_switch: bool) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let backdrop = NodeRef::<html::Pre>::new();
    let gutter = NodeRef::<html::Pre>::new();
    let lines = move || pipeline.source.with(|s| s.split('\n').count());
    let numbers = move || (1..=lines()).map(|i| format!("{i}\n")).collect::<String>();
    let marked = move || {
        let run = pipeline.run.get();
        let source = pipeline.source.get();
        let evaluated = pipeline.evaluated.get();
        fermi_syntax::underlines(&source, &evaluated, &run.diagnostics, LISTED)
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
    let placeholder = move || fermi_syntax::syntax_card(pipeline.dialect.get()).placeholder;
    view! {
        {dialect_switch.then(|| view! { <DialectSwitch /> })}
        <label class="editor-label" for="estimate-input">
            "Your estimate as a program (" {dialect} ")"
            // Keyboard shortcuts are hidden on touch screens (www/style.css), where no keyboard has them.
            <span class="keys">" Ctrl/Cmd-Enter runs it now."</span>
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
                    placeholder=placeholder
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
        <SyntaxCard />
    }
}

/// The dialect beside the editor. Switching with a program written offers the core's conversion (fermi becomes
/// Squiggle), or says why there is none and offers the way back.
#[component]
fn DialectSwitch() -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    // The dialect switched from, the program then, and its conversion to the new one (or why there is none).
    let offer = RwSignal::new(None::<Switch>);
    let switch = move |ev: web_sys::Event| {
        let Some(to) = Dialect::named(&event_target_value(&ev)) else {
            return;
        };
        let from = pipeline.dialect.get_untracked();
        if from == to {
            return;
        }
        let source = pipeline.source.get_untracked();
        pipeline.dialect.set(to);
        pipeline.run_now();
        if let Some(switched) = Switch::offer(&source, from, to) {
            offer.set(Some(switched));
        }
    };
    let back = move |from: Dialect| {
        move |_| {
            pipeline.dialect.set(from);
            pipeline.run_now();
            offer.set(None);
        }
    };
    let offered = move || {
        let o = offer
            .get()
            .filter(|o| pipeline.source.with(|s| o.stands(s)))?;
        let convert = o.conversion.clone().ok().map(|converted| {
            view! {
                <button
                    data-testid="convert-program"
                    on:click=move |_| {
                        pipeline.load(converted.clone());
                        offer.set(None);
                    }
                >
                    {format!("Convert it to {}", o.to.name())}
                </button>
            }
        });
        Some(view! {
            <div class="dialect-offer" data-testid="dialect-convert" role="status">
                <span>{o.words()}</span>
                {convert}
                <button data-testid="switch-back" on:click=back(o.from)>{format!("Switch back to {}", o.from.name())}</button>
            </div>
        })
    };
    view! {
        <div class="dialect-row">
            <label for="dialect">"Dialect"</label>
            <select
                id="dialect"
                data-testid="dialect"
                on:change=switch
                prop:value=move || pipeline.dialect.get().name()
            >
                <option value="squiggle">"Squiggle subset"</option>
                <option value="fermi">"fermi DSL"</option>
            </select>
        </div>
        {offered}
    }
}

/// The core's short syntax card for the dialect in use: its rules and examples, code set as code.
#[component]
fn SyntaxCard() -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let content = move || {
        let card = fermi_syntax::syntax_card(pipeline.dialect.get());
        let rules = card
            .rules
            .iter()
            .map(|&r| view! { <li>{coded(r)}</li> })
            .collect_view();
        let examples = card
            .examples
            .iter()
            .map(|(code, what)| view! { <li><pre class="code">{*code}</pre><span class="muted">{*what}</span></li> })
            .collect_view();
        view! {
            <ul class="rules-list">{rules}</ul>
            <p class="muted">"Examples:"</p>
            <ul class="examples">{examples}</ul>
        }
    };
    view! {
        <details class="syntax-card" data-testid="syntax-card">
            <summary>{move || format!("How to write it ({})", pipeline.dialect.get().name())}</summary>
            {content}
        </details>
    }
}

/// A likely unit slip (a bare `64` on a share: 6,400%), in the core's words, before Submit (and after). Quick mode
/// gives the bounds as typed; a program, its estimate's 5th and 95th percentiles (the `Pipeline` in context).
#[component]
pub fn UnitWarning(boxes: AnswerBoxes, #[prop(into)] unit: Signal<String>) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    move || {
        let warning = unit_warning(&boxes.answer(pipeline), &pipeline.run.get(), &unit.get())?;
        Some(
            view! { <p class="unit-warning" data-testid="unit-warning" role="status">{warning}</p> },
        )
    }
}

/// The estimate's own p5, median and p95 (no truth), readable in the question's `unit` (a share in percent).
#[component]
pub fn EstimateSummary(#[prop(into)] unit: Signal<String>) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let typing = move || pipeline.typing();
    let pending = move || typing() || pipeline.evaluating.get();
    let busy = move || {
        if typing() {
            return Some(view! { <p class="muted pending" role="status">"Updating after you pause typing…" <span class="keys">" (Ctrl/Cmd-Enter runs now)"</span></p> }.into_any());
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
                let unit = unit.get();
                let q = |ln: f64| value_in(&unit, ln.exp());
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
