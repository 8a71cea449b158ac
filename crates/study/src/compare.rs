//! Humans beside language models (docs/study-format.md, "Compare"): the study's declared policy for what enters
//! the comparison, the table of every forecaster's score on every question, and the comparison itself — per
//! question each model's score, the humans' spread, the model's percentile among them and the human crowd
//! scored as one more forecaster; across questions each model's paired difference from the humans on the same
//! items with a crossed bootstrap, difficulty-adjusted scores, and 50/80/90% coverage with Clopper–Pearson
//! intervals; and sentences saying it.

mod stats;

use std::collections::{BTreeMap, HashMap};

use fermi_bank::Question;
use fermi_factors::{FactorMiss, Reference, TruthShape};
use fermi_num::{Z95, quantile_type7};
use fermi_score::Summary;
use fermi_score::calibration::clopper_pearson;
use fermi_score::crowd::median_crowd;
use fermi_score::lab::Quantiles;
use serde::{Deserialize, Serialize};

use crate::file::{Format, Study};
use crate::score::{Context, ItemRow, RowStatus, Who};

pub use stats::{Matrix, adjusted, bootstrap, interval, paired};

/// Which questions enter the comparison.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Items {
    /// Only the questions every group (the humans, each model, the crowd) has a score on.
    Common,
    /// Every question; each pair of groups is compared on the questions both have.
    #[default]
    All,
}

/// How a skip or a failure counts: left out, or scored as a stated penalty (nats of Cramér-log).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Count {
    #[default]
    Drop,
    Penalty(f64),
}

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Count, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Text {
            Number(f64),
            Word(String),
        }
        match Text::deserialize(d)? {
            Text::Number(x) if x.is_finite() && x >= 0.0 => Ok(Count::Penalty(x)),
            Text::Number(x) => Err(serde::de::Error::custom(format!(
                "a penalty must be a finite number of nats, 0 or more, not {x}"
            ))),
            Text::Word(w) if w == "drop" => Ok(Count::Drop),
            Text::Word(w) => Err(serde::de::Error::custom(format!(
                "`{w}`: write \"drop\" or a penalty score in nats (e.g. 5.0)"
            ))),
        }
    }
}

impl Count {
    fn words(self, what: &str) -> String {
        match self {
            Count::Drop => format!("a {what} is left out"),
            Count::Penalty(x) => format!("a {what} scores a penalty of {x} nats"),
        }
    }
}

/// The study's `[study.compare]` table: declared before the data are seen, applied to every group alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Policy {
    #[serde(default)]
    pub items: Items,
    #[serde(default)]
    pub skip: Count,
    #[serde(default)]
    pub failure: Count,
}

impl Policy {
    /// The policy in one sentence, as every report prints it.
    pub fn words(&self) -> String {
        let items = match self.items {
            Items::Common => "only questions every group has a score on are compared",
            Items::All => {
                "every question is used; each model is compared with the humans on the questions both have"
            }
        };
        format!(
            "Policy: {items}; {}; {} (the same for people and models).",
            self.skip.words("skip"),
            self.failure.words("failure")
        )
    }

    /// An entry's score under the policy, or `None` when it is left out.
    pub fn value(&self, entry: Entry) -> Option<f64> {
        match entry {
            Entry::Scored(x) => Some(x),
            Entry::Skipped => match self.skip {
                Count::Drop => None,
                Count::Penalty(x) => Some(x),
            },
            Entry::Failed => match self.failure {
                Count::Drop => None,
                Count::Penalty(x) => Some(x),
            },
        }
    }
}

/// One forecaster's outcome on one question.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Entry {
    /// Cramér-log in nats.
    Scored(f64),
    Skipped,
    Failed,
}

/// Hits of the central 50%, 80% and 90% intervals, of `answers` (failures count as answers that miss).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Hits {
    pub hits: [usize; 3],
    pub answers: usize,
}

impl Hits {
    fn add(&mut self, row: &ItemRow) {
        match (row.status, row.coverage) {
            (RowStatus::Answered, Some(c)) => {
                for (h, c) in self.hits.iter_mut().zip(c) {
                    *h += usize::from(c);
                }
                self.answers += 1;
            }
            (RowStatus::Failed, _) => self.answers += 1,
            _ => {}
        }
    }
}

/// A participant's outcomes, one per question (`None`: not in the record).
#[derive(Clone, Debug, PartialEq)]
pub struct Person {
    pub id: String,
    pub arm: Option<String>,
    pub entries: Vec<Option<Entry>>,
}

