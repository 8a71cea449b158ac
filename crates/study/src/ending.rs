//! How an attempt ends and reaches the researcher: the code and completion link per outcome (finished, stopped
//! early, declined), the end screen's words for where the record is, and the sending loop's rules (what is worth
//! sending, what a 2xx acknowledges, how retries back off). The page only wires these to its clocks and fetch.

use crate::gate::Found;
use crate::{Record, RecordStatus, Session, Stage, Study};

/// Prolific's instruction where the study gives no code for how the attempt ended.
pub const RETURN_STUDY: &str = "There is no completion code for this: please return the study on Prolific \
    (“Return submission”) or tell the researcher, so your place is freed.";

/// What the participant is told when the browser stops keeping their answers (a write to its storage failed).
pub const NOT_KEPT: &str = "Your answers cannot be kept in this browser (its storage is full or turned off). You \
    can go on: keep this page open, and use “Save my answers” to keep a copy of your answers as a file.";

/// The end of an attempt as the end screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub complete: bool,
    /// The finished study's code, or the code of one stopped early; `None`: [`RETURN_STUDY`].
    pub code: Option<String>,
    /// The completion link with the code in it, when there is one to follow.
    pub link: Option<String>,
    pub heading: &'static str,
}

impl Study {
    /// The completion link with `code` in place of `{code}`.
    fn completion_link(&self, code: &str) -> Option<String> {
        self.completion_url
            .as_ref()
            .map(|u| u.replace("{code}", code))
    }

    /// A declined consent's code and link back to the panel (only with a code).
    pub fn declined(&self) -> (Option<String>, Option<String>) {
        let code = self.declined_code.clone();
        let link = code.as_deref().and_then(|c| self.completion_link(c));
        (code, link)
    }
}

impl Session {
    /// A code per outcome: a finished study's, or one stopped early's; the link is followed after a finished
    /// study even without a code.
    pub fn ending(&self, study: &Study) -> Ending {
        let complete = self.record.status == RecordStatus::Complete;
        let code = if complete {
            study.completion_code.clone()
        } else {
            study.partial_code.clone()
        };
        let link = (code.is_some() || complete)
            .then(|| study.completion_link(code.as_deref().unwrap_or("")))
            .flatten();
        Ending {
            complete,
            code,
            link,
            heading: if complete {
                "Thank you: you have finished"
            } else {
                "Thank you: you stopped early, and what you answered is kept"
            },
        }
    }

    /// Reads a saved session that may still be resumed at `now_wall_ms`; `Err` says why not.
    pub fn resume(
        text: &str,
        study: &Study,
        sha256: &str,
        now_wall_ms: f64,
    ) -> Result<Session, String> {
        let session = Session::from_json(text, study, sha256)?;
        match session.expired(study, now_wall_ms) {
            Some(why) => Err(why),
            None => Ok(session),
        }
    }

    /// What the page finds in its storage under the participant's `key` (`stored`: the saved text, `None` when
    /// there is none, `Err` when storage is off): an attempt to resume, or none, with a notice for the participant;
    /// an attempt that cannot be resumed is to be kept aside under [`Session::unreadable_key`].
    pub fn found(
        key: &str,
        stored: Result<Option<&str>, ()>,
        study: &Study,
        sha256: &str,
        now_wall_ms: f64,
    ) -> Found {
        let (session, notice, aside) = match stored {
            Ok(None) => (None, None, None),
            Ok(Some(text)) => match Session::resume(text, study, sha256, now_wall_ms) {
                Ok(s) => (Some(s), None, None),
                Err(why) => (
                    None,
                    Some(format!(
                        "Your earlier answers could not be resumed: {why}. They are kept aside in this browser; \
                         this is a new start."
                    )),
                    Some((Session::unreadable_key(key), text.to_string())),
                ),
            },
            Err(()) => (
                None,
                Some(
                    "This browser's storage is turned off: your answers will not survive a reload. Use “Save my \
                     answers” to keep a copy."
                        .into(),
                ),
                None,
            ),
        };
        Found {
            session,
            notice,
            aside,
        }
    }

    /// Where an attempt that cannot be resumed is kept aside, beside the participant's storage `key`.
    pub fn unreadable_key(key: &str) -> String {
        format!("{key}.unreadable")
    }

    /// What of the record a 2xx acknowledges: the items, practice answers and status it held when sent.
    pub fn version(&self) -> Version {
        (
            self.record.items.len(),
            self.record.practice.len(),
            self.record.status,
        )
    }

    /// What the sending loop does now.
    pub fn outgoing(&self) -> Outgoing {
        let done = self.stage == Stage::Done;
        let worth = !self.record.items.is_empty() || !self.record.practice.is_empty() || done;
        if self.sent || !worth {
            // A finished record sent before a reload is still sent.
            return Outgoing::Wait {
                finished_sent: self.sent && done,
            };
        }
        Outgoing::Send {
            body: compact(&self.record),
            version: self.version(),
            done,
        }
    }

