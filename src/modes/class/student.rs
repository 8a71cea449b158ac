//! The student's page (`#class=…`): every question of the class set, answered as a quick 90% interval or a
//! program, each checked by the core at the class's sample count and seed, or marked "don't know"; a nickname;
//! then a code to hand in. The truth is never shown here, and the page links nowhere that shows one. The answers
//! are kept in local storage as a code, so a reload loses nothing.

use fermi_answer::Answer;
use fermi_bank::Pack;
use fermi_practice::submit::Check;
use fermi_study::class::{ClassSet, HandIn};
use fermi_syntax::Dialect;
use leptos::prelude::*;

use super::Masthead;
use crate::adapters;
use crate::components::files::download;
use crate::components::{AnswerBoxes, AnswerMode, BoundInput, QuickPrompt, value_in};
use crate::run::{Background, Pipeline};
use fermi_practice::Settings;

/// One question on the page: the core's answer on screen (the practice page's boxes over a run pipeline of its
/// own, at the class's sample count and this question's seed, debounced, run in the page's one worker), and
/// "don't know".
#[derive(Clone, Copy)]
struct Item {
    pipeline: Pipeline,
    boxes: AnswerBoxes,
    blank: RwSignal<bool>,
}

impl Item {
    /// Question `index`'s item showing `answer` (`None`: "don't know").
    fn new(set: &ClassSet, index: usize, answer: Option<&Answer>, background: Background) -> Item {
        let settings = Settings {
            samples: set.samples,
            seed: set.item_seed(&set.questions[index]),
            dialect: Dialect::Squiggle,
        };
        // Every run goes to the worker, whatever the class's sample count: typing never waits for one.
        let pipeline = Pipeline::sharing(settings, Signal::derive(|| None), background, 0);
        let boxes = AnswerBoxes::new(pipeline);
        if let Some(answer) = answer {
            boxes.load(answer, pipeline);
        }
        Item {
            pipeline,
            boxes,
            blank: RwSignal::new(answer.is_none()),
        }
    }

    /// What is handed in: the answer on screen, or `None` for "don't know".
    fn answer(&self) -> Option<Answer> {
        (!self.blank.get()).then(|| self.boxes.answer(self.pipeline))
    }

    /// What the page says under the question (the core's `Check`): whether it can be handed in, and why not.
    fn check(&self, unit: &str) -> Check {
        let pending = self.pipeline.typing() || self.pipeline.evaluating.get();
        let run = self.pipeline.run.get();
        Check::of(
            self.blank.get(),
            &self.boxes.answer(self.pipeline),
            pending,
            &run,
            unit,
        )
    }
}

#[component]
pub fn Student(set: ClassSet, pack: StoredValue<Pack>) -> impl IntoView {
    let draft_key = set.storage_key("draft");
    // The answers kept in this browser, so that a reload loses nothing.
    let kept = adapters::read(&draft_key).ok().flatten();
    let draft = HandIn::resume(kept.as_deref(), &set, adapters::fresh_entropy());
    let key = draft.key;
    let name = RwSignal::new(draft.name);
    let background = Background::start();
    let items: Vec<Item> = draft
        .answers
        .iter()
        .enumerate()
        .map(|(i, answer)| Item::new(&set, i, answer.as_ref(), background))
        .collect();
    let items = StoredValue::new(items);
    let set = StoredValue::new(set);
    let hand_in = Memo::new(move |_| HandIn {
        name: name.get(),
        key,
        answers: items.with_value(|i| i.iter().map(Item::answer).collect()),
    });
    let code = Memo::new(move |_| hand_in.with(|h| set.with_value(|s| h.encode(s))));
    let storage_problem = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        storage_problem.set(adapters::write(&draft_key, &code.get()).err());
    });
    let ready = Memo::new(move |_| items.with_value(|i| i.iter().all(|i| i.check("").ready())));
    let anonymous = StoredValue::new(fermi_study::class::anonymous_label(key));
    let handed = RwSignal::new(false);
    let copied = RwSignal::new(false);
    let questions = move || {
        let questions =
            set.with_value(|s| pack.with_value(|p| s.in_pack(p).cloned().collect::<Vec<_>>()));
        questions
            .into_iter()
            .enumerate()
            .map(|(i, q)| {
                let item = items.with_value(|v| v[i]);
                view! { <QuestionForm index=i text=q.text unit=q.unit item /> }
            })
            .collect_view()
    };
    let handed_in = move || {
        handed.get().then(|| {
            let file = move |_| {
                let name = hand_in.with_untracked(|h| set.with_value(|s| h.file_name(s)));
                download(&name, &code.get_untracked())
            };
            view! {
                <h2>"Your code"</h2>
                <p class="muted">"Copy it to your teacher, or send the file. It holds your answers (and your name, if you gave one), checksummed."</p>
                <textarea class="class-code" readonly rows="3" data-testid="class-handin-code"
                    prop:value=move || code.get() on:focus=super::select_all></textarea>
                <div class="row">
                    <button class="primary" data-testid="class-copy" on:click=move |_| adapters::copy(code.get_untracked(), move |ok| _ = copied.try_set(ok))>
                        {move || if copied.get() { "Copied" } else { "Copy the code" }}
                    </button>
                    <button data-testid="class-download" on:click=file>"Save as a file"</button>
                </div>
                <p class="muted">"Changed an answer after handing in? The code above follows your answers; hand it in again and tell your teacher, whose page keeps the first code from you until the old one is deleted."</p>
            }
        })
    };
    view! {
        <Masthead subtitle="Answer every question, then hand in your code. The truths are revealed by your teacher." leads_out=false />
        <main class="class">
            <section class="panel" aria-label="Your nickname">
                <label for="class-name">"A nickname (optional; shown only if your teacher turns names on)"</label>
                <input id="class-name" data-testid="class-name" type="text" autocomplete="off"
                    maxlength=fermi_study::class::MAX_NAME_CHARS
                    prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
                <p class="muted" data-testid="class-anonymous">"On your teacher's screen you are "
                    <strong>{anonymous.get_value()}</strong> " (or your nickname, if names are on)."</p>
            </section>
            {questions}
            <section class="panel" aria-label="Hand in">
                <button class="primary" data-testid="class-handin" disabled=move || !ready.get()
                    on:click=move |_| handed.set(true)>"Hand in"</button>
                {move || (!ready.get()).then(|| view! { <span class="muted">" Every question needs an answer that runs, or \"don't know\"."</span> })}
                {move || storage_problem.get().map(|why| view! { <p class="problem">"Your answers are not saved in this browser: " {why} "."</p> })}
                {handed_in}
            </section>
        </main>
    }
}

