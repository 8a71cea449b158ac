//! Study mode, at `/?study=…`: the page shows only the study. Load and check the study file (a bundled id or a
//! same-origin file) → consent → the participant id (from the link, or typed) → one tab per participant →
//! instructions → practice → scored items → the end screen. The participant's `Session` (the core's state
//! machine) is saved to local storage at every change and sent to the researcher at the end.

mod end;
mod item;
mod load;
mod send;
mod state;
mod web;

use fermi_study::link::named;
use fermi_study::{AppInfo, Bundle, Gate, Participant, Session, Stage, participant_from_params};
use leptos::ev;
use leptos::prelude::*;

use crate::components::Notices;
use crate::run::Shared;
use state::StudyState;

/// The study a link asks for (`?study=…`), if any; a page JATOS serves is always a study (its link's
/// parameters arrive with `jatos.js`, so the name may be empty until then).
pub fn requested() -> Option<String> {
    named(&web::query_params()).or_else(|| web::served_by_jatos().then(String::new))
}

#[component]
pub fn StudyMode(name: String) -> impl IntoView {
    let loaded = LocalResource::new(move || {
        let mut name = name.clone();
        async move {
            if web::served_by_jatos() {
                web::start_jatos()
                    .await
                    .map_err(|why| vec![format!("JATOS: {why}.")])?;
                name = named(&web::query_params()).unwrap_or(name);
            }
            load::load(&name).await.map(Shared::new)
        }
    });
    move || match loaded.get() {
        None => {
            view! { <p class="study-loading" role="status">"Loading the study…"</p> }.into_any()
        }
        Some(Err(lines)) => view! { <StudyError lines /> }.into_any(),
        Some(Ok(l)) => view! { <Entrance loaded=l /> }.into_any(),
    }
}

/// A study that cannot run: what is wrong, as text.
#[component]
fn StudyError(lines: Vec<String>) -> impl IntoView {
    view! {
        <main class="study study-page" data-testid="study-error">
            <h1>"This study cannot start"</h1>
            <p>"The link's study file has a problem, so nothing can be answered or recorded. Please tell the researcher what is listed here:"</p>
            <ul class="study-problems">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
        </main>
    }
}

