//! Exclusion and quality rules (the study file's `[study.quality]` and its check items), applied by the scorer to
//! each valid record: a participant who breaks one is left off the board, with every reason listed.

use serde::{Deserialize, Serialize};

use crate::file::Study;
use crate::record::Record;
use crate::score::{ItemRow, RowStatus};

/// The study's quality rules; each one left out is not applied.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quality {
    /// Least active time (page visible on the item) of every answered item, in seconds.
    pub min_item_active_s: Option<f64>,
    /// Least active time over all items, in seconds.
    pub min_active_s: Option<f64>,
    /// Largest share of the time open on items that the page was hidden (0 to 1).
    pub max_hidden_share: Option<f64>,
    /// Most paste events into answers over the study.
    pub max_pastes: Option<u64>,
    /// Narrowest screen, in CSS pixels (a record without a screen width is not excluded by it).
    pub min_screen_width: Option<u32>,
}

impl Quality {
    /// What is wrong with the rules themselves.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (name, v) in [
            ("min_item_active_s", self.min_item_active_s),
            ("min_active_s", self.min_active_s),
        ] {
            if v.is_some_and(|s| !(s.is_finite() && s >= 0.0)) {
                out.push(format!("{name} must be a non-negative number of seconds"));
            }
        }
        if self
            .max_hidden_share
            .is_some_and(|s| !(0.0..=1.0).contains(&s))
        {
            out.push("max_hidden_share must be between 0 and 1".into());
        }
        out
    }

    /// Whether any rule is set.
    pub fn any(&self) -> bool {
        *self != Quality::default()
    }
}

/// Why a validated record's participant is excluded (empty: kept). `rows` are the record's scored rows, whose
/// answers were recomputed from the programs.
pub fn exclusion_reasons(study: &Study, record: &Record, rows: &[ItemRow]) -> Vec<String> {
    let q = &study.quality;
    let mut reasons = Vec::new();
    for item in &study.items {
        let Some(check) = item.check else { continue };
        let Some(row) = rows.iter().find(|r| r.question == item.question) else {
            continue;
        };
        let median = row
            .answer
            .filter(|_| row.status == RowStatus::Answered)
            .map(|a| a[1]);
        match median {
            Some(m) if (m - check.expect).abs() <= check.tolerance * check.expect => {}
            Some(m) => reasons.push(format!(
                "check item {} answered with a median of {m} (expected {} within {}%)",
                item.question,
                check.expect,
                check.tolerance * 100.0
            )),
            None => reasons.push(format!(
                "check item {} not answered ({})",
                item.question,
                row.status.as_str()
            )),
        }
    }
    if let Some(min) = q.min_item_active_s {
        let fast: Vec<String> = record
            .items
            .iter()
            .filter(|i| i.status == crate::ItemStatus::Answered)
            .filter(|i| (i.active_ms as f64) < min * 1000.0)
            .map(|i| format!("{} ({} s)", i.question, i.active_ms as f64 / 1000.0))
            .collect();
        if !fast.is_empty() {
            reasons.push(format!(
                "answered in under {min} s of active time: {}",
                fast.join(", ")
            ));
        }
    }
    let active: u64 = record.items.iter().map(|i| i.active_ms).sum();
    let hidden: u64 = record.items.iter().map(|i| i.hidden_ms).sum();
    if let Some(min) = q.min_active_s
        && (active as f64) < min * 1000.0
    {
        reasons.push(format!(
            "{} s of active time in all, under the study's {min} s",
            active as f64 / 1000.0
        ));
    }
    if let Some(max) = q.max_hidden_share
        && active + hidden > 0
    {
        let share = hidden as f64 / (active + hidden) as f64;
        if share > max {
            reasons.push(format!(
                "the page was hidden {:.0}% of the time on items (at most {:.0}%)",
                share * 100.0,
                max * 100.0
            ));
        }
    }
    if let Some(max) = q.max_pastes {
        let pastes: u64 = record.items.iter().map(|i| i.pastes).sum();
        if pastes > max {
            reasons.push(format!("{pastes} paste(s) into answers (at most {max})"));
        }
    }
    if let Some(min) = q.min_screen_width
        && let Some(width) = record.device.as_ref().and_then(|d| d.screen_width)
        && width < min
    {
        reasons.push(format!(
            "screen {width} px wide, narrower than the study's {min} px"
        ));
    }
    reasons
}