#[component]
fn QuestionForm(index: usize, text: String, unit: String, item: Item) -> impl IntoView {
    let Item {
        pipeline,
        boxes,
        blank,
    } = item;
    let unit = Signal::stored(unit);
    // The tabs: the quick boxes, or a program in either dialect (both kept as typed).
    let tab = move |mode: AnswerMode, dialect: Dialect, label: &'static str, id: &'static str| {
        let pressed = move || {
            boxes.mode.get() == mode
                && (mode == AnswerMode::Quick || pipeline.dialect.get() == dialect)
        };
        view! {
            <button data-testid=id aria-pressed=move || pressed().to_string()
                on:click=move |_| {
                    if mode == AnswerMode::Program {
                        pipeline.dialect.set(dialect);
                    }
                    boxes.mode.set(mode);
                    pipeline.run_now();
                }>{label}</button>
        }
    };
    // Why it is not ready (the core's words, naming the box), the run's first error, or the estimate; and the
    // practice page's unit warning (a bare `64` on a share: 6,400%).
    let check = move || match item.check(&unit.get()) {
        Check::Estimate {
            p5,
            median,
            p95,
            warning,
        } => {
            let warning = warning.map(|w| {
                view! { <p class="unit-warning" data-testid="unit-warning" role="status">{w}</p> }
            });
            view! {
                <p class="estimate-summary" data-testid="class-check">
                    "Your estimate: 5% " <strong>{value_in(&unit.get(), p5)}</strong> " · median " <strong>{value_in(&unit.get(), median)}</strong>
                    " · 95% " <strong>{value_in(&unit.get(), p95)}</strong>
                </p>
                {warning}
            }
            .into_any()
        }
        other => {
            let problem = matches!(other, Check::Problem(_));
            view! { <p class:problem=problem class:muted=!problem data-testid="class-check">{other.words()}</p> }
                .into_any()
        }
    };
    // Each box's id is also its test hook; one pair per question.
    let low_id: &'static str = Box::leak(format!("class-low-{index}").into_boxed_str());
    let high_id: &'static str = Box::leak(format!("class-high-{index}").into_boxed_str());
    let program_id = format!("class-program-{index}");
    let form = move || {
        match boxes.mode.get() {
        AnswerMode::Quick => view! {
            <QuickPrompt unit />
            <div class="bounds">
                <BoundInput id=low_id label="Low (5th percentile)" value=boxes.low unit />
                <BoundInput id=high_id label="High (95th percentile)" value=boxes.high unit />
            </div>
        }
        .into_any(),
        AnswerMode::Program => view! {
            <label for=program_id.clone()>{move || format!("Your program ({})", pipeline.dialect.get().name())}</label>
            <textarea id=program_id.clone() class="class-program" data-testid="class-program" rows="4" spellcheck="false"
                autocapitalize="off" prop:value=move || pipeline.source.get()
                on:input=move |ev| pipeline.source.set(event_target_value(&ev))></textarea>
        }
        .into_any(),
    }
    };
    view! {
        <section class="panel" data-testid="class-question" aria-label=format!("Question {}", index + 1)>
            <p class="question-text">{format!("{}. ", index + 1)} {text}</p>
            <p class="muted">"Unit: " {unit}</p>
            {move || (!blank.get()).then(|| view! {
                <div class="tabs" role="group" aria-label="How to answer">
                    {tab(AnswerMode::Quick, Dialect::Squiggle, "Quick: a 90% interval", "class-way-quick")}
                    {tab(AnswerMode::Program, Dialect::Squiggle, "Squiggle program", "class-way-squiggle")}
                    {tab(AnswerMode::Program, Dialect::Fermi, "fermi program", "class-way-fermi")}
                </div>
            })}
            {move || (!blank.get()).then(&form)}
            <label class="check">
                <input type="checkbox" data-testid="class-dont-know" prop:checked=move || blank.get()
                    on:change=move |ev| blank.set(event_target_checked(&ev)) />
                " I don't know (hand in the rest without this one)"
            </label>
            {check}
        </section>
    }
}