/// A model's (or the crowd's) outcomes: every sample's, per question.
#[derive(Clone, Debug, PartialEq)]
pub struct Forecaster {
    pub name: String,
    pub entries: Vec<Vec<Entry>>,
    pub hits: Hits,
}

/// Everything the comparison needs: built by [`Collector`] from scored rows, or directly (simulations, benches).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub questions: Vec<String>,
    /// The arm standing for the humans (`None`: every participant).
    pub arm: Option<String>,
    pub people: Vec<Person>,
    /// The people's coverage, pooled, and by arm (study order).
    pub human_hits: Hits,
    pub arm_hits: Vec<(String, Hits)>,
    pub models: Vec<Forecaster>,
    /// The human crowd, scored as one more forecaster.
    pub crowd: Option<Forecaster>,
    /// The answers written as programs, for [`factor_misses`].
    pub written: Vec<Written>,
}

/// An answer written as a program (not a quick interval, which names no factors), kept for [`factor_misses`].
#[derive(Clone, Debug, PartialEq)]
pub struct Written {
    /// Index into [`Table::questions`].
    pub question: usize,
    /// `humans` or `model:NAME`.
    pub group: String,
    /// The participant's id or the model's name (the study's seed rule takes it).
    pub who: String,
    pub program: String,
    pub format: Format,
    /// The answer's p5, p50 and p95 in the question's unit.
    pub answer: [f64; 3],
}

/// Scored rows in, [`Table`] out: keeps one entry per participant and question, the models' samples, the
/// people's answer quantiles (for the crowd) and coverage counts.
pub struct Collector {
    arm: Option<String>,
    index: HashMap<String, usize>,
    table: Table,
    models: BTreeMap<String, Forecaster>,
    quantiles: Vec<Vec<Quantiles>>,
}

impl Collector {
    /// With `arm`, only that arm's participants stand for the humans.
    pub fn new(study: &Study, arm: Option<String>) -> Collector {
        // Check items are never compared (nor on the board).
        let questions: Vec<String> = study
            .items
            .iter()
            .filter(|i| i.check.is_none())
            .map(|i| i.question.clone())
            .collect();
        Collector {
            index: questions
                .iter()
                .enumerate()
                .map(|(i, q)| (q.clone(), i))
                .collect(),
            quantiles: vec![Vec::new(); questions.len()],
            table: Table {
                arm_hits: if arm.is_some() {
                    Vec::new()
                } else {
                    study
                        .arms
                        .iter()
                        .map(|a| (a.id.clone(), Hits::default()))
                        .collect()
                },
                questions,
                arm: arm.clone(),
                ..Table::default()
            },
            models: BTreeMap::new(),
            arm,
        }
    }

    fn entry(row: &ItemRow) -> Entry {
        match (row.status, row.score) {
            (RowStatus::Answered, Some(s)) => Entry::Scored(s.cramer_log),
            (RowStatus::Skipped, _) => Entry::Skipped,
            _ => Entry::Failed,
        }
    }

    /// An answered row written as a program, for [`factor_misses`].
    fn written(question: usize, group: &str, who: &str, row: &ItemRow) -> Option<Written> {
        let format = row.format.filter(|f| *f != Format::Quick)?;
        match (row.status, &row.program, row.answer) {
            (RowStatus::Answered, Some(program), Some(answer)) => Some(Written {
                question,
                group: group.to_string(),
                who: who.to_string(),
                program: program.clone(),
                format,
                answer,
            }),
            _ => None,
        }
    }

    /// One participant's rows (a validated record) or one model answer's row.
    pub fn add(&mut self, rows: &[ItemRow]) {
        let Some(first) = rows.first() else { return };
        match &first.who {
            Who::Human { id, arm } => {
                // Excluded participants are off the comparison as they are off the board.
                if (self.arm.is_some() && *arm != self.arm) || first.excluded.is_some() {
                    return;
                }
                let mut person = Person {
                    id: id.clone(),
                    arm: arm.clone(),
                    entries: vec![None; self.table.questions.len()],
                };
                for row in rows {
                    let Some(&q) = self.index.get(&row.question) else {
                        continue;
                    };
                    person.entries[q] = Some(Self::entry(row));
                    self.table.human_hits.add(row);
                    if let Some((_, h)) = self
                        .table
                        .arm_hits
                        .iter_mut()
                        .find(|(a, _)| Some(a) == arm.as_ref())
                    {
                        h.add(row);
                    }
                    if let (RowStatus::Answered, Some([p5, p50, p95])) = (row.status, row.answer) {
                        self.quantiles[q].push(Quantiles { p5, p50, p95 });
                    }
                    self.table
                        .written
                        .extend(Self::written(q, "humans", id, row));
                }
                self.table.people.push(person);
            }
            Who::Model { name } => {
                let n = self.table.questions.len();
                let model = self
                    .models
                    .entry(name.clone())
                    .or_insert_with(|| Forecaster {
                        name: name.clone(),
                        entries: vec![Vec::new(); n],
                        hits: Hits::default(),
                    });
                for row in rows {
                    let Some(&q) = self.index.get(&row.question) else {
                        continue;
                    };
                    model.entries[q].push(Self::entry(row));
                    model.hits.add(row);
                    let group = format!("model:{name}");
                    self.table
                        .written
                        .extend(Self::written(q, &group, name, row));
                }
            }
        }
    }

