//! Sending: the record goes to the researcher as soon as an item is finished (the same `submission_id`,
//! `status: "partial"` until the end; the receiver keeps the latest), retried with backoff while the page is
//! open, and once more by a beacon when the page goes away unsent. Inside JATOS it goes through
//! `jatos.submitResultData` instead. `Sending::Sent` only ever follows a 2xx (or JATOS's acceptance).

use leptos::prelude::*;

use fermi_study::ending::{Backoff, Outgoing, Sending, Target};

use super::state::StudyState;
use super::web;

/// Where records go, by the core: JATOS when the page runs inside it, else the study's `submit_url`; `None`:
/// nowhere (the participant's file is the way).
fn target(state: &StudyState) -> Option<Target> {
    state.study(|s| Target::of(s, web::in_jatos()))
}

/// Starts the sending loop for the running study (it ends with the study's state); the core says what to send
/// and what a 2xx acknowledged.
pub fn start(state: StudyState) {
    let Some(to) = target(&state) else {
        state.sending.set(Sending::Nowhere);
        return;
    };
    leptos::task::spawn_local(async move {
        let mut backoff = Backoff::new();
        loop {
            let Some(outgoing) = state.session.try_with_untracked(|s| s.outgoing()) else {
                return;
            };
            let (body, version, done) = match outgoing {
                Outgoing::Wait { finished_sent } => {
                    if finished_sent && state.sending.try_get_untracked() != Some(Sending::Sent) {
                        state.sending.try_set(Sending::Sent);
                    }
                    web::sleep(Backoff::IDLE_MS).await;
                    continue;
                }
                Outgoing::Send {
                    body,
                    version,
                    done,
                } => (body, version, done),
            };
            let result = match &to {
                Target::Jatos => web::jatos_submit(&body).await,
                Target::Url(url) => crate::adapters::fetch(url, Some(&body)).await.map(drop),
            };
            match result {
                Ok(()) => {
                    backoff.succeeded();
                    let Some(acknowledged) = state.session.try_update(|s| s.acknowledge(version))
                    else {
                        return;
                    };
                    if acknowledged {
                        state.save_now();
                        // "Sent" is said of the finished record only, never of an earlier partial one.
                        if done && state.sending.try_set(Sending::Sent).is_some() {
                            return;
                        }
                    }
                }
                Err(why) => {
                    if state.sending.try_set(Sending::Failed(why)).is_some() {
                        return;
                    }
                    web::sleep(backoff.failed()).await;
                }
            }
        }
    });
}

/// The page is going away: an unsent record goes by beacon (to the `submit_url`; JATOS keeps what it got).
pub fn on_leave(state: &StudyState) {
    let Some(Target::Url(url)) = target(state) else {
        return;
    };
    if let Some(Some(body)) = state.session.try_with_untracked(|s| s.unsent()) {
        web::beacon(&url, &body);
    }
}
