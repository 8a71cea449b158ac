//! The end screen: the completion code, whether the record reached the researcher (said only after a 2xx), the
//! debrief with `reveal = "end"`, and the completion link after a visible pause.

use fermi_study::debrief;
use leptos::prelude::*;

use super::state::{Sending, StudyState};
use super::web;

/// Seconds shown before the completion link is followed.
const PAUSE_S: u32 = 10;
/// Retries back off from 1 s, doubling, to at most 10 s.
const FIRST_RETRY_MS: i32 = 1000;
const LAST_RETRY_MS: i32 = 10_000;

#[component]
pub fn End() -> impl IntoView {
    let state = expect_context::<StudyState>();
    send(state);
    let (code, link) = state.study(|s| {
        let code = s.completion_code.clone();
        let link = s
            .completion_url
            .clone()
            .map(|u| u.replace("{code}", code.as_deref().unwrap_or("")));
        (code, link)
    });
    let rows = state.loaded.with_value(|l| {
        state
            .session
            .with_untracked(|s| debrief(&l.study, &l.packs, &s.record))
    });
    let sent_state = move || match state.sending.get() {
        Sending::Sent => "sent",
        Sending::Pending => "pending",
        Sending::Failed(_) | Sending::Nowhere => "failed",
    };
    let sent_words = move || match state.sending.get() {
        Sending::Sent => "Your answers reached the researcher.".to_string(),
        Sending::Pending => "Sending your answers to the researcher…".to_string(),
        Sending::Failed(why) => format!(
            "Your answers have not reached the researcher yet ({why}). Trying again while this page is open; \
             they are kept in this browser, and “Save my answers” gives you a copy."
        ),
        Sending::Nowhere => {
            "This study does not send answers anywhere: use “Save my answers” and give the \
                             file to the researcher as they asked."
                .to_string()
        }
    };
    let complete = state
        .session
        .with_untracked(|s| s.record.status == fermi_study::RecordStatus::Complete);
    let heading = if complete {
        "Thank you: you have finished"
    } else {
        "Thank you: you stopped early, and what you answered is kept"
    };
    let code_view = code.map(|c| {
        view! { <p class="study-code-line">"Your completion code: " <strong class="study-code" data-testid="study-code">{c}</strong></p> }
    });
    let redirect = link.map(|url| view! { <Redirect url /> });
    let debrief_view = (!rows.is_empty()).then(|| {
        view! {
            <section class="panel" data-testid="study-debrief">
                <h2>"How you did"</h2>
                <p class="muted">"Cramér-log scores: lower is better; 0 is a perfect match with the truth."</p>
                <ol class="study-debrief">
                    {rows.into_iter().map(|r| view! {
                        <li>
                            <p class="question-text">{r.text}</p>
                            <p>"The answer: " {r.truth}</p>
                            <p>"Yours: " {r.answer} " · score " <strong>{r.score}</strong></p>
                            <p class="muted">{r.feedback}</p>
                        </li>
                    }).collect_view()}
                </ol>
            </section>
        }
    });
    view! {
        <section class="panel study-complete" data-testid="study-complete">
            <h2>{heading}</h2>
            {code_view}
            <p class="study-sent" data-testid="study-sent" data-state=sent_state role="status">{sent_words}</p>
            <button data-testid="study-save-end" on:click=move |_| state.download()>"Save my answers"</button>
            {redirect}
        </section>
        {debrief_view}
    }
}

/// Sends the finished record once per page: to JATOS when the page runs inside it, else POSTed to the study's
/// `submit_url` with retries until a 2xx.
fn send(state: StudyState) {
    let submit_url = state.study(|s| s.submit_url.clone());
    if state.session.with_untracked(|s| s.sent) {
        state.sending.set(Sending::Sent);
        return;
    }
    let body = state.session.with_untracked(|s| s.record_json());
    let jatos = web::in_jatos();
    let Some(url) = submit_url.filter(|_| !jatos) else {
        if !jatos {
            state.sending.set(Sending::Nowhere);
            return;
        }
        state.sending.set(Sending::Pending);
        leptos::task::spawn_local(async move {
            match web::jatos_submit(&body).await {
                Ok(()) => {
                    state.session.try_update(|s| s.sent = true);
                    state.sending.try_set(Sending::Sent);
                    state.save_now();
                    web::sleep(PAUSE_S as i32 * 1000).await;
                    if let Err(why) = web::jatos_end().await {
                        state.sending.try_set(Sending::Failed(why));
                    }
                }
                Err(why) => {
                    state.sending.try_set(Sending::Failed(why));
                }
            }
        });
        return;
    };
    state.sending.set(Sending::Pending);
    leptos::task::spawn_local(async move {
        let mut wait = FIRST_RETRY_MS;
        loop {
            match web::post_json(&url, &body).await {
                Ok(()) => {
                    state.session.try_update(|s| s.sent = true);
                    state.sending.try_set(Sending::Sent);
                    state.save_now();
                    return;
                }
                Err(why) => {
                    if state.sending.try_set(Sending::Failed(why)).is_some() {
                        // The mode was left: nobody is there to retry for.
                        return;
                    }
                }
            }
            web::sleep(wait).await;
            wait = (wait * 2).min(LAST_RETRY_MS);
        }
    });
}

/// The completion link, followed after a visible countdown once the answers are safe with the researcher (or
/// there is nowhere to send them); until then the participant can follow it by hand.
#[component]
fn Redirect(url: String) -> impl IntoView {
    let state = expect_context::<StudyState>();
    let left = RwSignal::new(PAUSE_S);
    let ready = Memo::new(move |_| matches!(state.sending.get(), Sending::Sent | Sending::Nowhere));
    let url_go = url.clone();
    let handle = set_interval_with_handle(
        move || {
            if ready.try_get() != Some(true) {
                return;
            }
            match left.try_get_untracked() {
                Some(0) | None => {}
                Some(1) => {
                    left.set(0);
                    web::go_to(&url_go);
                }
                Some(n) => left.set(n - 1),
            }
        },
        std::time::Duration::from_secs(1),
    )
    .ok();
    on_cleanup(move || {
        if let Some(h) = handle {
            h.clear();
        }
    });
    let words = move || {
        if ready.get() {
            format!("Taking you back in {} s…", left.get())
        } else {
            "You will be taken back once your answers have reached the researcher.".to_string()
        }
    };
    view! {
        <p class="study-redirect" data-testid="study-redirect">
            {words} " " <a href=url rel="noopener noreferrer">"Go back now"</a>
        </p>
    }
}