    /// The table, with the crowd: on each question, [`median_crowd`] of the people's answers, run as the quick
    /// answer `to(p5, p95)` at the study's sample count with the seed the study gives the participant `crowd`, and
    /// scored like any answer.
    pub fn finish(mut self, context: &Context) -> Table {
        let n = self.table.questions.len();
        let mut crowd = Forecaster {
            name: "crowd".into(),
            entries: vec![Vec::new(); n],
            hits: Hits::default(),
        };
        for (q, question) in self.table.questions.iter().enumerate() {
            let Some(c) = median_crowd(&self.quantiles[q]) else {
                continue;
            };
            let program = format!("to({:e}, {:e})", c.p5, c.p95);
            let seed = context.study.item_seed("crowd", question);
            let mut row = ItemRow {
                who: Who::Model {
                    name: "crowd".into(),
                },
                question: question.clone(),
                format: Some(Format::Quick),
                status: RowStatus::Failed,
                answer: None,
                truth: [0.0; 3],
                score: None,
                failure: None,
                answered_s: None,
                hidden_s: None,
                edits: None,
                sample: None,
                coverage: None,
                program: Some(program.clone()),
                detail: None,
                check_passed: None,
                note: None,
                excluded: None,
            };
            if let Ok(samples) = context.study.run(Format::Quick, &program, seed) {
                let (_, score, coverage) = context.scored(question, &samples);
                row.status = RowStatus::Answered;
                row.score = Some(score);
                row.coverage = Some(coverage);
            }
            crowd.entries[q].push(Self::entry(&row));
            crowd.hits.add(&row);
        }
        self.table.models = std::mem::take(&mut self.models).into_values().collect();
        self.table.crowd = self
            .quantiles
            .iter()
            .any(|q| !q.is_empty())
            .then_some(crowd);
        self.table
    }
}

/// The humans' scores on one question, under the policy.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spread {
    pub answered: usize,
    pub skipped: usize,
    pub failed: usize,
    /// Scores entering the comparison (answers, and penalties the policy gives).
    pub values: usize,
    pub p10: Option<f64>,
    pub p25: Option<f64>,
    pub median: Option<f64>,
    pub p75: Option<f64>,
    pub p90: Option<f64>,
    pub mean: Option<f64>,
}

/// A model (or the crowd) on one question.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    /// The mean of its samples' scores under the policy.
    pub score: f64,
    pub samples: usize,
    pub failures: usize,
    /// The share of the humans (in %) whose score here is worse (higher), ties counting half.
    pub percentile: Option<f64>,
}

/// Which reference factor each group (`humans`, `model:NAME`) misses most, per question with a reference
/// decomposition (`fermi_factors::Reference::of`): every answer written as a program is attributed to the
/// question's factors (`fermi_factors::attribute`, the answer's seed by the study's rule) and the attributions
/// are folded by `fermi_factors::aggregate`. `question` finds a `PACK/ID` (a public-tier study's sealed pack
/// first). Quick answers, programs that name none of the factors and answers the attribution cannot read are
/// left out.
pub fn factor_misses<'q>(
    table: &Table,
    study: &Study,
    question: impl Fn(&str) -> Option<&'q Question>,
) -> Vec<FactorMiss> {
    let mut references: HashMap<usize, Option<(Reference, TruthShape)>> = HashMap::new();
    let mut attributed = Vec::new();
    for w in &table.written {
        let id = &table.questions[w.question];
        let reference = references.entry(w.question).or_insert_with(|| {
            let q = question(id)?;
            let fitted = fermi_bank::fit_truth(q).ok()?;
            Some((Reference::of(q)?, TruthShape::of(&fitted.to_truth())))
        });
        let Some((reference, truth)) = reference else {
            continue;
        };
        let [p5, p50, p95] = w.answer.map(libm::log);
        // The attribution reads the answer's ln median and its spread through ln p5 and ln p95.
        let summary = Summary {
            mean: p50,
            sd: (p95 - p5) / (2.0 * Z95),
            median: p50,
            p5,
            p95,
        };
        let answer = fermi_factors::Answer {
            source: &w.program,
            dialect: w.format.dialect(),
            summary: &summary,
            seed: study.item_seed(&w.who, id),
        };
        // An answer that names none of the reference's factors (a bare `to(…)`) says nothing about which it missed.
        if let Ok(a) = fermi_factors::attribute(reference, *truth, &answer, &[])
            && !a.factors.is_empty()
        {
            attributed.push((id.as_str(), w.group.as_str(), a));
        }
    }
    fermi_factors::aggregate(attributed.iter().map(|(q, g, a)| (*q, *g, a)))
}

