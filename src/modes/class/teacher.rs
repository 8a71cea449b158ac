//! The teacher's page (`#class-teacher=…`): the students' link with its QR code, codes pasted (a chat transcript
//! will do) or dropped as files, the codes not taken and why, and the round: nothing ranked until the teacher
//! reveals it, then the board per rule with rank changes, the crowd (a student left out with one click), the
//! class's calibration and the per-question view. Start over asks first and can be undone; the round exports as
//! CSV and as JSON that reloads it. A presenter view fits 30 students on a projector. Every figure and word is
//! from `fermi_study::class`.

use std::sync::Arc;

use fermi_bank::Pack;
use fermi_score::lab::Quantiles;
use fermi_study::class::{Class, ClassRule, ClassSet, Desk, Fit, Intervals, Results};
use leptos::prelude::*;

use super::Masthead;
use super::qr::Qr;
use crate::adapters;

use crate::components::files::download;
use crate::components::{files, value_in};

/// The teacher's page: the truths are fitted one question per task (`Fit`), so that opening the page never holds
/// its thread for all of them at once; then the round.
#[component]
pub fn Teacher(set: ClassSet, pack: StoredValue<Pack>) -> impl IntoView {
    let fit = RwSignal::new(Fit::new(set));
    adapters::step_in_tasks(move || fit.try_update(|f| pack.with_value(|p| f.step(p))));
    move || {
        fit.with(|f| match f {
            Fit::Fitting(f) => view! {
                <Masthead subtitle="The teacher's page" />
                <main class="class"><p class="panel" role="status" data-testid="class-fitting">{f.progress_words()}</p></main>
            }
            .into_any(),
            Fit::Failed(why) => view! {
                <Masthead subtitle="The teacher's page" />
                <main class="class"><p class="problem panel" role="alert">"This class set cannot be scored: " {why.clone()}</p></main>
            }
            .into_any(),
            Fit::Ready(class) => view! { <RoundPage class=class.clone() /> }.into_any(),
        })
    }
}

