//! Sending: the record goes to the researcher as soon as an item is finished (the same `submission_id`,
//! `status: "partial"` until the end; the receiver keeps the latest), retried with backoff while the page is
//! open, and once more by a beacon when the page goes away unsent. Inside JATOS it goes through
//! `jatos.submitResultData` instead. `Sending::Sent` only ever follows a 2xx (or JATOS's acceptance).

use leptos::prelude::*;

use super::state::{Sending, StudyState};
use super::web;

/// Retries back off from 1 s, doubling, to at most 10 s; an unchanged, sent record is looked at twice a second.
const FIRST_RETRY_MS: i32 = 1000;
const LAST_RETRY_MS: i32 = 10_000;
const IDLE_MS: i32 = 500;

/// Where records go: JATOS when the page runs inside it, else the study's `submit_url`; `None`: nowhere (the
/// participant's file is the way).
#[derive(Clone)]
enum Target {
    Jatos,
    Url(String),
}

fn target(state: &StudyState) -> Option<Target> {
    if web::in_jatos() {
        return Some(Target::Jatos);
    }
    state.study(|s| s.submit_url.clone()).map(Target::Url)
}

/// What of the record a 2xx acknowledges: the items, practice answers and status it held when sent.
fn version(state: &StudyState) -> Option<(usize, usize, fermi_study::RecordStatus)> {
    state.session.try_with_untracked(|s| {
        (
            s.record.items.len(),
            s.record.practice.len(),
            s.record.status,
        )
    })
}

/// Starts the sending loop for the running study (it ends with the study's state).
pub fn start(state: StudyState) {
    let Some(to) = target(&state) else {
        state.sending.set(Sending::Nowhere);
        return;
    };
    leptos::task::spawn_local(async move {
        let mut wait = FIRST_RETRY_MS;
        loop {
            let Some((sent, worth, body, done)) = state.session.try_with_untracked(|s| {
                let done = s.stage == fermi_study::Stage::Done;
                let worth = !s.record.items.is_empty() || !s.record.practice.is_empty() || done;
                (s.sent, worth, compact(&s.record), done)
            }) else {
                return;
            };
            if sent || !worth {
                // A finished record sent before a reload is still sent.
                if sent && done && state.sending.try_get_untracked() != Some(Sending::Sent) {
                    state.sending.try_set(Sending::Sent);
                }
                web::sleep(IDLE_MS).await;
                continue;
            }
            let at = version(&state);
            let result = match &to {
                Target::Jatos => web::jatos_submit(&body).await,
                Target::Url(url) => web::post_json(url, &body).await,
            };
            match result {
                Ok(()) => {
                    wait = FIRST_RETRY_MS;
                    // Acknowledged only if nothing was added meanwhile (else the next round sends it).
                    let current = version(&state);
                    if current.is_none() {
                        return;
                    }
                    if current == at {
                        state.session.try_update(|s| s.sent = true);
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
                    web::sleep(wait).await;
                    wait = (wait * 2).min(LAST_RETRY_MS);
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
    if let Some((false, body)) = state
        .session
        .try_with_untracked(|s| (s.sent, compact(&s.record)))
    {
        web::beacon(&url, &body);
    }
}

/// The record as one line of JSON (JATOS's `data.txt` holds one result a line).
fn compact(record: &fermi_study::Record) -> String {
    serde_json::to_string(record).unwrap_or_default()
}