/// Before the study runs: consent, the participant id, the one-tab check, and resuming.
#[component]
fn Entrance(loaded: Shared<Bundle>) -> impl IntoView {
    let params = web::query_params();
    let from_link = participant_from_params(&loaded.study, &params);
    let gate = RwSignal::new(Gate::first(from_link.is_some()));
    let session = RwSignal::new(None::<(String, Session)>);
    let notice = RwSignal::new(None::<String>);
    // Takes the lock for this participant, then resumes a saved attempt or (after consent) starts one.
    let enter = {
        let loaded = loaded.clone();
        move |participant: Participant, consented: bool| {
            let loaded = loaded.clone();
            leptos::task::spawn_local(async move {
                let key = fermi_study::storage_key(&loaded.study.id, &participant.id);
                if !web::claim(&key).await {
                    gate.set(Gate::Refused);
                    return;
                }
                let stored = crate::adapters::read(&key);
                let found = Session::found(
                    &key,
                    stored.as_ref().map(Option::as_deref).map_err(|_| ()),
                    &loaded.study,
                    &loaded.sha256,
                    web::now().wall_ms,
                );
                if let Some((aside, text)) = &found.aside {
                    // Kept aside, never overwritten.
                    let _ = crate::adapters::write(aside, text);
                }
                if found.notice.is_some() {
                    notice.set(found.notice);
                }
                let s = match (found.session, consented) {
                    (Some(s), _) => s,
                    (None, false) => return gate.set(Gate::Consent),
                    (None, true) => {
                        let mut s = new_session(&loaded, participant);
                        // Inside JATOS, a batch session counts participants: arms balanced in blocks.
                        if loaded.study.counts_participants(web::in_jatos())
                            && let Some(n) = web::jatos_counter().await
                        {
                            s.assign_block(&loaded.study, n);
                        }
                        s
                    }
                };
                session.set(Some((key, s)));
                gate.set(Gate::Running);
            });
        }
    };
    if let Some(p) = &from_link {
        enter(p.clone(), false);
    }
    let accept = {
        let enter = enter.clone();
        let from_link = from_link.clone();
        move || {
            gate.set(Gate::accepted(from_link.is_some()));
            if let Some(p) = from_link.clone() {
                enter(p, true);
            }
        }
    };
    let typed = {
        let loaded = loaded.clone();
        move |id: String| {
            gate.set(Gate::Checking);
            enter(Participant::typed(&loaded.study, id, &params), true);
        }
    };
    let title = loaded.study.title.clone();
    let consent = loaded.study.consent.clone();
    move || {
        match gate.get() {
        Gate::Checking => view! { <p class="study-loading" role="status">"Opening the study…"</p> }.into_any(),
        Gate::Consent => {
            let accept = accept.clone();
            view! {
                <main class="study study-page">
                    <h1>{title.clone()}</h1>
                    <h2>"Consent"</h2>
                    <p class="prose" data-testid="study-consent">{consent.clone()}</p>
                    <div class="row">
                        <button class="primary" data-testid="study-consent-accept" on:click=move |_| accept()>"I agree: start"</button>
                        <button data-testid="study-consent-decline" on:click=move |_| gate.set(Gate::Declined)>"I do not agree"</button>
                    </div>
                </main>
            }
            .into_any()
        }
        Gate::TypeId => view! { <TypeId on_id=typed.clone() /> }.into_any(),
        Gate::Declined => {
            let (code, link) = loaded.study.declined();
            view! {
                <main class="study study-page" data-testid="study-declined">
                    <h1>"You declined"</h1>
                    <p>"Nothing was recorded."</p>
                    {match code {
                        Some(c) => view! { <p>"Your code: " <strong data-testid="study-code">{c}</strong></p> }.into_any(),
                        None => view! { <p data-testid="study-return">{fermi_study::ending::RETURN_STUDY}</p> }.into_any(),
                    }}
                    {link.map(|url| view! { <p><a href=url rel="noopener noreferrer">"Go back to the panel"</a></p> })}
                </main>
            }
            .into_any()
        }
        Gate::Refused => view! {
            <main class="study study-page" data-testid="study-refused">
                <h1>"This study is open in another tab"</h1>
                <p>"Please close this tab and go on in the other one: your answers are there. This tab records nothing."</p>
            </main>
        }
        .into_any(),
        Gate::Running => match session.get_untracked() {
            Some((key, s)) => view! { <Running loaded=loaded.clone() key session=s notice=notice.get_untracked() /> }.into_any(),
            None => ().into_any(),
        },
    }
    }
}

fn new_session(loaded: &Bundle, participant: Participant) -> Session {
    Session::begin(
        loaded,
        participant,
        // Five draws of fresh entropy make the submission id (the core folds them into a UUID v4).
        [0; 5].map(|_| crate::adapters::fresh_entropy()),
        AppInfo {
            version: env!("CARGO_PKG_VERSION").into(),
            // From git at build time (build.rs), "unknown" when it could not be had.
            commit: Some(env!("FERMI_PLAYGROUND_COMMIT").into()),
        },
        web::user_agent(),
        web::device(),
        web::now(),
    )
}

#[component]
fn TypeId(on_id: impl Fn(String) + Clone + 'static) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let go = move || match fermi_study::check_participant_id(&text.get_untracked()) {
        Ok(id) => on_id(id.to_string()),
        Err(why) => problem.set(Some(why)),
    };
    let go2 = go.clone();
    view! {
        <main class="study study-page">
            <h2>"Your participant id"</h2>
            <label for="study-participant-id">"Type the id the researcher gave you"</label>
            <input
                id="study-participant-id"
                data-testid="study-participant-id"
                type="text"
                autocomplete="off"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
                on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { go2() }
            />
            <p class="problem" role="alert">{move || problem.get()}</p>
            <button class="primary" data-testid="study-id-continue" on:click=move |_| go()>"Continue"</button>
        </main>
    }
}

