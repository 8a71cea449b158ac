//! The end screen: the completion code, whether the record reached the researcher (said only after a 2xx), the
//! debrief with `reveal = "end"`, and the completion link after a visible pause.

use fermi_study::ending::{Countdown, PAUSE_S, RETURN_STUDY, Sending};
use fermi_study::{Session, debrief};
use leptos::prelude::*;

use super::state::StudyState;
use super::web;

#[component]
pub fn End() -> impl IntoView {
    let state = expect_context::<StudyState>();
    let (ending, rows) = state.loaded.with_value(|l| {
        let end = |s: &Session| (s.ending(&l.study), debrief(&l.study, &l.packs, &s.record));
        state.session.with_untracked(end)
    });
    let code_view = match ending.code {
        Some(c) => view! { <p class="study-code-line">"Your completion code: " <strong class="study-code" data-testid="study-code">{c}</strong></p> }.into_any(),
        None => view! { <p class="study-code-line" data-testid="study-return">{RETURN_STUDY}</p> }.into_any(),
    };
    let redirect = if web::in_jatos() {
        end_jatos(state, ending.link);
        None
    } else {
        ending.link.map(|url| view! { <Redirect url /> })
    };
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
            <h2>{ending.heading}</h2>
            {code_view}
            <p class="study-sent" data-testid="study-sent" data-state=move || state.sending.with(Sending::state) role="status">{move || state.sending.with(Sending::words)}</p>
            <button data-testid="study-save-end" on:click=move |_| state.download()>"Save my answers"</button>
            {redirect}
        </section>
        {debrief_view}
    }
}

/// Inside JATOS: once JATOS has the finished record, ends the study after the pause, through JATOS's own
/// redirect to the completion link when there is one (a redirect of the page itself would race JATOS's end).
fn end_jatos(state: StudyState, link: Option<String>) {
    leptos::task::spawn_local(async move {
        loop {
            match state.sending.try_get_untracked() {
                None => return,
                Some(Sending::Sent) => break,
                Some(_) => web::sleep(500).await,
            }
        }
        web::sleep(PAUSE_S as i32 * 1000).await;
        if let Err(why) = web::jatos_end(link.as_deref()).await {
            state.sending.try_set(Sending::Failed(why));
        }
    });
}

/// The completion link, followed after a visible countdown once the answers are safe with the researcher (or
/// there is nowhere to send them); until then the participant can follow it by hand.
#[component]
fn Redirect(url: String) -> impl IntoView {
    let state = expect_context::<StudyState>();
    let countdown = RwSignal::new(Countdown::new());
    let ready = Memo::new(move |_| state.sending.with(Sending::settled));
    let url_go = url.clone();
    let handle = set_interval_with_handle(
        move || {
            let settled = ready.try_get() == Some(true);
            if countdown.try_update(|c| c.tick(settled)) == Some(true) {
                web::go_to(&url_go);
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
    let words = move || countdown.with(|c| c.words(ready.get()));
    view! {
        <p class="study-redirect" data-testid="study-redirect">
            {words} " " <a href=url rel="noopener noreferrer">"Go back now"</a>
        </p>
    }
}