/// The round, over a class whose truths are fitted: the page's state is the core's `Desk`.
#[component]
fn RoundPage(class: Arc<Class>) -> impl IntoView {
    let student_link = StoredValue::new(class.set.student_link(&adapters::page_address()));
    // The round saved in this browser, or the codes an older page kept.
    let desk = RwSignal::new(Desk::open(class.set.clone(), |key| {
        adapters::read(key).ok().flatten()
    }));
    let class = StoredValue::new(class);
    let round = Memo::new(move |_| desk.with(Desk::round));
    let storage_problem = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        let key = desk.with_untracked(Desk::key);
        storage_problem.set(adapters::write(&key, &round.with(|r| r.to_json())).err());
    });
    // Scored again only when the codes or the crowd change, not when the view does.
    let taken = Memo::new(move |_| desk.with(|d| (d.codes.clone(), d.options.clone())));
    let results = Memo::new(move |_| {
        taken.with(|(codes, options)| class.with_value(|c| c.results_with(codes, options)))
    });
    let presenter = Memo::new(move |_| desk.with(|d| d.presenter));
    let typed = RwSignal::new(String::new());
    let take_typed = move |_| {
        desk.update(|d| d.add(&typed.get_untracked()));
        typed.set(String::new());
    };
    // Code files are taken (`Desk::add_files`); a saved round replaces the round (`Desk::load_files`).
    type Take = fn(&mut Desk, Vec<(String, Result<String, String>)>);
    let read_files = move |list: web_sys::FileList, take: Take| {
        leptos::task::spawn_local(async move {
            let read = files::read_all(list).await;
            desk.update(|d| take(d, read));
        });
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        if let Some(list) = ev.data_transfer().and_then(|d| d.files()) {
            read_files(list, Desk::add_files);
        }
    };
    let export_csv = move |_| {
        let (name, csv) = results
            .with_untracked(|r| class.with_value(|c| desk.with_untracked(|d| d.csv_file(c, r))));
        download(&name, &csv);
    };
    let export_json = move |_| {
        let (name, json) = desk.with_untracked(Desk::json_file);
        download(&name, &json);
    };
    let start_over_controls = move || {
        if desk.with(|d| d.confirming) {
            view! {
                <div class="confirm" role="alertdialog" aria-label="Start over?" data-testid="class-confirm">
                    <p>{results.with(Results::start_over_words)}</p>
                    <button class="danger" data-testid="class-clear-confirm" on:click=move |_| desk.update(Desk::start_over)>"Forget them"</button>
                    <button data-testid="class-clear-cancel" on:click=move |_| desk.update(|d| d.confirming = false)>"Keep them"</button>
                </div>
            }
            .into_any()
        } else {
            view! { <button data-testid="class-clear" on:click=move |_| desk.update(|d| d.confirming = true)>"Start over…"</button> }.into_any()
        }
    };
    let undo_line = move || {
        desk.with(|d| d.undo.is_some()).then(|| {
            view! {
                <p role="status">"The round was replaced. "
                    <button data-testid="class-undo" on:click=move |_| desk.update(Desk::undo)>"Undo"</button></p>
            }
        })
    };
    let intake = move || {
        let link = student_link.get_value();
        view! {
            <section class="panel class-join" aria-label="The students' link">
                <div>
                    <h2>"The students' link"</h2>
                    <input type="text" readonly data-testid="class-student-link" prop:value=link.clone() on:focus=super::select_all />
                    <p class="muted">"It holds the questions, never the truths; this page's address holds a key the students' link does not."</p>
                </div>
                <Qr text=link />
            </section>
            <section class="panel" aria-label="Take codes">
                <h2>"Take the students' codes"</h2>
                <label for="class-codes">"Paste codes: one per line, several per line, or a whole chat transcript"</label>
                <textarea id="class-codes" data-testid="class-codes" class="class-code" rows="4" spellcheck="false"
                    prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev))></textarea>
                <div class="row">
                    <button class="primary" data-testid="class-take" on:click=take_typed>"Take these codes"</button>
                    <label class="drop" on:dragover=move |ev: web_sys::DragEvent| ev.prevent_default() on:drop=on_drop>
                        "…or drop code files here, or pick them: "
                        <input type="file" multiple data-testid="class-files"
                            on:change=move |ev| { if let Some(list) = files::from_input(&ev) { read_files(list, Desk::add_files); } } />
                    </label>
                </div>
                <p class="muted" data-testid="class-count">{move || results.with(Results::taken_words)}</p>
                {move || desk.with(|d| d.problems.clone()).into_iter().map(|p| view! { <p class="problem">{p}</p> }).collect_view()}
                {move || storage_problem.get().map(|why| view! { <p class="problem">"The round is not kept in this browser: " {why} "."</p> })}
                {move || results.with(rejected)}
                <div class="row">
                    <button data-testid="class-export-csv" on:click=export_csv>"Download the round (CSV)"</button>
                    <button data-testid="class-export-json" on:click=export_json>"Save the round (JSON)"</button>
                    <label class="drop">"Load a saved round: "
                        <input type="file" accept=".json,application/json" data-testid="class-load-round"
                            on:change=move |ev| { if let Some(list) = files::from_input(&ev) { read_files(list, Desk::load_files); } } />
                    </label>
                    {start_over_controls}
                </div>
                {undo_line}
            </section>
        }
    };
    let calibration_view = move || {
        desk.with(|d| d.shown).then(|| {
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
        })
    };
    let controls = move || round_controls(desk);
    // The page, or the presenter view: only the board, the crowd and the per-question view, large, for a projector.
    move || {
        let presenting = presenter.get();
        let head = if presenting {
            view! {
                <div class="presenter-head">
                    <h1>"Class results"</h1>
                    {controls}
                    <button data-testid="class-presenter-leave" on:click=move |_| desk.update(|d| d.presenter = false)>"Leave presenter view"</button>
                    <Qr text=student_link.get_value() size=120 />
                </div>
            }
            .into_any()
        } else {
            intake().into_any()
        };
        let board_head = (!presenting).then(|| {
            view! {
                <div class="row spread">
                    <h2>"The board"</h2>
                    <button data-testid="class-presenter" on:click=move |_| {
                        desk.update(|d| d.presenter = true);
                        // The presenter view starts at the top of the screen, whatever was scrolled to.
                        if let Some(w) = web_sys::window() {
                            w.scroll_to_with_x_and_y(0.0, 0.0);
                        }
                    }>"Presenter view"</button>
                </div>
                {controls}
            }
        });
        view! {
            {(!presenting).then(|| view! {
                <Masthead subtitle="The teacher's page: share the link, take codes, then reveal the board, the crowd and the calibration." />
            })}
            <main class="class" class:presenter=presenting data-testid=presenting.then_some("class-presenter-view")>
                {head}
                <section class="panel" aria-label="Board">
                    {board_head}
                    {move || results.with(|r| board(r, desk))}
                </section>
                {move || results.with(|r| class.with_value(|c| crowd(c, r, desk)))}
                {move || results.with(|r| class.with_value(|c| intervals(c, r, desk)))}
                {(!presenting).then_some(calibration_view)}
            </main>
        }
    }
}