/// The study itself: the bar (where, time, save), then instructions, an item, or the end.
#[component]
fn Running(
    loaded: Shared<Bundle>,
    key: String,
    session: Session,
    notice: Option<String>,
) -> impl IntoView {
    let state = StudyState::new(loaded.clone(), key, session);
    provide_context(state);
    provide_context(state.pipeline);
    if let Some(n) = notice {
        state.notify(n);
    }
    keep(state);
    send::start(state);
    let title = loaded.study.title.clone();
    let position = Memo::new(move |_| state.session.with(|s| s.position()));
    let timer = Memo::new(move |_| state.session.with(|s| state.study(|study| s.timer(study))));
    let instructions = state.conditions().instructions;
    let arm = state
        .session
        .with_untracked(|s| s.arm_text(&loaded.study).map(str::to_string));
    view! {
        <header class="masthead study-head">
            <h1>{title}</h1>
            <div class="study-bar">
                {move || position.get().map(|p| view! { <span class="study-position" data-testid="study-position">{p}</span> })}
                {move || timer.get().map(|(text, over)| view! {
                    <span class=if over { "study-timer over" } else { "study-timer" } data-testid="study-timer" role="timer">{text}</span>
                })}
                // The end screen has its own.
                {move || (state.stage.get() != Stage::Done).then(|| view! {
                    <button data-testid="study-save" on:click=move |_| state.download()>"Save my answers"</button>
                })}
            </div>
        </header>
        <Notices notices=state.notices />
        <main class="study">
            {move || match state.stage.get() {
                Stage::Instructions => {
                    let arm = arm.clone().map(|a| view! { <p class="study-arm prose" data-testid="study-arm">{a}</p> });
                    view! {
                        <section class="panel">
                            <h2>"Instructions"</h2>
                            <p class="prose">{instructions.clone()}</p>
                            {arm}
                            <button class="primary" data-testid="study-start" on:click=move |_| state.next()>"Start"</button>
                        </section>
                    }
                    .into_any()
                }
                Stage::Practice { .. } | Stage::Item { .. } => view! { <item::ItemView /> }.into_any(),
                Stage::Done => view! { <end::End /> }.into_any(),
            }}
        </main>
    }
}

/// The clocks tick each second; the session is saved a moment after each change, and at once when the page is
/// hidden or left. After `pagehide` (a reload, a closed tab) the page's hiding is not counted as hidden time.
fn keep(state: StudyState) {
    let tick = set_interval_with_handle(
        move || {
            let now = web::now();
            state.session.try_update(|s| s.tick(now));
        },
        std::time::Duration::from_secs(1),
    )
    .ok();
    let pending = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        state.session.track();
        if pending.get_value().is_some() {
            return;
        }
        let handle = set_timeout_with_handle(
            move || {
                pending.try_set_value(None);
                state.save_now();
            },
            std::time::Duration::from_millis(400),
        );
        pending.set_value(handle.ok());
    });
    let leaving = StoredValue::new(false);
    // Brings the item's clock up to now (unless the page is being left), then saves.
    let save = move |tick: bool| {
        if tick {
            let now = web::now();
            state.session.try_update(|s| s.tick(now));
        }
        state.save_now();
    };
    // `visibilitychange` is fired at the document and bubbles up to the window.
    let listeners = [
        window_event_listener_untyped("visibilitychange", move |_| {
            save(leaving.try_get_value() == Some(false));
        }),
        window_event_listener(ev::pagehide, move |_| {
            leaving.try_set_value(true);
            save(true);
            send::on_leave(&state);
        }),
        window_event_listener(ev::pageshow, move |_| {
            leaving.try_set_value(false);
        }),
    ];
    on_cleanup(move || {
        if let Some(t) = tick {
            t.clear();
        }
        for listener in listeners {
            listener.remove();
        }
    });
}