/// Why a forecaster's entries give no mark: a failure or a skip the policy leaves out, or no answer at all.
fn empty_because(entries: &[Entry]) -> String {
    if entries.contains(&Entry::Failed) {
        "failed".into()
    } else if entries.contains(&Entry::Skipped) {
        "skipped".into()
    } else {
        "not answered".into()
    }
}

/// One question of the comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuestionLine {
    pub question: String,
    /// Whether the question enters the across-question figures (the `common` policy drops some).
    pub compared: bool,
    pub humans: Spread,
    /// In the order of [`Comparison::models`].
    pub models: Vec<Option<Mark>>,
    pub crowd: Option<Mark>,
    /// Why a forecaster has no mark here, beside `models` (`None` where it has one): "failed" or "skipped" (left
    /// out by the policy) or "not answered".
    pub models_empty: Vec<Option<String>>,
    pub crowd_empty: Option<String>,
    /// The humans' scores entering the comparison, sorted (for the report's dots; not in the JSON).
    #[serde(skip)]
    pub human_scores: Vec<f64>,
}

/// Coverage of one central interval by one group.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Coverage {
    pub level: u32,
    pub hits: usize,
    pub answers: usize,
    pub share: Option<f64>,
    /// The 95% Clopper–Pearson interval of the share.
    pub low: f64,
    pub high: f64,
}

/// A group across the compared questions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupLine {
    /// `humans`, `humans:ARM`, `model:NAME` or `crowd`.
    pub group: String,
    pub forecasters: usize,
    /// Compared questions with a score of the group.
    pub questions: usize,
    /// The mean over those questions of the group's score (humans: the per-question mean of the people).
    pub mean: Option<f64>,
    /// The difficulty-adjusted score: the forecaster effect of `score ≈ forecaster + question` (humans: the
    /// mean over people); lower is better, comparable across item sets.
    pub adjusted: Option<f64>,
    pub coverage: Vec<Coverage>,
}

/// A model (or the crowd) against the humans on the same questions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedLine {
    pub group: String,
    /// Questions both have.
    pub questions: usize,
    /// Questions where its score is lower (better) than the median participant's.
    pub beat_median: usize,
    /// Mean over those questions of (its score − the humans' mean score); negative is better.
    pub difference: Option<f64>,
    pub ci95: Option<[f64; 2]>,
    pub ci90: Option<[f64; 2]>,
    /// The result in words.
    pub words: String,
}

/// Everything `study compare` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    pub policy: Policy,
    pub policy_words: String,
    /// The arm standing for the humans (all people without one).
    pub arm: Option<String>,
    pub people: usize,
    pub draws: usize,
    pub seed: u64,
    pub models: Vec<String>,
    pub questions: Vec<QuestionLine>,
    pub groups: Vec<GroupLine>,
    pub paired: Vec<PairedLine>,
    /// Which factor each group misses most, per question ([`factor_misses`], filled by the caller that has the
    /// packs; empty without programs or reference decompositions).
    pub factors: Vec<FactorMiss>,
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

fn spread(entries: &[Entry], policy: &Policy) -> (Spread, Vec<f64>) {
    let mut values: Vec<f64> = entries.iter().filter_map(|e| policy.value(*e)).collect();
    values.sort_by(f64::total_cmp);
    let q = |p: f64| (!values.is_empty()).then(|| quantile_type7(&values, p));
    let count = |f: fn(&Entry) -> bool| entries.iter().filter(|e| f(e)).count();
    let s = Spread {
        answered: count(|e| matches!(e, Entry::Scored(_))),
        skipped: count(|e| matches!(e, Entry::Skipped)),
        failed: count(|e| matches!(e, Entry::Failed)),
        values: values.len(),
        p10: q(0.1),
        p25: q(0.25),
        median: q(0.5),
        p75: q(0.75),
        p90: q(0.9),
        mean: mean(&values),
    };
    (s, values)
}

