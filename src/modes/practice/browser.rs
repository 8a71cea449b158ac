//! The question browser: every pack's questions, filtered by topic, difficulty and answered state, and the pack
//! loader (file picker or drag-and-drop; TOML packs, or JSON sets converted by the bank's importers).

use fermi_bank::{Difficulty, Topic};
use leptos::prelude::*;

use super::PracticeState;
use crate::components::{self, files};
use crate::run::Shared;

#[derive(Clone, Copy, PartialEq)]
enum Shown {
    All,
    Answered,
    Unanswered,
}

#[component]
pub fn QuestionBrowser() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let topic = RwSignal::new(None::<Topic>);
    let difficulty = RwSignal::new(None::<Difficulty>);
    let answered = RwSignal::new(Shown::All);
    let rows = move || {
        let done: Vec<String> = state
            .history
            .with(|h| h.iter().map(|e| e.question.clone()).collect());
        let selected = state.selected.get();
        state.packs.with(|packs| {
            packs
                .iter()
                .enumerate()
                .flat_map(|(p, pack)| pack.questions.iter().map(move |q| (p, q)))
                .filter(|(_, q)| topic.get().is_none_or(|t| q.topics.contains(&t)))
                .filter(|(_, q)| difficulty.get().is_none_or(|d| q.difficulty == Some(d)))
                .filter(|(_, q)| match answered.get() {
                    Shown::All => true,
                    Shown::Answered => done.contains(&q.id),
                    Shown::Unanswered => !done.contains(&q.id),
                })
                .map(|(p, q)| {
                    let current = selected.as_ref() == Some(&(p, q.id.clone()));
                    let id = q.id.clone();
                    let tags = q
                        .topics
                        .iter()
                        .map(|t| t.as_str())
                        .chain(q.difficulty.map(|d| d.as_str()))
                        .collect::<Vec<_>>()
                        .join(" · ");
                    let mark = done.contains(&q.id).then_some("✓ ");
                    view! {
                        <li>
                            <button
                                class="question-item"
                                class:current=current
                                aria-current=current.then_some("true")
                                on:click=move |_| state.open(p, &id)
                            >
                                <span class="done" aria-label=mark.map(|_| "answered")>{mark}</span>
                                <span class="item-text">{q.text.clone()}</span>
                                <span class="item-tags">{tags}</span>
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    // Keep the open question visible inside the list (the list scrolls, never the page).
    let list = NodeRef::<leptos::html::Ul>::new();
    Effect::new(move |_| {
        state.selected.track();
        let Some(list) = list.get() else { return };
        let current = list
            .query_selector(".question-item.current")
            .ok()
            .flatten()
            .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
        if let Some(item) = current {
            list.set_scroll_top(item.offset_top());
        }
    });
    let count = move || {
        let n = state
            .packs
            .with(|p| p.iter().map(|p| p.questions.len()).sum::<usize>());
        format!(
            "{} in {}",
            components::count(n, "question"),
            components::count(state.packs.with(Vec::len), "pack")
        )
    };
    view! {
        <section class="panel browser" id="questions" aria-label="Questions">
            <h2>"Questions"</h2>
            <p class="muted">{count}</p>
            <div class="filters">
                <label>
                    "Topic"
                    <select on:change=move |ev| {
                        let v = event_target_value(&ev);
                        topic.set(Topic::ALL.iter().copied().find(|t| t.as_str() == v));
                    }>
                        <option value="">"all"</option>
                        {Topic::ALL.iter().map(|t| view! { <option value=t.as_str()>{t.as_str()}</option> }).collect_view()}
                    </select>
                </label>
                <label>
                    "Difficulty"
                    <select on:change=move |ev| {
                        let v = event_target_value(&ev);
                        difficulty.set(Difficulty::ALL.iter().copied().find(|d| d.as_str() == v));
                    }>
                        <option value="">"all"</option>
                        {Difficulty::ALL.iter().map(|d| view! { <option value=d.as_str()>{d.as_str()}</option> }).collect_view()}
                    </select>
                </label>
                <label>
                    "Show"
                    <select on:change=move |ev| {
                        answered.set(match event_target_value(&ev).as_str() {
                            "answered" => Shown::Answered,
                            "unanswered" => Shown::Unanswered,
                            _ => Shown::All,
                        });
                    }>
                        <option value="all">"all"</option>
                        <option value="unanswered">"unanswered"</option>
                        <option value="answered">"answered"</option>
                    </select>
                </label>
            </div>
            <ul class="question-list" data-testid="question-list" node_ref=list>{rows}</ul>
            <PackLoader />
        </section>
    }
}

#[component]
fn PackLoader() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let outcome = RwSignal::new(None::<files::Outcome>);
    let dragging = RwSignal::new(false);
    let load = move |list: web_sys::FileList| {
        leptos::task::spawn_local(async move {
            let files = files::read_all(list).await;
            let result = files::load(&files);
            for pack in &result.0 {
                state.packs.update(|p| p.push(Shared::new(pack.clone())));
            }
            outcome.set(Some(result.1));
        });
    };
    let problems = move || {
        outcome.get().map(|o| {
            let loaded = o.loaded.into_iter().map(|l| view! { <li class="ok">{l}</li> }).collect_view();
            let problems = o.problems.into_iter().map(|p| view! { <li class="problem">{p}</li> }).collect_view();
            view! { <ul class="pack-report" data-testid="pack-problems" role="status">{loaded}{problems}</ul> }
        })
    };
    view! {
        <div
            class="drop"
            class:dragging=move || dragging.get()
            on:dragover=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                dragging.set(false);
                if let Some(list) = ev.data_transfer().and_then(|d| d.files()) {
                    load(list);
                }
            }
        >
            <label for="load-pack">"Load a question pack (.toml) or a public set (.json), or drop files here"</label>
            <input
                id="load-pack"
                data-testid="load-pack"
                type="file"
                multiple
                accept=".toml,.json"
                on:change=move |ev| {
                    if let Some(list) = files::from_input(&ev) {
                        load(list);
                    }
                }
            />
            {problems}
        </div>
    }
}
