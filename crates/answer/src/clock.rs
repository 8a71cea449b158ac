//! The clock of one item (a question on screen): when it was shown, time visible and hidden, the first edit, edits
//! and runs that ended in an error. The page hands in every moment as plain numbers ([`Now`]): the core reads no
//! clock.

use serde::{Deserialize, Serialize};

/// A moment as the page measured it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Now {
    /// Milliseconds since 1970 (the page's `Date.now()`): wall-clock stamps and time across reloads.
    pub wall_ms: f64,
    /// The page's monotonic clock (`performance.now()`): durations within one page's life.
    pub mono_ms: f64,
    /// Whether the page is visible.
    pub visible: bool,
}

/// An item's clock and counters. Time is counted only while a page holds the item: time while the page was closed
/// counts as neither visible nor hidden.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemClock {
    /// When it was first shown (wall clock, ms since 1970).
    pub shown_wall_ms: f64,
    /// Time open (visible plus hidden) at the first edit.
    pub first_edit_ms: Option<u64>,
    /// Time the page was open on the item, visible and hidden (`performance.now` deltas, summed over page lives).
    pub active_ms: f64,
    pub hidden_ms: f64,
    /// Times the page went from visible to hidden.
    pub hidden_count: u64,
    pub edits: u64,
    pub error_runs: u64,
    /// Paste events into the answer.
    #[serde(default)]
    pub pastes: u64,
    /// The last program whose run was counted (a rerun of the same text is not another error run).
    pub last_run: Option<String>,
    /// The page's clock at the last event; `None` until this page's life takes the item up.
    #[serde(skip)]
    segment: Option<Now>,
}

impl ItemClock {
    /// The clock of an item shown `now`.
    pub fn start(now: Now) -> ItemClock {
        ItemClock {
            shown_wall_ms: now.wall_ms,
            first_edit_ms: None,
            active_ms: 0.0,
            hidden_ms: 0.0,
            hidden_count: 0,
            edits: 0,
            error_runs: 0,
            pastes: 0,
            last_run: None,
            segment: Some(now),
        }
    }

    /// Milliseconds the page was open on this item.
    pub fn open_ms(&self) -> f64 {
        self.active_ms + self.hidden_ms
    }

    /// Brings the clock up to `now` (on every event, on a visibility change, and each second).
    pub fn tick(&mut self, now: Now) {
        if let Some(last) = self.segment {
            let delta = (now.mono_ms - last.mono_ms).max(0.0);
            if last.visible {
                self.active_ms += delta;
            } else {
                self.hidden_ms += delta;
            }
            if last.visible && !now.visible {
                self.hidden_count += 1;
            }
        }
        self.segment = Some(now);
    }

    /// The answer changed at `now`.
    pub fn edited(&mut self, now: Now) {
        self.tick(now);
        self.edits += 1;
        self.first_edit_ms.get_or_insert(self.open_ms() as u64);
    }

    /// A run of `program` finished; `errors` if it had any (each program text counts once).
    pub fn ran(&mut self, program: &str, errors: bool) {
        if self.last_run.as_deref() == Some(program) {
            return;
        }
        self.last_run = Some(program.to_string());
        if errors {
            self.error_runs += 1;
        }
    }

    /// Milliseconds from showing to `now` on the wall clock.
    pub fn answered_ms(&self, now: Now) -> u64 {
        (now.wall_ms - self.shown_wall_ms).max(0.0) as u64
    }

    /// Whether the item has been open longer than `limit_s` seconds (0: no limit).
    pub fn over(&self, limit_s: u32) -> bool {
        limit_s > 0 && self.open_ms() as u64 > u64::from(limit_s) * 1000
    }

    /// The countdown's words for a limit of `limit_s` seconds, with whether the item is over it; `None` without
    /// a limit.
    pub fn countdown(&self, limit_s: u32) -> Option<(String, bool)> {
        if limit_s == 0 {
            return None;
        }
        let limit = u64::from(limit_s) * 1000;
        let elapsed = self.open_ms() as u64;
        Some(if elapsed <= limit {
            (
                format!("{} left", clock((limit - elapsed).div_ceil(1000))),
                false,
            )
        } else {
            (
                format!(
                    "{} over the suggested time: finish when you are ready",
                    clock((elapsed - limit) / 1000)
                ),
                true,
            )
        })
    }
}

/// `m:ss` of a number of seconds.
fn clock(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}