fn mark(entries: &[Entry], policy: &Policy, humans: &[f64]) -> Option<Mark> {
    let values: Vec<f64> = entries.iter().filter_map(|e| policy.value(*e)).collect();
    let score = mean(&values)?;
    let worse = humans.iter().filter(|&&h| h > score).count() as f64;
    let ties = humans.iter().filter(|&&h| h == score).count() as f64;
    Some(Mark {
        score,
        samples: entries.len(),
        failures: entries
            .iter()
            .filter(|e| matches!(e, Entry::Failed))
            .count(),
        percentile: (!humans.is_empty())
            .then(|| 100.0 * (worse + ties / 2.0) / humans.len() as f64),
    })
}

fn coverage(h: &Hits) -> Vec<Coverage> {
    [50, 80, 90]
        .iter()
        .zip(h.hits)
        .map(|(&level, hits)| {
            let [low, high] = clopper_pearson(hits, h.answers, 0.95);
            Coverage {
                level,
                hits,
                answers: h.answers,
                share: (h.answers > 0).then(|| hits as f64 / h.answers as f64),
                low,
                high,
            }
        })
        .collect()
}

/// A score difference in words: "0.31 lower" / "0.31 higher".
fn signed(x: f64) -> String {
    if x <= 0.0 {
        format!("{:.2} lower", -x)
    } else {
        format!("{x:.2} higher")
    }
}

/// "model-a beat the median participant on 14 of 20 questions; its score was 0.31 lower than the humans' (95% CI
/// 0.12–0.52 lower)".
fn words(who: &str, questions: usize, beat: usize, d: Option<f64>, ci: Option<[f64; 2]>) -> String {
    let Some(d) = d else {
        return format!("{who} shares no scored question with the humans.");
    };
    let ci = match ci {
        Some([lo, hi]) if hi < 0.0 => format!("95% CI {:.2}–{:.2} lower", -hi, -lo),
        Some([lo, hi]) if lo > 0.0 => format!("95% CI {lo:.2}–{hi:.2} higher"),
        Some([lo, hi]) => format!(
            "95% CI {} to {}: no clear difference",
            signed(lo),
            signed(hi)
        ),
        None => "no interval".into(),
    };
    format!(
        "{who} beat the median participant on {beat} of {questions} questions; its score was {} than the humans' on the same questions ({ci}; lower is better).",
        signed(d)
    )
}

