//! The student's page (`#class=…`): every question of the class set, answered as a quick 90% interval or a
//! program, each checked by the core at the class's sample count and seed; then a code to hand in. The truth is
//! never shown here. The answers are kept in local storage as a code, so a reload loses nothing.

use fermi_bank::Pack;
use fermi_study::Format;
use fermi_study::class::{Answer, ClassSet, HandIn};
use leptos::prelude::*;

use super::{Masthead, copy_to_clipboard};
use crate::adapters;
use crate::components::files::download;
use crate::components::readable;

/// One question's inputs: the way of answering, the quick bounds and the program.
#[derive(Clone, Copy)]
struct Inputs {
    way: RwSignal<Way>,
    low: RwSignal<String>,
    high: RwSignal<String>,
    source: RwSignal<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    Quick,
    Program(Format),
}

impl Inputs {
    fn from(answer: Option<&Answer>) -> Inputs {
        let (way, low, high, source) = match answer {
            Some(Answer::Quick { low, high }) => {
                (Way::Quick, low.clone(), high.clone(), String::new())
            }
            Some(Answer::Program { format, source }) => (
                Way::Program(*format),
                String::new(),
                String::new(),
                source.clone(),
            ),
            None => (Way::Quick, String::new(), String::new(), String::new()),
        };
        Inputs {
            way: RwSignal::new(way),
            low: RwSignal::new(low),
            high: RwSignal::new(high),
            source: RwSignal::new(source),
        }
    }

    fn answer(&self) -> Answer {
        match self.way.get() {
            Way::Quick => Answer::Quick {
                low: self.low.get(),
                high: self.high.get(),
            },
            Way::Program(format) => Answer::Program {
                format,
                source: self.source.get(),
            },
        }
    }
}

#[component]
pub fn Student(set: ClassSet, pack: StoredValue<Pack>) -> impl IntoView {
    let draft_key = format!("fermi-playground.class.{}.draft", set.id());
    let draft = adapters::read(&draft_key)
        .ok()
        .flatten()
        .and_then(|code| HandIn::decode(&code, &set).ok());
    let key = draft
        .as_ref()
        .map(|d| d.key)
        .unwrap_or_else(adapters::fresh_entropy);
    let name = RwSignal::new(draft.as_ref().map(|d| d.name.clone()).unwrap_or_default());
    let inputs: Vec<Inputs> = (0..set.questions.len())
        .map(|i| Inputs::from(draft.as_ref().and_then(|d| d.answers.get(i))))
        .collect();
    let inputs = StoredValue::new(inputs);
    let set = StoredValue::new(set);
    let hand_in = Memo::new(move |_| HandIn {
        name: name.get(),
        key,
        answers: inputs.with_value(|i| i.iter().map(Inputs::answer).collect()),
    });
    let code = Memo::new(move |_| hand_in.with(|h| set.with_value(|s| h.encode(s))));
    let storage_problem = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        storage_problem.set(adapters::write(&draft_key, &code.get()).err());
    });
    let ready = Memo::new(move |_| {
        hand_in.with(|h| {
            set.with_value(|s| {
                h.answers
                    .iter()
                    .enumerate()
                    .all(|(i, a)| s.check(i, a).is_ok())
            })
        })
    });
    let handed = RwSignal::new(false);
    let copied = RwSignal::new(false);
    let questions = move || {
        set.with_value(|s| {
            s.questions
                .iter()
                .enumerate()
                .map(|(i, id)| {
                    let (text, unit) = pack.with_value(|p| {
                        p.question(id)
                            .map(|q| (q.text.clone(), q.unit.clone()))
                            .unwrap_or_default()
                    });
                    let input = inputs.with_value(|v| v[i]);
                    view! { <QuestionForm index=i text unit input set /> }
                })
                .collect_view()
        })
    };
    let handed_in = move || {
        handed.get().then(|| {
            let file = move |_| download("class-code.txt", &code.get_untracked());
            view! {
                <h2>"Your code"</h2>
                <p class="muted">"Copy it to your teacher, or send the file. It holds your answers (and your name, if you gave one), checksummed."</p>
                <textarea class="class-code" readonly rows="3" data-testid="class-handin-code"
                    prop:value=move || code.get() on:focus=super::select_all></textarea>
                <div class="row">
                    <button class="primary" data-testid="class-copy" on:click=move |_| copy_to_clipboard(&code.get_untracked(), copied)>
                        {move || if copied.get() { "Copied" } else { "Copy the code" }}
                    </button>
                    <button data-testid="class-download" on:click=file>"Save as a file"</button>
                </div>
                <p class="muted">"Changed an answer after handing in? The code above follows your answers; hand it in again and tell your teacher, whose page keeps the first code from you until the old one is deleted."</p>
            }
        })
    };
    view! {
        <Masthead subtitle="Answer every question, then hand in your code. The truths are revealed by your teacher." />
        <main class="class">
            <section class="panel" aria-label="Your name">
                <label for="class-name">"Your name (optional; the presenter view never shows it)"</label>
                <input id="class-name" data-testid="class-name" type="text" autocomplete="off"
                    maxlength=fermi_study::class::MAX_NAME_CHARS
                    prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </section>
            {questions}
            <section class="panel" aria-label="Hand in">
                <button class="primary" data-testid="class-handin" disabled=move || !ready.get()
                    on:click=move |_| handed.set(true)>"Hand in"</button>
                {move || (!ready.get()).then(|| view! { <span class="muted">" Every question needs an answer that runs."</span> })}
                {move || storage_problem.get().map(|why| view! { <p class="problem">"Your answers are not saved in this browser: " {why} "."</p> })}
                {handed_in}
            </section>
        </main>
    }
}

