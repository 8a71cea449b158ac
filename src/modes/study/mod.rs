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

use fermi_study::{AppInfo, Participant, Session, Stage, kept_params, participant_from_params};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::components::Notices;
use crate::run::Shared;
use load::Loaded;
use state::StudyState;

/// The study a link asks for (`?study=…`), if any; a page JATOS serves is always a study (its link's
/// parameters arrive with `jatos.js`, so the name may be empty until then).
pub fn requested() -> Option<String> {
    named().or_else(|| web::served_by_jatos().then(String::new))
}

fn named() -> Option<String> {
    web::query_params()
        .into_iter()
        .find(|(k, _)| k == "study")
        .map(|(_, v)| v)
}

#[component]
pub fn StudyMode(name: String) -> impl IntoView {
    let loaded = RwSignal::new(None::<Result<Shared<Loaded>, Vec<String>>>);
    leptos::task::spawn_local(async move {
        let mut name = name;
        if web::served_by_jatos() {
            if let Err(why) = web::start_jatos().await {
                loaded.set(Some(Err(vec![format!("JATOS: {why}.")])));
                return;
            }
            name = named().unwrap_or(name);
        }
        if name.is_empty() {
            loaded.set(Some(Err(vec![
                "No study is named: add study=FILE (the study file beside the app) to the study link.".into(),
            ])));
            return;
        }
        let result = load::load(&name).await.map(Shared::new);
        loaded.set(Some(result));
    });
    move || match loaded.get() {
        None => {
            view! { <p class="study-loading" role="status">"Loading the study…"</p> }.into_any()
        }
        Some(Err(lines)) => view! { <StudyError lines /> }.into_any(),
        Some(Ok(l)) => view! { <Gate loaded=l /> }.into_any(),
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
#[derive(Clone, Debug, PartialEq)]
enum Step {
    Checking,
    Consent,
    TypeId,
    Declined,
    Refused,
    Running,
}

#[component]
fn Gate(loaded: Shared<Loaded>) -> impl IntoView {
    let params = web::query_params();
    let from_link = participant_from_params(&loaded.study, &params);
    let gate = RwSignal::new(Step::Checking);
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
                    gate.set(Step::Refused);
                    return;
                }
                let stored = crate::adapters::read(&key);
                let (saved, said) = Session::found(
                    stored.as_ref().map(Option::as_deref).map_err(|_| ()),
                    &loaded.study,
                    &loaded.sha256,
                    web::now().wall_ms,
                );
                if let (Ok(Some(text)), None) = (&stored, &saved) {
                    // Kept aside, never overwritten.
                    let _ = crate::adapters::write(&Session::unreadable_key(&key), text);
                }
                if said.is_some() {
                    notice.set(said);
                }
                match (saved, consented) {
                    (Some(s), _) => {
                        session.set(Some((key, s)));
                        gate.set(Step::Running);
                    }
                    (None, false) => gate.set(Step::Consent),
                    (None, true) => {
                        let mut s = new_session(&loaded, participant);
                        // Inside JATOS, a batch session counts participants: arms balanced in blocks.
                        if !loaded.study.arms.is_empty()
                            && web::in_jatos()
                            && let Some(n) = web::jatos_counter().await
                        {
                            s.assign_block(&loaded.study, n);
                        }
                        session.set(Some((key, s)));
                        gate.set(Step::Running);
                    }
                }
            });
        }
    };
    match &from_link {
        Some(p) => enter(p.clone(), false),
        None => gate.set(Step::Consent),
    }
    let accept = {
        let enter = enter.clone();
        let from_link = from_link.clone();
        move || match from_link.clone() {
            Some(p) => {
                gate.set(Step::Checking);
                enter(p, true);
            }
            None => gate.set(Step::TypeId),
        }
    };
    let typed = {
        let loaded = loaded.clone();
        move |id: String| {
            gate.set(Step::Checking);
            enter(
                Participant {
                    id,
                    source: "typed".into(),
                    params: kept_params(&loaded.study, &params),
                },
                true,
            );
        }
    };
    let title = loaded.study.title.clone();
    let consent = loaded.study.consent.clone();
    move || {
        match gate.get() {
        Step::Checking => view! { <p class="study-loading" role="status">"Opening the study…"</p> }.into_any(),
        Step::Consent => {
            let accept = accept.clone();
            view! {
                <main class="study study-page">
                    <h1>{title.clone()}</h1>
                    <h2>"Consent"</h2>
                    <p class="prose" data-testid="study-consent">{consent.clone()}</p>
                    <div class="row">
                        <button class="primary" data-testid="study-consent-accept" on:click=move |_| accept()>"I agree: start"</button>
                        <button data-testid="study-consent-decline" on:click=move |_| gate.set(Step::Declined)>"I do not agree"</button>
                    </div>
                </main>
            }
            .into_any()
        }
        Step::TypeId => view! { <TypeId on_id=typed.clone() /> }.into_any(),
        Step::Declined => {
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
        Step::Refused => view! {
            <main class="study study-page" data-testid="study-refused">
                <h1>"This study is open in another tab"</h1>
                <p>"Please close this tab and go on in the other one: your answers are there. This tab records nothing."</p>
            </main>
        }
        .into_any(),
        Step::Running => match session.get_untracked() {
            Some((key, s)) => view! { <Running loaded=loaded.clone() key session=s notice=notice.get_untracked() /> }.into_any(),
            None => ().into_any(),
        },
    }
    }
}

