//! Aggregation: scored items into per-participant, per-question and per-group rows, the board's medians with a
//! seeded bootstrap over questions, and the per-question view of humans against models.
//!
//! A group's score on a question is the median of its members' Cramér-log on it; the board's median (and mean)
//! is over those question scores, so a model with one answer per question gets FermiBench's median, and the
//! bootstrap resamples questions. Memory holds a few numbers per scored item, never a record or its samples.

use std::collections::BTreeMap;

use fermi_num::quantile_type7;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Serialize;

use crate::file::{Study, below};
use crate::score::{ItemRow, RowStatus, Who};

/// Bootstrap resamples by default.
pub const DEFAULT_RESAMPLES: usize = 10_000;
/// Most bootstrap resamples accepted.
pub const MAX_RESAMPLES: usize = 1_000_000;
/// The bootstrap's seed by default.
pub const DEFAULT_SEED: u64 = 1;

/// The type-7 median; `None` for no values.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    (!sorted.is_empty()).then(|| quantile_type7(&sorted, 0.5))
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// The medians of `resamples` bootstrap resamples of `values` (each draws `values.len()` indices uniformly with
/// replacement from ChaCha8 seeded with `seed`), in draw order.
pub fn bootstrap_medians(values: &[f64], resamples: usize, seed: u64) -> Vec<f64> {
    let n = values.len();
    if n == 0 {
        return Vec::new();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut draw = vec![0.0; n];
    (0..resamples)
        .map(|_| {
            for d in draw.iter_mut() {
                *d = values[below(&mut rng, n)];
            }
            draw.sort_by(f64::total_cmp);
            quantile_type7(&draw, 0.5)
        })
        .collect()
}

/// The 95% percentile interval of the bootstrap medians (type-7 2.5% and 97.5% quantiles); `None` without
/// values or resamples.
pub fn bootstrap_interval(values: &[f64], resamples: usize, seed: u64) -> Option<(f64, f64)> {
    let mut medians = bootstrap_medians(values, resamples, seed);
    medians.sort_by(f64::total_cmp);
    (!medians.is_empty()).then(|| {
        (
            quantile_type7(&medians, 0.025),
            quantile_type7(&medians, 0.975),
        )
    })
}

/// A board group, in board order: each arm (study order), all humans, each model (by name).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    Arm(usize, String),
    Humans,
    Model(String),
}

impl Group {
    fn label(&self) -> String {
        match self {
            Group::Arm(_, a) => format!("humans:{a}"),
            Group::Humans => "humans".into(),
            Group::Model(m) => format!("model:{m}"),
        }
    }
}

/// Counts and values for one (group or participant) × question.
#[derive(Clone, Debug, Default)]
struct Tally {
    cramer: Vec<f64>,
    bias: Vec<f64>,
    bracketed: usize,
    failures: usize,
    skips: usize,
    times: Vec<f64>,
    /// Why the first failed or skipped row has no score, for an empty cell ("failed: …", "skipped: …").
    reason: Option<String>,
}

impl Tally {
    fn add(&mut self, row: &ItemRow) {
        match row.status {
            RowStatus::Answered => {
                if let Some(s) = row.score {
                    self.cramer.push(s.cramer_log);
                    self.bias.push(s.bias_factor);
                    self.bracketed += usize::from(s.covered90);
                }
                self.times.extend(row.answered_s);
            }
            RowStatus::Failed => {
                self.failures += 1;
                let why = row.failure.as_deref().unwrap_or("no samples");
                self.reason.get_or_insert_with(|| format!("failed: {why}"));
            }
            RowStatus::Skipped => {
                self.skips += 1;
                let why = row
                    .detail
                    .as_ref()
                    .and_then(|d| d.skip_reason.as_deref())
                    .unwrap_or("no reason given");
                self.reason.get_or_insert_with(|| format!("skipped: {why}"));
            }
        }
    }

    /// Why a cell of this tally is empty: its first failure or skip, else no answer at all.
    fn empty_because(tally: Option<&Tally>) -> String {
        tally
            .and_then(|t| t.reason.clone())
            .unwrap_or_else(|| "not answered".into())
    }

    fn merge(&mut self, other: &Tally) {
        self.cramer.extend(&other.cramer);
        self.bias.extend(&other.bias);
        self.bracketed += other.bracketed;
        self.failures += other.failures;
        self.skips += other.skips;
        self.times.extend(&other.times);
    }

    fn attempts(&self) -> usize {
        self.cramer.len() + self.failures
    }
}

