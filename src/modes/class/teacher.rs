//! The teacher's page (`#class-teacher=…`): codes pasted or dropped as files, the codes not taken and why, the
//! board per rule with rank changes, the crowd against the students and the truth, and the class's calibration.
//! A presenter view shows the board in large type without names, and each truth only when clicked. Every figure
//! and word is from `fermi_study::class::Class::results`.

use std::collections::BTreeSet;

use fermi_bank::Pack;
use fermi_score::format_nats;
use fermi_study::class::{Class, ClassRule, ClassSet, Results};
use leptos::prelude::*;

use super::Masthead;
use crate::adapters;

use crate::components::{count, files, readable};

#[component]
pub fn Teacher(set: ClassSet, pack: StoredValue<Pack>) -> impl IntoView {
    let codes_key = format!("fermi-playground.class.{}.codes", set.id());
    let class = pack.with_value(|p| Class::new(set, p));
    let class = match class {
        Ok(class) => StoredValue::new(class),
        Err(why) => {
            return view! {
                <Masthead subtitle="The teacher's page" />
                <main class="class"><p class="problem panel" role="alert">"This class set cannot be scored: " {why}</p></main>
            }
            .into_any();
        }
    };
    let taken = RwSignal::new(
        adapters::read(&codes_key)
            .ok()
            .flatten()
            .unwrap_or_default(),
    );
    let typed = RwSignal::new(String::new());
    let storage_problem = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        storage_problem.set(adapters::write(&codes_key, &taken.get()).err());
    });
    let results = Memo::new(move |_| taken.with(|t| class.with_value(|c| c.results(t))));
    let rule = RwSignal::new(ClassRule::CramerLog);
    let presenter = RwSignal::new(false);
    let revealed = RwSignal::new(BTreeSet::<usize>::new());
    let file_problems = RwSignal::new(Vec::<String>::new());
    let add = move |text: String| {
        if text.trim().is_empty() {
            return;
        }
        taken.update(|t| {
            if !t.is_empty() {
                t.push('\n');
            }
            t.push_str(text.trim());
        });
    };
    let take_typed = move |_| {
        add(typed.get_untracked());
        typed.set(String::new());
    };
    let take_files = move |list: web_sys::FileList| {
        leptos::task::spawn_local(async move {
            let mut problems = Vec::new();
            for (name, text) in files::read_all(list).await {
                match text {
                    Ok(text) => add(text),
                    Err(why) => problems.push(format!("{name}: {why}")),
                }
            }
            file_problems.set(problems);
        });
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        if let Some(list) = ev.data_transfer().and_then(|d| d.files()) {
            take_files(list);
        }
    };
    let intake = move || {
        view! {
            <section class="panel" aria-label="Take codes">
                <h2>"Take the students' codes"</h2>
                <label for="class-codes">"Paste codes (one per line, or separated by spaces)"</label>
                <textarea id="class-codes" data-testid="class-codes" class="class-code" rows="4" spellcheck="false"
                    prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev))></textarea>
                <div class="row">
                    <button class="primary" data-testid="class-take" on:click=take_typed>"Take these codes"</button>
                    <label class="drop" on:dragover=move |ev: web_sys::DragEvent| ev.prevent_default() on:drop=on_drop>
                        "…or drop code files here, or pick them: "
                        <input type="file" multiple data-testid="class-files"
                            on:change=move |ev| { if let Some(list) = files::from_input(&ev) { take_files(list); } } />
                    </label>
                    <button data-testid="class-clear" on:click=move |_| { taken.set(String::new()); revealed.set(BTreeSet::new()); }>
                        "Start over (forget every code)"
                    </button>
                </div>
                <p class="muted" data-testid="class-count">{move || results.with(|r| format!("{} taken.", count(r.students.len(), "code")))}</p>
                {move || file_problems.get().into_iter().map(|p| view! { <p class="problem">{p}</p> }).collect_view()}
                {move || storage_problem.get().map(|why| view! { <p class="problem">"The codes are not kept in this browser: " {why} "."</p> })}
                {move || results.with(rejected)}
            </section>
        }
    };
    let board_view = move || results.with(|r| board(r, rule, false));
    let crowd_view = move || results.with(|r| class.with_value(|c| crowd(c, r, revealed)));
    let calibration_view = move || {
        results.with(|r| {
            (!r.calibration.is_empty()).then(|| {
                view! {
                    <section class="panel" data-testid="class-calibration" aria-label="The class's calibration">
                        <h2>"The class's calibration"</h2>
                        <ul>{r.calibration.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ul>
                    </section>
                }
            })
        })
    };
    let rule_tabs = move || {
        view! {
            <div class="tabs" role="group" aria-label="Rank by">
                {ClassRule::ALL.iter().map(|&r| view! {
                    <button data-rule=r.name() aria-pressed=move || (rule.get() == r).to_string()
                        on:click=move |_| rule.set(r)>{r.name()}</button>
                }).collect_view()}
            </div>
        }
    };
    let normal = move || {
        view! {
            <Masthead subtitle="The teacher's page: take codes, see the board, the crowd and the calibration." />
            <main class="class">
                {intake()}
                <section class="panel" aria-label="Board">
                    <div class="row spread">
                        <h2>"The board"</h2>
                        <button data-testid="class-presenter" on:click=move |_| presenter.set(true)>"Presenter view"</button>
                    </div>
                    {rule_tabs()}
                    {board_view}
                </section>
                {crowd_view}
                {calibration_view}
            </main>
        }
    };
    let presenting = move || {
        view! {
            <main class="class presenter" data-testid="class-presenter-view">
                <div class="row spread">
                    <h1>"Class results"</h1>
                    <button data-testid="class-presenter-leave" on:click=move |_| presenter.set(false)>"Leave presenter view"</button>
                </div>
                <section class="panel" aria-label="Board">
                    {rule_tabs()}
                    {move || results.with(|r| board(r, rule, true))}
                </section>
                {move || results.with(|r| class.with_value(|c| crowd(c, r, revealed)))}
            </main>
        }
    };
    (move || {
        if presenter.get() {
            presenting().into_any()
        } else {
            normal().into_any()
        }
    })
    .into_any()
}

