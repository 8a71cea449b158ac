//! Before a study runs: consent, the participant id (from the link, or typed), one tab per participant, and
//! resuming a saved attempt or starting one. The page shows each step and does the browser's part (the one-tab
//! lock, storage, JATOS's counter, the clocks and entropy); where each answer leads is decided here.

use fermi_answer::Now;

use crate::bundle::Bundle;
use crate::file::Study;
use crate::record::{AppInfo, Device, PackRef, Participant};
use crate::session::{Session, kept_params, uuid_v4};

/// Where the gate is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// Taking the one-tab lock and looking for an attempt to resume.
    Checking,
    Consent,
    /// Consent given without an id in the link: the participant types one.
    TypeId,
    Declined,
    /// Another tab holds this participant's attempt.
    Refused,
    Running,
}

impl Gate {
    /// The first step: with an id from the link, looking for an attempt to resume (consent follows when there is
    /// none); else consent.
    pub fn first(from_link: bool) -> Gate {
        if from_link {
            Gate::Checking
        } else {
            Gate::Consent
        }
    }

    /// Consent given: with an id from the link, checking again before starting; else the id is typed.
    pub fn accepted(from_link: bool) -> Gate {
        if from_link {
            Gate::Checking
        } else {
            Gate::TypeId
        }
    }
}

/// What the page finds in storage for a participant whose lock it holds (see [`Session::found`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The attempt to resume.
    pub session: Option<Session>,
    /// For the participant: why a saved attempt is not resumed, or that storage is off.
    pub notice: Option<String>,
    /// A saved attempt that cannot be resumed, as `(key, text)`: kept aside there, never overwritten.
    pub aside: Option<(String, String)>,
}

impl Participant {
    /// An id the participant typed (already checked by [`crate::check_participant_id`]), with the link's
    /// `keep_params`.
    pub fn typed(study: &Study, id: String, params: &[(String, String)]) -> Participant {
        Participant {
            id,
            source: "typed".into(),
            params: kept_params(study, params),
        }
    }
}

impl Study {
    /// Whether a new attempt's arm comes from a shared participant counter (balanced blocks) rather than the
    /// hash: the study has arms, and the page has a counter (JATOS's batch session).
    pub fn counts_participants(&self, counter: bool) -> bool {
        counter && !self.arms.is_empty()
    }
}

/// The one-tab lock's messages on a broadcast channel, for a participant's storage key: a tab probes for the key,
/// and the tab that holds it answers every probe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lock {
    pub probe: String,
    pub answer: String,
}

/// What a message on the lock's channel means to a tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    /// Another tab holds the key.
    Held,
    /// Another tab probes for the key this tab holds: answer it.
    Probed,
    Other,
}

impl Lock {
    pub fn new(key: &str) -> Lock {
        Lock {
            probe: format!("probe\n{key}"),
            answer: format!("held\n{key}"),
        }
    }

    /// A `message` heard by a tab that holds the key (`mine`) or is still probing for it.
    pub fn heard(&self, message: &str, mine: bool) -> Heard {
        if message == self.answer {
            Heard::Held
        } else if message == self.probe && mine {
            Heard::Probed
        } else {
            Heard::Other
        }
    }
}

/// A counter's value as JATOS's batch session holds it: a whole number from 0, else none.
pub fn counter(value: f64) -> Option<u64> {
    (value >= 0.0 && value.fract() == 0.0 && value < 2f64.powi(53)).then_some(value as u64)
}

impl Session {
    /// A new attempt at a bundle's study, as the page starts it: the submission id from five draws of fresh
    /// entropy ([`uuid_v4`]), the packs its items use and the participant's device recorded.
    pub fn begin(
        bundle: &Bundle,
        participant: Participant,
        draws: [u64; 5],
        app: AppInfo,
        user_agent: String,
        device: Device,
        now: Now,
    ) -> Session {
        let mut session = Session::new(
            &bundle.study,
            &bundle.sha256,
            participant,
            uuid_v4(draws),
            app,
            user_agent,
            now,
        );
        session.record.packs = PackRef::used(&bundle.study, &bundle.packs);
        session.record.device = Some(device);
        session
    }
}

impl Device {
    /// The device as the browser reports it: a screen size that is not a count of pixels is left out.
    pub fn of(
        width: Option<i32>,
        height: Option<i32>,
        time_zone: Option<String>,
        language: Option<String>,
    ) -> Device {
        let pixels = |v: Option<i32>| v.and_then(|x| u32::try_from(x).ok());
        Device {
            screen_width: pixels(width),
            screen_height: pixels(height),
            time_zone,
            language,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_steps_by_where_the_id_comes_from() {
        for (from_link, first, accepted) in [
            (true, Gate::Checking, Gate::Checking),
            (false, Gate::Consent, Gate::TypeId),
        ] {
            assert_eq!(Gate::first(from_link), first, "{from_link}");
            assert_eq!(Gate::accepted(from_link), accepted, "{from_link}");
        }
    }

    #[test]
    fn one_tab_holds_a_key_and_answers_probes_for_it() {
        let (a, b) = (Lock::new("fermi-study/s/p1"), Lock::new("fermi-study/s/p2"));
        for (message, mine, heard) in [
            (a.answer.as_str(), false, Heard::Held),
            (a.answer.as_str(), true, Heard::Held),
            (a.probe.as_str(), true, Heard::Probed),
            (a.probe.as_str(), false, Heard::Other),
            (b.probe.as_str(), true, Heard::Other),
            (b.answer.as_str(), false, Heard::Other),
            ("", true, Heard::Other),
        ] {
            assert_eq!(a.heard(message, mine), heard, "{message:?} {mine}");
        }
    }

    #[test]
    fn a_counter_is_a_whole_number_from_zero() {
        for (value, taken) in [
            (0.0, Some(0)),
            (7.0, Some(7)),
            (-1.0, None),
            (2.5, None),
            (f64::NAN, None),
            (f64::INFINITY, None),
            (1e300, None),
        ] {
            assert_eq!(counter(value), taken, "{value}");
        }
    }

    #[test]
    fn screen_sizes_are_pixel_counts() {
        for (width, height, kept) in [
            (Some(390), Some(844), (Some(390), Some(844))),
            (Some(-1), None, (None, None)),
            (None, Some(0), (None, Some(0))),
        ] {
            let d = Device::of(width, height, Some("Europe/Paris".into()), None);
            assert_eq!((d.screen_width, d.screen_height), kept);
            assert_eq!(d.time_zone.as_deref(), Some("Europe/Paris"));
        }
    }
}
