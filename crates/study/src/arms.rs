//! Arms: what an arm changes (its conditions), and how participants are assigned — balanced within blocks where
//! the page has a counter (a JATOS batch session), else by a hash of the id, whose imbalance `study check` states.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::file::{Arm, Format, Study, below, hash};

/// What a participant works under: the study's settings with their arm's changes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Conditions {
    pub formats: Vec<Format>,
    pub time_limit_s: u32,
    /// The answer's live 5%/50%/95% on scored items.
    pub show_percentiles: bool,
    /// The answer's chart on scored items.
    pub show_chart: bool,
    pub instructions: String,
}

impl Conditions {
    pub fn takes(&self, format: Format) -> bool {
        self.formats.contains(&format)
    }

    /// Whether a program (in either dialect) is a way of answering.
    pub fn takes_programs(&self) -> bool {
        self.takes(Format::Squiggle) || self.takes(Format::Fermi)
    }

    /// Whether the participant picks the way of answering (the quick/program tabs): the study takes both.
    pub fn picks_way(&self) -> bool {
        self.takes(Format::Quick) && self.takes_programs()
    }

    /// Whether the participant picks a program's dialect (the editor's switch): the study takes both.
    pub fn picks_dialect(&self) -> bool {
        self.takes(Format::Squiggle) && self.takes(Format::Fermi)
    }

    /// The dialect a program starts in: the first program format allowed (Squiggle when none is).
    pub fn program_dialect(&self) -> fermi_syntax::Dialect {
        self.formats
            .iter()
            .copied()
            .find(|f| *f != Format::Quick)
            .unwrap_or(Format::Squiggle)
            .dialect()
    }

    /// The way of answering to switch to when the one on screen (`program`: a program, else quick) is not
    /// allowed: `Some(true)` a program, `Some(false)` quick, `None` to stay.
    pub fn switch(&self, program: bool) -> Option<bool> {
        if program && !self.takes_programs() {
            Some(false)
        } else if !program && !self.takes(Format::Quick) {
            Some(true)
        } else {
            None
        }
    }
}

/// How a record's arm was chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "lowercase", deny_unknown_fields)]
pub enum Assignment {
    /// The participant was the `counter`-th (from 0) to start, by a shared counter: balanced blocks.
    Block { counter: u64 },
}

/// Arms per block, times the number of arms: every block of `BLOCK_ROUNDS × k` participants holds each arm
/// exactly `BLOCK_ROUNDS` times, in an order drawn per block.
pub const BLOCK_ROUNDS: usize = 2;

impl Study {
    /// The conditions of a participant in `arm` (`None`: no arm, or an arm the study does not have).
    pub fn conditions(&self, arm: Option<&str>) -> Conditions {
        let arm = arm.and_then(|id| self.arms.iter().find(|a| a.id == id));
        Conditions {
            formats: arm
                .and_then(|a| a.formats.clone())
                .unwrap_or_else(|| self.formats.clone()),
            time_limit_s: arm
                .and_then(|a| a.time_limit_s)
                .unwrap_or(self.time_limit_s),
            show_percentiles: arm
                .and_then(|a| a.show_percentiles)
                .unwrap_or(self.show_percentiles),
            show_chart: arm.and_then(|a| a.show_chart).unwrap_or(self.show_chart),
            instructions: arm
                .and_then(|a| a.instructions.clone())
                .unwrap_or_else(|| self.instructions.clone()),
        }
    }

    /// The arm of the `counter`-th participant (from 0) under balanced blocks: block `b = counter / (2k)` is a
    /// Fisher–Yates shuffle (ChaCha8 seeded with the FNV-1a hash of `"block\n" + study id + "\n" + b`) of each
    /// arm twice; `None` without arms.
    pub fn arm_in_block(&self, counter: u64) -> Option<&Arm> {
        let k = self.arms.len();
        if k == 0 {
            return None;
        }
        let size = (BLOCK_ROUNDS * k) as u64;
        let block = (counter / size).to_string();
        let mut slots: Vec<usize> = (0..BLOCK_ROUNDS * k).map(|i| i % k).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(hash(&["block", &self.id, &block]));
        for i in (1..slots.len()).rev() {
            slots.swap(i, below(&mut rng, i + 1));
        }
        Some(&self.arms[slots[(counter % size) as usize]])
    }