/// One row of `participants.csv`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParticipantRow {
    pub group: String,
    pub participant: String,
    pub arm: Option<String>,
    pub answered: usize,
    pub skipped: usize,
    pub failed: usize,
    pub median_cramer_log: Option<f64>,
    pub mean_cramer_log: Option<f64>,
    /// Answers whose 90% interval holds the truth's median.
    pub brackets: usize,
    pub median_time_s: Option<f64>,
    pub hidden_s: f64,
}

/// One row of `questions.csv`: a group on a question.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuestionRow {
    pub question: String,
    pub group: String,
    pub answered: usize,
    pub skipped: usize,
    pub failed: usize,
    pub median_cramer_log: Option<f64>,
    pub median_bias_factor: Option<f64>,
    pub brackets: usize,
    pub median_time_s: Option<f64>,
}

/// One row of the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardRow {
    pub group: String,
    pub participants: usize,
    /// Questions with at least one scored answer.
    pub questions: usize,
    pub answers: usize,
    /// Median over questions of the group's per-question median Cramér-log.
    pub median_cramer_log: Option<f64>,
    pub ci_low: Option<f64>,
    pub ci_high: Option<f64>,
    pub mean_cramer_log: Option<f64>,
    /// "Brackets k of n": answers whose 90% interval holds the truth's median, of answers attempted
    /// (failures included).
    pub brackets: usize,
    pub attempts: usize,
    pub failures: usize,
    /// Failures over attempts.
    pub fail_rate: Option<f64>,
    pub skips: usize,
    pub median_time_s: Option<f64>,
}

/// A group's medians on one question.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cell {
    pub answers: usize,
    pub median_cramer_log: f64,
    pub median_bias_factor: f64,
}

/// One row of the per-question view: humans against each model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ViewRow {
    pub question: String,
    pub humans: Option<Cell>,
    /// In the order of [`Output::models`].
    pub models: Vec<Option<Cell>>,
    /// Why a cell is empty, beside `humans` and each of `models` (`None` where it has a score): "failed: WHY",
    /// "skipped: WHY" or "not answered".
    pub humans_empty: Option<String>,
    pub models_empty: Vec<Option<String>>,
    /// The largest |humans − model| median Cramér-log over the models.
    pub gap: Option<f64>,
}

/// Everything `study score` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Output {
    pub board: Vec<BoardRow>,
    pub models: Vec<String>,
    pub view: Vec<ViewRow>,
    pub questions: Vec<QuestionRow>,
    pub participants: Vec<ParticipantRow>,
}

/// Scored items in, board out. Feed rows in input order; the result depends only on what was fed and in what
/// order.
pub struct Board {
    questions: Vec<String>,
    arms: Vec<String>,
    /// (group, question index) → tally.
    groups: BTreeMap<Group, Vec<Tally>>,
    participants: Vec<(Who, Tally, f64)>,
    /// Index into `participants` of each model.
    models: BTreeMap<String, usize>,
}

impl Board {
    pub fn new(study: &Study) -> Board {
        Board {
            // Check items are never on the board.
            questions: study
                .items
                .iter()
                .filter(|i| i.check.is_none())
                .map(|i| i.question.clone())
                .collect(),
            arms: study.arms.iter().map(|a| a.id.clone()).collect(),
            groups: BTreeMap::new(),
            participants: Vec::new(),
            models: BTreeMap::new(),
        }
    }

    /// Adds one participant (a validated record's rows, maybe none), or one model answer.
    pub fn add(&mut self, who: &Who, rows: &[ItemRow]) {
        let slot = match who {
            Who::Model { name } if self.models.contains_key(name) => self.models[name],
            _ => {
                if let Who::Model { name } = who {
                    self.models.insert(name.clone(), self.participants.len());
                }
                self.participants.push((who.clone(), Tally::default(), 0.0));
                self.participants.len() - 1
            }
        };
        let groups = self.groups_of(who);
        let n = self.questions.len();
        for row in rows {
            let Some(q) = self.questions.iter().position(|x| *x == row.question) else {
                continue;
            };
            let (_, tally, hidden) = &mut self.participants[slot];
            tally.add(row);
            *hidden += row.hidden_s.unwrap_or(0.0);
            for g in &groups {
                self.groups
                    .entry(g.clone())
                    .or_insert_with(|| vec![Tally::default(); n])[q]
                    .add(row);
            }
        }
    }