/// Reveal, names and the rule to rank by.
fn round_controls(desk: RwSignal<Desk>) -> impl IntoView {
    let shown = move || desk.with(|d| d.shown);
    view! {
        <div class="row class-controls">
            <button class="primary" data-testid="class-reveal-results" aria-pressed=move || shown().to_string()
                on:click=move |_| desk.update(|d| d.shown = !d.shown)>
                {move || if shown() { "Hide the results" } else { "Reveal the results" }}
            </button>
            <label class="check">
                <input type="checkbox" data-testid="class-names" prop:checked=move || desk.with(|d| d.names)
                    on:change=move |ev| desk.update(|d| d.names = event_target_checked(&ev)) />
                " Show nicknames"
            </label>
            {move || shown().then(|| view! {
                <div class="tabs" role="group" aria-label="Rank by">
                    {ClassRule::ALL.iter().map(|&r| view! {
                        <button data-rule=r.name() aria-pressed=move || desk.with(|d| d.rule == r).to_string()
                            on:click=move |_| desk.update(|d| d.rule = r)>{r.name()}</button>
                    }).collect_view()}
                </div>
            })}
        </div>
    }
}

fn rejected(r: &Results) -> Option<impl IntoView + use<>> {
    (!r.rejected.is_empty()).then(|| {
        let items = r
            .rejected
            .iter()
            .map(|x| {
                view! {
                    <li class:duplicate=x.duplicate>
                        <strong>{x.label()} " "</strong>
                        <code>{x.excerpt.clone()}</code> " — " {x.why.clone()}
                    </li>
                }
            })
            .collect_view();
        view! {
            <div data-testid="class-rejected">
                <h3>{r.rejected_words()}</h3>
                <ul class="class-rejected">{items}</ul>
            </div>
        }
    })
}

/// Before the reveal: who handed in, in label order, nothing ranked. After: the board of the chosen rule, best
/// first, with rank changes against Cramér-log, the crowd, and each student's place in the crowd (one click).
fn board(r: &Results, desk: RwSignal<Desk>) -> AnyView {
    let (names, shown, chosen) = desk.with(|d| (d.names, d.shown, d.rule));
    if r.students.is_empty() {
        return view! { <p class="muted" data-testid="class-board">"No codes taken yet."</p> }
            .into_any();
    }
    if !shown {
        let who = r
            .roster(names)
            .into_iter()
            .map(|k| view! { <li>{r.students[k].shown(names).to_string()}</li> })
            .collect_view();
        return view! {
            <div data-testid="class-board" data-hidden="true">
                <p class="muted">{r.hidden_words()}</p>
                <ul class="class-roster">{who}</ul>
            </div>
        }
        .into_any();
    }
    let Some(b) = r.boards.iter().find(|b| b.rule == chosen) else {
        return ().into_any();
    };
    let rows = b
        .lines
        .iter()
        .map(|l| {
            let s = &r.students[l.student];
            let key = s.key;
            let in_crowd = s.in_crowd;
            let toggle = move |_| desk.update(|d| d.toggle_left_out(key));
            view! {
                <tr class:left-out=!in_crowd data-student=s.anonymous.clone()>
                    <td class="rank">{l.rank}</td>
                    <th scope="row" class="who">{s.shown(names).to_string()}</th>
                    <td>{l.shown.clone()}</td>
                    <td class="change">{l.change_shown.clone()}</td>
                    <td>
                        <button class="small" data-testid="class-leave-out" aria-pressed=(!in_crowd).to_string() on:click=toggle
                            title="Whether this student's answers count in the crowd">
                            {if in_crowd { "in crowd" } else { "left out" }}
                        </button>
                    </td>
                </tr>
            }
        })
        .collect_view();
    let crowd = b.crowd.as_ref().map(|c| {
        view! {
            <tr class="crowd-line" data-testid="class-board-crowd">
                <td class="rank">{format!("({})", c.would_rank)}</td>
                <th scope="row">"The crowd"</th>
                <td>{c.shown.clone()}</td>
                <td colspan="2">{c.against.clone()}</td>
            </tr>
        }
    });
    view! {
        <table class="class-board" data-testid="class-board" data-rule=chosen.name()>
            <caption>{chosen.caption()}</caption>
            <thead><tr><th scope="col">"rank"</th><th scope="col">"student"</th><th scope="col">"score"</th><th scope="col">"vs Cramér-log"</th><th scope="col">"crowd"</th></tr></thead>
            <tbody>{crowd}{rows}</tbody>
        </table>
    }
    .into_any()
}