    /// A 2xx for what was sent at `version`: the record is sent only if nothing was added meanwhile (else the
    /// next round sends it). Returns whether it was.
    pub fn acknowledge(&mut self, version: Version) -> bool {
        let current = self.version() == version;
        if current {
            self.sent = true;
        }
        current
    }

    /// The record as one line of JSON for a beacon when the page goes away, unless it was sent.
    pub fn unsent(&self) -> Option<String> {
        (!self.sent).then(|| compact(&self.record))
    }
}

/// Items, practice answers and status of a record (see [`Session::version`]).
pub type Version = (usize, usize, RecordStatus);

/// The sending loop's next step.
#[derive(Clone, Debug, PartialEq)]
pub enum Outgoing {
    /// Nothing to send (sent, or nothing worth sending yet); `finished_sent`: the finished record was sent.
    Wait { finished_sent: bool },
    /// Send `body`; a 2xx acknowledges `version`; `done`: it is the finished record.
    Send {
        body: String,
        version: Version,
        done: bool,
    },
}

/// Retries back off from 1 s, doubling, to at most 10 s; an unchanged, sent record is looked at twice a second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Backoff {
    wait_ms: i32,
}

impl Backoff {
    pub const FIRST_MS: i32 = 1000;
    pub const LAST_MS: i32 = 10_000;
    pub const IDLE_MS: i32 = 500;

    pub fn new() -> Backoff {
        Backoff {
            wait_ms: Backoff::FIRST_MS,
        }
    }

    /// How long to wait after a failure (each one doubles the next wait).
    pub fn failed(&mut self) -> i32 {
        let wait = self.wait_ms;
        self.wait_ms = (wait * 2).min(Backoff::LAST_MS);
        wait
    }

    pub fn succeeded(&mut self) {
        self.wait_ms = Backoff::FIRST_MS;
    }
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff::new()
    }
}

/// The record as one line of JSON (JATOS's `data.txt` holds one result a line).
fn compact(record: &Record) -> String {
    serde_json::to_string(record).unwrap_or_default()
}

/// Whether the record reached the researcher.
#[derive(Clone, Debug, PartialEq)]
pub enum Sending {
    /// The study has no server (and no JATOS): the record travels as the saved file.
    Nowhere,
    Pending,
    /// The last attempt failed, with why; another follows while the page is open.
    Failed(String),
    Sent,
}

impl Sending {
    /// The end screen's `data-state`.
    pub fn state(&self) -> &'static str {
        match self {
            Sending::Sent => "sent",
            Sending::Pending => "pending",
            Sending::Failed(_) | Sending::Nowhere => "failed",
        }
    }

    /// Where the answers are, in words (said "reached" only after a 2xx).
    pub fn words(&self) -> String {
        match self {
            Sending::Sent => "Your answers reached the researcher.".to_string(),
            Sending::Pending => "Sending your answers to the researcher…".to_string(),
            Sending::Failed(why) => format!(
                "Your answers have not reached the researcher yet ({why}). Trying again while this page is open; \
                 they are kept in this browser, and “Save my answers” gives you a copy."
            ),
            Sending::Nowhere => {
                "This study does not send answers anywhere: use “Save my answers” and give \
                the file to the researcher as they asked."
                    .to_string()
            }
        }
    }

    /// Whether the completion link may be followed: the answers are safe with the researcher, or there is
    /// nowhere to send them.
    pub fn settled(&self) -> bool {
        matches!(self, Sending::Sent | Sending::Nowhere)
    }
}

/// Seconds shown before the completion link is followed (and before JATOS ends the study).
pub const PAUSE_S: u32 = 10;

/// The visible countdown before the completion link is followed: it runs once the answers are settled
/// ([`Sending::settled`]); until then the participant can follow the link by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Countdown {
    pub left: u32,
}

impl Countdown {
    pub fn new() -> Countdown {
        Countdown { left: PAUSE_S }
    }

    /// A second passed; `true` when the link is to be followed now (once).
    pub fn tick(&mut self, settled: bool) -> bool {
        if !settled || self.left == 0 {
            return false;
        }
        self.left -= 1;
        self.left == 0
    }

    /// What the page says beside the link.
    pub fn words(&self, settled: bool) -> String {
        if settled {
            format!("Taking you back in {} s…", self.left)
        } else {
            "You will be taken back once your answers have reached the researcher.".to_string()
        }
    }
}

impl Default for Countdown {
    fn default() -> Self {
        Countdown::new()
    }
}

/// Where records go: JATOS when the page runs inside it, else the study's `submit_url`.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Jatos,
    Url(String),
}

impl Target {
    /// Where `study`'s records go; `None`: nowhere (the participant's file is the way).
    pub fn of(study: &Study, in_jatos: bool) -> Option<Target> {
        if in_jatos {
            return Some(Target::Jatos);
        }
        study.submit_url.clone().map(Target::Url)
    }
}