/// The comparison of a [`Table`] under `policy`, with a crossed bootstrap of `draws` seeded by `seed`.
pub fn compare(table: &Table, policy: &Policy, draws: usize, seed: u64) -> Comparison {
    let nq = table.questions.len();
    let np = table.people.len();
    let mut others: Vec<&Forecaster> = table.models.iter().collect();
    others.extend(&table.crowd);
    // The crowd, when there is one, comes last; it is named `crowd` and stays out of the adjusted scores' fit.
    let is_crowd: Vec<bool> = (0..others.len()).map(|k| k >= table.models.len()).collect();
    let group = |k: usize| {
        if is_crowd[k] {
            "crowd".to_string()
        } else {
            format!("model:{}", others[k].name)
        }
    };
    let value = |entries: &[Entry]| {
        let v: Vec<f64> = entries.iter().filter_map(|e| policy.value(*e)).collect();
        mean(&v).unwrap_or(f64::NAN)
    };
    let mut matrix = Matrix {
        questions: nq,
        people: np,
        humans: vec![f64::NAN; nq * np],
        others: others
            .iter()
            .map(|f| f.entries.iter().map(|e| value(e)).collect())
            .collect(),
    };
    for (i, p) in table.people.iter().enumerate() {
        for (q, e) in p.entries.iter().enumerate() {
            if let Some(v) = e.and_then(|e| policy.value(e)) {
                matrix.humans[q * np + i] = v;
            }
        }
    }
    // The `common` policy keeps the questions where the humans and every other forecaster have a score.
    let compared: Vec<bool> = (0..nq)
        .map(|q| {
            policy.items == Items::All
                || (matrix.humans[q * np..(q + 1) * np]
                    .iter()
                    .any(|v| !v.is_nan())
                    && matrix.others.iter().all(|x| !x[q].is_nan()))
        })
        .collect();
    for q in (0..nq).filter(|&q| !compared[q]) {
        matrix.humans[q * np..(q + 1) * np].fill(f64::NAN);
        for x in &mut matrix.others {
            x[q] = f64::NAN;
        }
    }

    let questions: Vec<QuestionLine> = (0..nq)
        .map(|q| {
            let entries: Vec<Entry> = table.people.iter().filter_map(|p| p.entries[q]).collect();
            let (humans, human_scores) = spread(&entries, policy);
            let models: Vec<Option<Mark>> = table
                .models
                .iter()
                .map(|m| mark(&m.entries[q], policy, &human_scores))
                .collect();
            let crowd = table
                .crowd
                .as_ref()
                .and_then(|c| mark(&c.entries[q], policy, &human_scores));
            QuestionLine {
                question: table.questions[q].clone(),
                compared: compared[q],
                models_empty: table
                    .models
                    .iter()
                    .zip(&models)
                    .map(|(m, mark)| mark.is_none().then(|| empty_because(&m.entries[q])))
                    .collect(),
                crowd_empty: crowd.is_none().then(|| {
                    empty_because(table.crowd.as_ref().map_or(&[][..], |c| &c.entries[q]))
                }),
                models,
                crowd,
                humans,
                human_scores,
            }
        })
        .collect();

    let differences = paired(&matrix);
    let boot = bootstrap(&matrix, draws, seed);
    let means = matrix.means();
    let paired_lines = others
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let both: Vec<usize> = (0..nq)
                .filter(|&q| !matrix.others[k][q].is_nan() && !means[q].is_nan())
                .collect();
            let beat = both
                .iter()
                .filter(|&&q| {
                    questions[q]
                        .humans
                        .median
                        .is_some_and(|m| matrix.others[k][q] < m)
                })
                .count();
            let d = Some(differences[k]).filter(|d| d.is_finite());
            let ci95 = interval(&boot[k], 0.95);
            let who = if is_crowd[k] {
                "The human crowd".to_string()
            } else {
                f.name.clone()
            };
            PairedLine {
                words: words(&who, both.len(), beat, d, ci95),
                group: group(k),
                questions: both.len(),
                beat_median: beat,
                difference: d,
                ci95,
                ci90: interval(&boot[k], 0.90),
            }
        })
        .collect();

    let (theta_people, theta_others, _) = adjusted(&matrix, &is_crowd);
    let finite = |v: &[f64]| -> Vec<f64> { v.iter().copied().filter(|x| x.is_finite()).collect() };
    let mut groups = Vec::new();
    let human_questions = means.iter().filter(|m| !m.is_nan()).count();
    groups.push(GroupLine {
        group: "humans".into(),
        forecasters: np,
        questions: human_questions,
        mean: mean(&finite(&means)),
        adjusted: mean(&finite(&theta_people)),
        coverage: coverage(&table.human_hits),
    });
    for (arm, hits) in &table.arm_hits {
        let members: Vec<usize> = (0..np)
            .filter(|&i| table.people[i].arm.as_ref() == Some(arm))
            .collect();
        let theta: Vec<f64> = members.iter().map(|&i| theta_people[i]).collect();
        let arm_means: Vec<f64> = (0..nq)
            .filter_map(|q| {
                let v: Vec<f64> = finite(
                    &members
                        .iter()
                        .map(|&i| matrix.humans[q * np + i])
                        .collect::<Vec<_>>(),
                );
                mean(&v)
            })
            .collect();
        groups.push(GroupLine {
            group: format!("humans:{arm}"),
            forecasters: members.len(),
            questions: arm_means.len(),
            mean: mean(&arm_means),
            adjusted: mean(&finite(&theta)),
            coverage: coverage(hits),
        });
    }
    for (k, f) in others.iter().enumerate() {
        let scores = finite(&matrix.others[k]);
        groups.push(GroupLine {
            group: group(k),
            forecasters: 1,
            questions: scores.len(),
            mean: mean(&scores),
            adjusted: Some(theta_others[k]).filter(|t| t.is_finite()),
            coverage: coverage(&f.hits),
        });
    }

    Comparison {
        policy: *policy,
        policy_words: policy.words(),
        arm: table.arm.clone(),
        people: np,
        draws,
        seed,
        models: table.models.iter().map(|m| m.name.clone()).collect(),
        questions,
        groups,
        paired: paired_lines,
        factors: Vec::new(),
    }
}