fn rejected(r: &Results) -> Option<impl IntoView + use<>> {
    (!r.rejected.is_empty()).then(|| {
        let items = r
            .rejected
            .iter()
            .map(|x| {
                let kind = if x.duplicate {
                    "Duplicate"
                } else {
                    "Not taken"
                };
                view! {
                    <li class:duplicate=x.duplicate>
                        <strong>{format!("{kind}: code {} ", x.position)}</strong>
                        <code>{x.excerpt.clone()}</code> " — " {x.why.clone()}
                    </li>
                }
            })
            .collect_view();
        view! {
            <div data-testid="class-rejected">
                <h3>{format!("{} not taken", count(r.rejected.len(), "code"))}</h3>
                <ul class="class-rejected">{items}</ul>
            </div>
        }
    })
}

/// The board of the chosen rule, best first, with each student's rank change against Cramér-log and the crowd.
fn board(r: &Results, rule: RwSignal<ClassRule>, anonymous: bool) -> AnyView {
    let chosen = rule.get();
    let Some(b) = r.boards.iter().find(|b| b.rule == chosen) else {
        return view! { <p class="muted" data-testid="class-board">"No codes taken yet."</p> }
            .into_any();
    };
    let rows = b
        .lines
        .iter()
        .map(|l| {
            let s = &r.students[l.student];
            let who = if anonymous {
                s.anonymous.clone()
            } else {
                s.label.clone()
            };
            view! {
                <tr>
                    <td class="rank">{l.rank}</td>
                    <th scope="row" class="who">{who}</th>
                    <td>{l.shown.clone()}</td>
                    <td class="change">{l.change_shown.clone()}</td>
                </tr>
            }
        })
        .collect_view();
    let crowd = b.crowd.as_ref().map(|c| {
        view! {
            <tr class="crowd-line">
                <td class="rank">{format!("({})", c.would_rank)}</td>
                <th scope="row">"The crowd"</th>
                <td>{c.shown.clone()}</td>
                <td>{c.against.clone()}</td>
            </tr>
        }
    });
    view! {
        <table class="class-board" data-testid="class-board" data-rule=chosen.name()>
            <caption>{format!("{}: {}", chosen.name(), chosen.reading())}</caption>
            <thead><tr><th scope="col">"rank"</th><th scope="col">"student"</th><th scope="col">"score"</th><th scope="col">"vs Cramér-log"</th></tr></thead>
            <tbody>{rows}{crowd}</tbody>
        </table>
    }
    .into_any()
}

/// Per question: the crowd's 5%, 50% and 95%, the truth once revealed, and how the crowd did against the class.
fn crowd(
    class: &Class,
    r: &Results,
    revealed: RwSignal<BTreeSet<usize>>,
) -> Option<impl IntoView + use<>> {
    if r.crowd.is_empty() {
        return None;
    }
    // One line per quantile, so that a narrow column (a phone, large type) still reads.
    let quantiles = |q: &fermi_score::lab::Quantiles| {
        [q.p5, q.p50, q.p95]
            .map(|x| view! { <span class="quantile">{readable(x)}</span> })
            .collect_view()
    };
    let rows = r
        .crowd
        .iter()
        .map(|row| {
            let q = &class.questions[row.question];
            let i = row.question;
            let truth = row.truth;
            let score = row.score.map(|s| format_nats(s.cramer_log));
            let against = row.against.clone();
            let shown = move || revealed.with(|r| r.contains(&i));
            view! {
                <tr class="question-row">
                    <th colspan="3" scope="colgroup">
                        {format!("{}. {}", i + 1, q.text)} <span class="muted">{format!(" ({})", q.unit)}</span>
                    </th>
                </tr>
                <tr>
                    <td>{quantiles(&row.crowd)}</td>
                    <td data-testid="class-truth">
                        {move || if shown() {
                            view! { <span class="truth">{quantiles(&truth)}</span> }.into_any()
                        } else {
                            view! {
                                <button data-testid="class-reveal" on:click=move |_| revealed.update(|r| { r.insert(i); })>
                                    "Reveal the truth"
                                </button>
                            }.into_any()
                        }}
                    </td>
                    <td>
                        {move || shown().then(|| view! {
                            <span class="quantile">{score.clone()}</span>
                            <span class="muted">{against.clone()}</span>
                        })}
                    </td>
                </tr>
            }
        })
        .collect_view();
    Some(view! {
        <section class="panel" data-testid="class-crowd" aria-label="The crowd">
            <h2>"The crowd"</h2>
            <p class="muted">"The crowd averages the students' log-quantiles (the geometric mean of their 5%, 50% and 95%); it is scored as the interval from its 5% to its 95%."</p>
            <div class="rules">
                <table class="class-crowd">
                    <thead><tr><th scope="col">"crowd: 5%, 50%, 95%"</th><th scope="col">"truth: 5%, 50%, 95%"</th><th scope="col">"crowd's Cramér-log, against the class"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    })
}