#[component]
fn QuestionForm(
    index: usize,
    text: String,
    unit: String,
    input: Inputs,
    set: StoredValue<ClassSet>,
) -> impl IntoView {
    let tab = move |way: Way, label: &'static str, id: &'static str| {
        view! {
            <button data-testid=id aria-pressed=move || (input.way.get() == way).to_string()
                on:click=move |_| input.way.set(way)>{label}</button>
        }
    };
    let check = move || {
        let answer = input.answer();
        let blank = match &answer {
            Answer::Quick { low, high } => low.trim().is_empty() && high.trim().is_empty(),
            Answer::Program { source, .. } => source.trim().is_empty(),
        };
        if blank {
            return view! { <p class="muted" data-testid="class-check">"Not answered yet."</p> }
                .into_any();
        }
        match set.with_value(|s| s.check(index, &answer)) {
            Ok(q) => view! {
                <p class="estimate-summary" data-testid="class-check">
                    "Your estimate: 5% " <strong>{readable(q.p5)}</strong> " · median " <strong>{readable(q.p50)}</strong>
                    " · 95% " <strong>{readable(q.p95)}</strong>
                </p>
            }
            .into_any(),
            Err(why) => view! { <p class="problem" data-testid="class-check">{why}</p> }.into_any(),
        }
    };
    let bound = move |id: &'static str, label: &'static str, signal: RwSignal<String>| {
        let dom_id = format!("{id}-{index}");
        view! {
            <div class="bound">
                <label for=dom_id.clone()>{label}</label>
                <input id=dom_id data-testid=id type="text" inputmode="decimal" autocomplete="off"
                    prop:value=move || signal.get() on:input=move |ev| signal.set(event_target_value(&ev)) />
            </div>
        }
    };
    let program_id = format!("class-program-{index}");
    let form = move || {
        match input.way.get() {
        Way::Quick => view! {
            <div class="bounds">
                {bound("class-low", "Low (5th percentile)", input.low)}
                {bound("class-high", "High (95th percentile)", input.high)}
            </div>
        }
        .into_any(),
        Way::Program(format) => view! {
            <label for=program_id.clone()>{format!("Your program ({})", format.as_str())}</label>
            <textarea id=program_id.clone() class="class-program" data-testid="class-program" rows="4" spellcheck="false"
                autocapitalize="off" prop:value=move || input.source.get()
                on:input=move |ev| input.source.set(event_target_value(&ev))></textarea>
        }
        .into_any(),
    }
    };
    view! {
        <section class="panel" data-testid="class-question" aria-label=format!("Question {}", index + 1)>
            <p class="question-text">{format!("{}. ", index + 1)} {text}</p>
            <p class="muted">"Unit: " {unit}</p>
            <div class="tabs" role="group" aria-label="How to answer">
                {tab(Way::Quick, "Quick: a 90% interval", "class-way-quick")}
                {tab(Way::Program(Format::Squiggle), "Squiggle program", "class-way-squiggle")}
                {tab(Way::Program(Format::Fermi), "fermi program", "class-way-fermi")}
            </div>
            {form}
            {check}
        </section>
    }
}
