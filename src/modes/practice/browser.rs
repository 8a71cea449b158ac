//! The question browser: every pack's questions, filtered by pack, topic, difficulty and answered state, and the
//! pack loader (file picker or drag-and-drop; TOML packs, or JSON sets converted by the bank's importers). On a
//! phone it folds away above the question; choosing a question brings the question into view, and Enter on one
//! moves on to the answer.

use fermi_bank::{Difficulty, Topic};
use leptos::prelude::*;

use super::{PracticeState, packs};
use crate::components::{coded, files, focus_by_id};
use fermi_practice::browse::{self, Filter, Row, Shown};

#[component]
pub fn QuestionBrowser() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let topic = RwSignal::new(None::<Topic>);
    let difficulty = RwSignal::new(None::<Difficulty>);
    let answered = RwSignal::new(None::<Shown>);
    // Index into `packs`; `None` shows every pack.
    let pack_filter = RwSignal::new(None::<usize>);
    let report = RwSignal::new(None::<files::Outcome>);
    // Packs kept from earlier visits come back once the page has painted its first question.
    set_timeout(
        move || {
            if let Some(restored) = packs::restore(state) {
                report.set(Some(restored));
            }
        },
        std::time::Duration::ZERO,
    );
    let rows = move || {
        let done: Vec<String> = state
            .history
            .with(|h| h.iter().map(|e| e.question.clone()).collect());
        let selected = state.selected.get();
        let filter = Filter {
            pack: pack_filter.get(),
            topic: topic.get(),
            difficulty: difficulty.get(),
            shown: answered.get().unwrap_or_default(),
        };
        state.packs.with(|packs| {
            filter
                .rows(packs, &done)
                .into_iter()
                .map(|Row { pack: p, question: q, answered, tags }| {
                    let current = selected.as_ref() == Some(&(p, q.id.clone()));
                    let id = q.id.clone();
                    let mark = answered.then_some("✓ ");
                    view! {
                        <li>
                            <button
                                class="question-item"
                                class:current=current
                                aria-current=current.then_some("true")
                                on:click={
                                    let id = id.clone();
                                    move |_| choose(state, p, &id, false)
                                }
                                on:keydown=move |ev: web_sys::KeyboardEvent| {
                                    if ev.key() == "Enter" {
                                        ev.prevent_default();
                                        choose(state, p, &id, true);
                                    }
                                }
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
    let count = move || state.packs.with(|p| browse::catalogue(p));
    let pack_options = move || {
        state.packs.with(|packs| {
            packs
                .iter()
                .enumerate()
                .map(|(i, pack)| {
                    let label = format!("{} ({})", pack.info.title, pack.questions.len());
                    view! { <option value=i.to_string() prop:selected=move || pack_filter.get() == Some(i)>{label}</option> }
                })
                .collect_view()
        })
    };
    view! {
        <section class="panel browser" id="questions" aria-label="Questions">
            <details class="browser-fold" prop:open=!narrow()>
                <summary>
                    <h2>"Questions"</h2>
                    <span class="muted">{count}</span>
                </summary>
                <div class="filters">
                    <label>
                        "Pack"
                        <select data-testid="pack-filter" on:change=move |ev| {
                            pack_filter.set(event_target_value(&ev).parse::<usize>().ok());
                        }>
                            <option value="" prop:selected=move || pack_filter.get().is_none()>"all"</option>
                            {pack_options}
                        </select>
                    </label>
                    <NamedSelect label="Topic" any="all" options=Topic::ALL name=Topic::as_str value=topic />
                    <NamedSelect label="Difficulty" any="all" options=Difficulty::ALL name=Difficulty::as_str value=difficulty />
                    <NamedSelect label="Show" any="all" options=&Shown::CHOICES name=Shown::as_str value=answered />
                </div>
                <ul class="question-list" data-testid="question-list" node_ref=list>{rows}</ul>
                <PackLoader pack_filter report />
            </details>
        </section>
    }
}

/// A choice among `options` by `name`, or none (the first option, `any`), held in `value`.
#[component]
pub fn NamedSelect<T: Copy + Send + Sync + 'static>(
    label: &'static str,
    #[prop(optional)] testid: Option<&'static str>,
    any: &'static str,
    options: &'static [T],
    name: fn(T) -> &'static str,
    value: RwSignal<Option<T>>,
) -> impl IntoView {
    let choose = move |ev| {
        let chosen = event_target_value(&ev);
        value.set(options.iter().copied().find(|o| name(*o) == chosen));
    };
    view! {
        <label>
            {label}
            <select data-testid=testid on:change=choose>
                <option value="">{any}</option>
                {options.iter().map(|o| view! { <option value=name(*o)>{name(*o)}</option> }).collect_view()}
            </select>
        </label>
    }
}

/// Opens the list where it is folded (on a phone), for the "Other questions" link.
pub fn unfold() {
    if let Ok(Some(fold)) = document().query_selector(".browser-fold") {
        let _ = fold.set_attribute("open", "");
    }
}

/// Whether the page is laid out for a phone (one column, the list folded above the question).
fn narrow() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(max-width: 820px)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Opens a question from the list. On a phone the question is brought into view (the list sits above it); from
/// the keyboard the focus moves on to the answer.
fn choose(state: PracticeState, pack: usize, id: &str, keyboard: bool) {
    state.open(pack, id);
    // After the page shows the question (and its draft's way of answering).
    request_animation_frame(move || {
        let document = web_sys::window().and_then(|w| w.document());
        if narrow()
            && let Some(question) = document.and_then(|d| d.get_element_by_id("question-text"))
        {
            question.scroll_into_view();
        }
        if keyboard {
            focus_by_id("quick-low");
            focus_by_id("estimate-input");
        }
    });
}

#[component]
fn PackLoader(
    pack_filter: RwSignal<Option<usize>>,
    report: RwSignal<Option<files::Outcome>>,
) -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let dragging = RwSignal::new(false);
    let load = move |list: web_sys::FileList| {
        leptos::task::spawn_local(async move {
            let read = files::read_all(list).await;
            let (outcome, first_added) = packs::add(state, &read, true);
            // Straight to the new questions.
            if first_added.is_some() {
                pack_filter.set(first_added);
            }
            report.set(Some(outcome));
        });
    };
    let forget = move |_| {
        packs::forget();
        pack_filter.set(None);
        let open = state.selected.get_untracked().map(|(pack, _)| pack);
        let forgotten = state
            .packs
            .try_update(|p| fermi_practice::packs::forget(p, open));
        if let Some((reopen, said)) = forgotten {
            if let Some(id) = reopen {
                state.open(0, &id);
            }
            report.set(Some(said));
        }
    };
    let problems = move || {
        report.get().map(|o| {
            let loaded = o.loaded.into_iter().map(|l| view! { <li class="ok">{l}</li> }).collect_view();
            let problems = o.problems.into_iter().map(|p| view! { <li class="problem">{coded(&p)}</li> }).collect_view();
            view! { <ul class="pack-report" data-testid="pack-problems" role="status">{loaded}{problems}</ul> }
        })
    };
    let guide = fermi_bank::import::FILE_GUIDE
        .iter()
        .map(|(files, what)| view! { <li><strong>{*files}</strong>": " {*what}</li> })
        .collect_view();
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
            <details class="file-guide" data-testid="file-guide">
                <summary>"Which files, and which together?"</summary>
                <ul>{guide}</ul>
            </details>
            {problems}
            <Show when=move || state.packs.with(|p| p.len() > 1)>
                <button data-testid="forget-packs" on:click=forget>"Forget loaded packs"</button>
            </Show>
        </div>
    }
}
