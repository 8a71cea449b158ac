//! Class mode, with no server (`#class`, docs/class-mode.md): the teacher builds a class set and gets a link,
//! students answer and hand in codes (`student.rs`), the teacher's page takes the codes (`teacher.rs`). Links,
//! codes, scores, the board, the crowd and the calibration all come from `fermi_study::class`.

mod qr;
mod student;
mod teacher;

use fermi_study::class::{self, Opened};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::adapters;
use student::Student;
use teacher::Teacher;

/// The class page the address asks for; a damaged link says so.
#[component]
pub fn Class(address: Memo<String>) -> impl IntoView {
    let pack = StoredValue::new(fermi_bank::builtin());
    move || match pack.with_value(|p| class::open(&address.get(), p)) {
        None => ().into_any(),
        Some(Opened::Create) => view! { <Create pack /> }.into_any(),
        Some(Opened::Damaged(why)) => view! {
            <Masthead subtitle="A class link" />
            <main class="class">
                <p class="problem panel" role="alert" data-testid="class-link-problem">{why}</p>
            </main>
        }
        .into_any(),
        Some(Opened::Student(set)) => view! { <Student set pack /> }.into_any(),
        Some(Opened::Teacher(set)) => view! { <Teacher set pack /> }.into_any(),
    }
}

/// The class pages' header. The student's page leads nowhere else (`leads_out` off): practice would show the
/// truths of the class's questions while the class is open.
#[component]
fn Masthead(subtitle: &'static str, #[prop(default = true)] leads_out: bool) -> impl IntoView {
    view! {
        <header class="masthead">
            <h1>"Fermi Playground · Class mode"</h1>
            <p class="tagline">{subtitle} " " {leads_out.then(|| view! { <a href="#">"Back to practice"</a> })}</p>
        </header>
    }
}

/// The teacher picks questions and a sample count, and gets the students' link and their own.
#[component]
fn Create(pack: StoredValue<fermi_bank::Pack>) -> impl IntoView {
    let picked = RwSignal::new(Vec::<String>::new());
    let samples = RwSignal::new(class::DEFAULT_SAMPLES.to_string());
    let filter = RwSignal::new(String::new());
    let made = RwSignal::new(None::<Result<class::Links, String>>);
    let create = move |_| {
        let seed = adapters::fresh_entropy();
        let key = adapters::fresh_entropy();
        let samples = samples.get_untracked();
        let base = adapters::page_address();
        made.set(Some(pack.with_value(|p| {
            class::create(picked.get_untracked(), &samples, seed, key, p, &base)
        })));
    };
    let questions = move || {
        let needle = filter.get();
        pack.with_value(|p| {
            class::findable(p, &needle)
                .into_iter()
                .map(|q| {
                    let id = StoredValue::new(q.id.clone());
                    let checked = move || picked.with(|p| id.with_value(|id| p.contains(id)));
                    let toggle =
                        move |_| picked.update(|p| id.with_value(|id| class::toggle_pick(p, id)));
                    view! {
                        <li>
                            <label class="class-pick">
                                <input type="checkbox" data-question=id.get_value() prop:checked=checked on:change=toggle />
                                <span>{q.text.clone()}</span>
                            </label>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let result = move || {
        let set = made.get()?;
        Some(match set {
            Err(why) => view! { <p class="problem" role="alert">{why}</p> }.into_any(),
            Ok(class::Links { student, teacher }) => {
                let copied = RwSignal::new(false);
                let student = StoredValue::new(student);
                view! {
                    <h2>"The class link"</h2>
                    <p class="muted">"Give this to the students (it holds the questions, not the truths):"</p>
                    <div class="row copy-row">
                        <input type="text" readonly data-testid="class-link" prop:value=student.get_value() on:focus=select_all />
                        <button on:click=move |_| adapters::copy(student.get_value(), move |ok| _ = copied.try_set(ok))>
                            {move || if copied.get() { "Copied" } else { "Copy" }}
                        </button>
                    </div>
                    <qr::Qr text=student.get_value() />
                    <p>
                        "Your page, to take the codes: "
                        <a data-testid="class-teacher-link" href=teacher>"open the teacher's page"</a>
                        " (bookmark it and keep it to yourself: it holds a key the students' link does not; the codes you take there are kept in this browser)."
                    </p>
                }
                .into_any()
            }
        })
    };
    view! {
        <Masthead subtitle="Build a class set: the students answer in their own browsers and hand in a short code." />
        <main class="class">
            <section class="panel" aria-label="Questions">
                <h2>"Pick the questions"</h2>
                <p class="muted">
                    {move || class::picked_words(picked.with(Vec::len))}
                </p>
                <label for="class-filter">"Find"</label>
                <input id="class-filter" type="text" autocomplete="off" placeholder="coal, trees, …"
                    prop:value=move || filter.get() on:input=move |ev| filter.set(event_target_value(&ev)) />
                <ul class="class-questions" data-testid="class-questions">{questions}</ul>
            </section>
            <section class="panel" aria-label="Create">
                <label for="class-samples">"Samples per answer"</label>
                <input id="class-samples" data-testid="class-samples" type="number" min=*class::SAMPLES_RANGE.start()
                    max=*class::SAMPLES_RANGE.end() prop:value=move || samples.get()
                    on:input=move |ev| samples.set(event_target_value(&ev)) />
                <p class="muted">"Every student's answer to a question is sampled with the same seed, so the scores can be recomputed exactly from a code."</p>
                <button class="primary" data-testid="class-create" on:click=create>"Create the class link"</button>
                {result}
            </section>
        </main>
    }
}

/// Selects a text field's content when it gets focus (a link or a code to copy by hand).
fn select_all(ev: web_sys::FocusEvent) {
    let Some(target) = ev.target() else {
        return;
    };
    if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        input.select();
    } else if let Some(area) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.select();
    }
}