/// One line per quantile, so that a narrow column (a phone, large type) still reads; in the question's `unit`.
fn quantiles(q: &Quantiles, unit: &str) -> impl IntoView + use<> {
    [q.p5, q.p50, q.p95]
        .map(|x| view! { <span class="quantile">{value_in(unit, x)}</span> })
        .collect_view()
}

/// Per question: the crowd's 5%, 50% and 95% with the geometric mean beside them, the truth once revealed, and
/// how the crowd did against the class once the results are shown.
fn crowd(class: &Class, r: &Results, desk: RwSignal<Desk>) -> Option<impl IntoView + use<>> {
    if r.crowd.is_empty() {
        return None;
    }
    let rows = r
        .crowd
        .iter()
        .map(|row| {
            let q = &class.questions[row.question];
            let i = row.question;
            let truth = row.truth;
            let unit = q.unit.clone();
            let score = row.score_words();
            let against = row.against.clone();
            let revealed = move || desk.with(|d| d.is_revealed(i));
            let standing = move || desk.with(|d| d.standing(i));
            let geometric = row.geometric_words(&q.unit);
            let (heading, about) = row.heading(class);
            view! {
                <tr class="question-row">
                    <th colspan="3" scope="colgroup">
                        {heading} <span class="muted">{about}</span>
                    </th>
                </tr>
                <tr>
                    <td data-testid="class-crowd-median">{quantiles(&row.crowd, &q.unit)} <span class="muted small-print">{geometric}</span></td>
                    <td data-testid="class-truth">
                        {move || if revealed() {
                            view! { <span class="truth">{quantiles(&truth, &unit)}</span> }.into_any()
                        } else {
                            view! {
                                <button data-testid="class-reveal" on:click=move |_| desk.update(|d| { d.revealed.insert(i); })>
                                    "Reveal the truth"
                                </button>
                            }.into_any()
                        }}
                    </td>
                    <td>
                        {move || standing().then(|| view! {
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
            <p class="muted">"The crowd is the median of the students' log-quantiles (one wild answer cannot move it), scored as the interval from its 5% to its 95%; the geometric mean is beside it. Leave a student out of it from the board."</p>
            <div class="rules">
                <table class="class-crowd">
                    <thead><tr><th scope="col">"crowd: 5%, 50%, 95%"</th><th scope="col">"truth: 5%, 50%, 95%"</th><th scope="col">"crowd's Cramér-log, against the class"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    })
}

/// The per-question view: every student's 90% interval, sorted by median, on one log axis, with the truth once
/// revealed.
fn intervals(class: &Class, r: &Results, desk: RwSignal<Desk>) -> Option<impl IntoView + use<>> {
    if r.students.is_empty() {
        return None;
    }
    let picker = class
        .questions
        .iter()
        .enumerate()
        .map(|(i, _)| {
            view! {
                <button data-testid="class-question-view" aria-pressed=move || desk.with(|d| d.question == Some(i)).to_string()
                    on:click=move |_| desk.update(|d| d.toggle_question(i))>
                    {format!("Question {}", i + 1)}
                </button>
            }
        })
        .collect_view();
    let (question, names) = desk.with(|d| (d.question, d.names));
    let chart = question.and_then(|i| class.intervals(r, i, names)).map(|view_of| {
        let unit = &class.questions[view_of.question].unit;
        let revealed = desk.with(|d| d.is_revealed(view_of.question));
        let truth = revealed.then(|| {
            view! { <div class="interval-truth" style=Intervals::bar(view_of.truth_at)></div> }
        });
        let rows = view_of
            .rows
            .iter()
            .map(|row| {
                view! {
                    <li class:holds=revealed && row.holds_truth>
                        <span class="who">{row.who.clone()}</span>
                        <span class="track"><span class="bar" style=Intervals::bar(row.at)></span><span class="tick" style=Intervals::tick(row.at)></span></span>
                    </li>
                }
            })
            .collect_view();
        view! {
            <p class="muted">{view_of.axis_words(unit)}</p>
            <div class="interval-chart" data-testid="class-intervals">{truth}<ul>{rows}</ul></div>
        }
    });
    Some(view! {
        <section class="panel" aria-label="One question, every student">
            <h2>"One question, every student"</h2>
            <div class="tabs" role="group" aria-label="Question">{picker}</div>
            {chart}
        </section>
    })
}