    /// The arm a record should carry: by its block counter if it has one, else by the hash of the id.
    pub fn assigned_arm(&self, participant: &str, assignment: Option<&Assignment>) -> Option<&Arm> {
        match assignment {
            Some(Assignment::Block { counter }) => self.arm_in_block(*counter),
            None => self.arm_for(participant),
        }
    }
}

/// How unevenly the hash spreads `n` participants over `k` arms: the 5% and 95% quantiles of one arm's size
/// (binomial, n and 1/k), so `study check` can say "an arm gets 42 to 58 of 100 in 90% of studies".
pub fn hash_spread(n: u64, k: usize) -> Option<(u64, u64)> {
    if k < 2 || n == 0 {
        return None;
    }
    let p = 1.0 / k as f64;
    let mut pmf = libm::pow(1.0 - p, n as f64);
    let (mut cdf, mut low, mut high) = (0.0, None, n);
    for i in 0..=n {
        cdf += pmf;
        if low.is_none() && cdf >= 0.05 {
            low = Some(i);
        }
        if cdf >= 0.95 {
            high = i;
            break;
        }
        pmf *= (n - i) as f64 / (i + 1) as f64 * p / (1.0 - p);
    }
    Some((low.unwrap_or(0), high))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn study(arms: usize) -> Study {
        let mut text = String::from(
            "[study]\nid = \"s\"\nversion = 1\ntitle = \"T\"\nconsent = \"C\"\ninstructions = \"I\"\n\
             samples = 1000\nseed = 1\norder = \"fixed\"\nformats = [\"quick\"]\ntime_limit_s = 0\n\
             reveal = \"never\"\nallow_skip = false\n[[study.item]]\nquestion = \"open/a\"\n",
        );
        for k in 0..arms {
            text.push_str(&format!(
                "[[study.arm]]\nid = \"arm-{k}\"\ntext = \"t\"\nshow_chart = {}\n",
                k == 0
            ));
        }
        crate::parse_study(&text).unwrap()
    }

    #[test]
    fn every_block_holds_each_arm_twice_in_a_drawn_order() {
        for k in [2, 3, 5] {
            let s = study(k);
            let size = (BLOCK_ROUNDS * k) as u64;
            let mut orders = Vec::new();
            for block in 0..4 {
                let arms: Vec<&str> = (block * size..(block + 1) * size)
                    .map(|n| s.arm_in_block(n).unwrap().id.as_str())
                    .collect();
                for a in &s.arms {
                    assert_eq!(arms.iter().filter(|x| **x == a.id).count(), BLOCK_ROUNDS);
                }
                orders.push(arms);
            }
            assert!(
                orders.windows(2).any(|w| w[0] != w[1]),
                "blocks are not all alike"
            );
            let by_block = Assignment::Block { counter: 3 };
            assert_eq!(s.assigned_arm("x", Some(&by_block)), s.arm_in_block(3));
            assert_eq!(s.assigned_arm("x", None), s.arm_for("x"));
        }
        assert!(study(0).arm_in_block(0).is_none());
    }

    #[test]
    fn an_arm_changes_only_what_it_sets() {
        let s = study(2);
        assert!(s.conditions(Some("arm-0")).show_chart);
        let c = s.conditions(Some("arm-1"));
        assert!(!c.show_chart && c.show_percentiles);
        assert_eq!(
            (c.formats, c.instructions.as_str()),
            (s.formats.clone(), "I")
        );
    }

    #[test]
    fn the_page_offers_a_choice_only_between_formats_the_study_takes() {
        use Format::{Fermi, Quick, Squiggle};
        for (formats, way, dialect) in [
            (vec![Quick], false, false),
            (vec![Squiggle], false, false),
            (vec![Quick, Fermi], true, false),
            (vec![Squiggle, Fermi], false, true),
            (vec![Fermi, Quick, Squiggle], true, true),
        ] {
            let mut c = study(0).conditions(None);
            c.formats = formats.clone();
            assert_eq!(
                (c.picks_way(), c.picks_dialect()),
                (way, dialect),
                "{formats:?}"
            );
        }
    }

    #[test]
    fn the_binomial_spread_of_two_arms_over_a_hundred() {
        // Binomial(100, 0.5): P(X ≤ 41) = 0.044, P(X ≤ 42) = 0.067; P(X ≤ 57) = 0.933, P(X ≤ 58) = 0.956.
        assert_eq!(hash_spread(100, 2), Some((42, 58)));
        assert_eq!(hash_spread(100, 1), None);
        assert_eq!(hash_spread(0, 3), None);
    }
}