fn new_session(loaded: &Loaded, participant: Participant) -> Session {
    let now = web::now();
    // Five draws of fresh entropy make the submission id (the core folds them into a UUID v4).
    let draws = [0; 5].map(|_| crate::adapters::fresh_entropy());
    let mut session = Session::new(
        &loaded.study,
        &loaded.sha256,
        participant,
        fermi_study::uuid_v4(draws),
        AppInfo {
            version: env!("CARGO_PKG_VERSION").into(),
            // From git at build time (build.rs), "unknown" when it could not be had.
            commit: Some(env!("FERMI_PLAYGROUND_COMMIT").into()),
        },
        web::user_agent(),
        now,
    );
    session.record.packs = fermi_study::PackRef::used(&loaded.study, &loaded.packs);
    session.record.device = Some(web::device());
    session
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
    loaded: Shared<Loaded>,
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
    let on_visibility = Closure::<dyn Fn()>::new(move || {
        if leaving.try_get_value() != Some(false) {
            state.save_now();
            return;
        }
        let now = web::now();
        state.session.try_update(|s| s.tick(now));
        state.save_now();
    });
    let on_pagehide = Closure::<dyn Fn()>::new(move || {
        leaving.try_set_value(true);
        let now = web::now();
        state.session.try_update(|s| s.tick(now));
        state.save_now();
        send::on_leave(&state);
    });
    let on_pageshow = Closure::<dyn Fn()>::new(move || {
        leaving.try_set_value(false);
    });
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        let _ = d.add_event_listener_with_callback(
            "visibilitychange",
            on_visibility.as_ref().unchecked_ref(),
        );
    }
    if let Some(w) = web_sys::window() {
        let _ =
            w.add_event_listener_with_callback("pagehide", on_pagehide.as_ref().unchecked_ref());
        let _ =
            w.add_event_listener_with_callback("pageshow", on_pageshow.as_ref().unchecked_ref());
    }
    let closures = StoredValue::new_local(Some((on_visibility, on_pagehide, on_pageshow)));
    on_cleanup(move || {
        if let Some(t) = tick {
            t.clear();
        }
        let Some(Some((v, h, s))) = closures.try_update_value(Option::take) else {
            return;
        };
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            let _ = d.remove_event_listener_with_callback(
                "visibilitychange",
                v.as_ref().unchecked_ref(),
            );
        }
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback("pagehide", h.as_ref().unchecked_ref());
            let _ = w.remove_event_listener_with_callback("pageshow", s.as_ref().unchecked_ref());
        }
    });
}