    /// The board, the per-question view and the summaries; the bootstrap draws `resamples` with `seed` for every
    /// group.
    pub fn finish(self, resamples: usize, seed: u64) -> Output {
        let mut board = Vec::new();
        let mut questions = Vec::new();
        let mut participant_counts: BTreeMap<Group, usize> = BTreeMap::new();
        for (who, _, _) in &self.participants {
            for g in self.groups_of(who) {
                *participant_counts.entry(g).or_default() += 1;
            }
        }
        let mut cells: BTreeMap<&Group, Vec<Option<Cell>>> = BTreeMap::new();
        for (group, tallies) in &self.groups {
            let label = group.label();
            let mut all = Tally::default();
            let mut per_question = Vec::new();
            let mut group_cells = Vec::new();
            for (question, t) in self.questions.iter().zip(tallies) {
                all.merge(t);
                let cell_median = median(&t.cramer);
                per_question.extend(cell_median);
                group_cells.push(cell_median.map(|m| Cell {
                    answers: t.cramer.len(),
                    median_cramer_log: m,
                    median_bias_factor: median(&t.bias).unwrap_or(f64::NAN),
                }));
                questions.push(QuestionRow {
                    question: question.clone(),
                    group: label.clone(),
                    answered: t.cramer.len(),
                    skipped: t.skips,
                    failed: t.failures,
                    median_cramer_log: cell_median,
                    median_bias_factor: median(&t.bias),
                    brackets: t.bracketed,
                    median_time_s: median(&t.times),
                });
            }
            let interval = bootstrap_interval(&per_question, resamples, seed);
            board.push(BoardRow {
                group: label,
                participants: participant_counts.get(group).copied().unwrap_or(0),
                questions: per_question.len(),
                answers: all.cramer.len(),
                median_cramer_log: median(&per_question),
                ci_low: interval.map(|i| i.0),
                ci_high: interval.map(|i| i.1),
                mean_cramer_log: mean(&per_question),
                brackets: all.bracketed,
                attempts: all.attempts(),
                failures: all.failures,
                fail_rate: (all.attempts() > 0)
                    .then(|| all.failures as f64 / all.attempts() as f64),
                skips: all.skips,
                median_time_s: median(&all.times),
            });
            cells.insert(group, group_cells);
        }
        questions.sort_by(|a, b| a.question.cmp(&b.question));
        let model_names: Vec<String> = self.models.keys().cloned().collect();
        let mut view: Vec<ViewRow> = self
            .questions
            .iter()
            .enumerate()
            .map(|(q, question)| {
                let humans = cells.get(&Group::Humans).and_then(|c| c[q]);
                let models: Vec<Option<Cell>> = model_names
                    .iter()
                    .map(|m| cells.get(&Group::Model(m.clone())).and_then(|c| c[q]))
                    .collect();
                let empty = |group: Group, cell: bool| {
                    (!cell).then(|| Tally::empty_because(self.groups.get(&group).map(|t| &t[q])))
                };
                let humans_empty = empty(Group::Humans, humans.is_some());
                let models_empty = model_names
                    .iter()
                    .zip(&models)
                    .map(|(m, c)| empty(Group::Model(m.clone()), c.is_some()))
                    .collect();
                let gap = humans.and_then(|h| {
                    models
                        .iter()
                        .flatten()
                        .map(|m| (h.median_cramer_log - m.median_cramer_log).abs())
                        .max_by(f64::total_cmp)
                });
                ViewRow {
                    question: question.clone(),
                    humans,
                    models,
                    humans_empty,
                    models_empty,
                    gap,
                }
            })
            .collect();
        // Largest gap first; questions without one last; ties by id.
        view.sort_by(|a, b| {
            b.gap
                .unwrap_or(f64::NEG_INFINITY)
                .total_cmp(&a.gap.unwrap_or(f64::NEG_INFINITY))
                .then_with(|| a.question.cmp(&b.question))
        });
        let participants = self
            .participants
            .iter()
            .map(|(who, t, hidden)| ParticipantRow {
                group: self.groups_of(who)[0].label(),
                participant: who.id().to_string(),
                arm: who.arm().map(str::to_string),
                answered: t.cramer.len(),
                skipped: t.skips,
                failed: t.failures,
                median_cramer_log: median(&t.cramer),
                mean_cramer_log: mean(&t.cramer),
                brackets: t.bracketed,
                median_time_s: median(&t.times),
                hidden_s: *hidden,
            })
            .collect();
        Output {
            board,
            models: model_names,
            view,
            questions,
            participants,
        }
    }

    /// The groups a participant counts in, most specific first.
    fn groups_of(&self, who: &Who) -> Vec<Group> {
        match who {
            Who::Model { name } => vec![Group::Model(name.clone())],
            Who::Human { arm: Some(a), .. } => {
                let i = self.arms.iter().position(|x| x == a).unwrap_or(usize::MAX);
                vec![Group::Arm(i, a.clone()), Group::Humans]
            }
            Who::Human { arm: None, .. } => vec![Group::Humans],
        }
    }
}
