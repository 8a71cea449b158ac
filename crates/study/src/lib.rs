//! Study mode's core: the study file (docs/study-format.md), the response record, its validation, scoring of
//! records and language-model answers against the truths, and the board. No I/O, no clock, no OS entropy.
//!
//! Scoring streams: feed records (or model answers) in batches to [`Scoring`]; each batch is validated, scored
//! (in parallel with the `parallel` feature, identically to one thread) and folded into the [`Board`], and its
//! item rows are handed back for writing out.

mod arms;
mod board;
mod bonus;
mod bundle;
pub mod class;
pub mod compare;
pub mod ending;
mod exclusions;
mod file;
pub mod gate;
mod item;
pub mod link;
mod record;
mod score;
mod session;
pub mod simulate;

pub use arms::{Assignment, BLOCK_ROUNDS, Conditions, hash_spread};
pub use board::{
    Board, BoardRow, Cell, DEFAULT_RESAMPLES, DEFAULT_SEED, MAX_RESAMPLES, Output, ParticipantRow,
    QuestionRow, ViewRow, bootstrap_interval, bootstrap_medians, median,
};
pub use bonus::Bonus;
pub use bundle::{BUILTIN_PACK, Bundle, assemble, question};
pub use exclusions::{Quality, exclusion_reasons};
pub use fermi_answer::{Answer, Now};
pub use file::{
    Arm, Check, DEFAULT_TOLERANCE, Format, ItemRef, MAX_ARMS, MAX_ITEMS, MAX_PRACTICE,
    MAX_STUDY_BYTES, Order, Reveal, SAMPLES_RANGE, SeedRule, Study, pack_sha256, pack_sha256_whole,
    parse_study, sha256_hex, study_sha256,
};
pub use gate::{Found, Gate, counter};
pub use item::{ItemSpec, Open, Ran, Step};
pub use record::{
    AppInfo, Device, ItemRecord, ItemStatus, ItemSummary, MAX_RECORD_BYTES, ModelAnswer, PackRef,
    Participant, Quick, Record, RecordStatus, SCHEMA, SUMMARY_TOLERANCE, StudyRef, parse_json,
    seed_was_rounded,
};
pub use score::{Context, ItemDetail, ItemRow, ItemScore, Problem, RowStatus, Seen, Who};
pub use session::{
    DebriefRow, MAX_ID_BYTES, MAX_REASON_CHARS, SESSION_VERSION, Session, Stage,
    check_participant_id, debrief, kept_params, participant_from_params, rfc3339, storage_key,
    truth_words, uuid_v4,
};

/// What became of one record or model answer.
pub type Outcome = Result<Vec<ItemRow>, Vec<Problem>>;

/// A scoring run: validation state and the board so far.
pub struct Scoring<'a> {
    context: Context<'a>,
    seen: Seen,
    board: Board,
    excluded: Vec<Excluded>,
}

/// A valid record whose participant the study's quality rules exclude, with every reason.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Excluded {
    pub participant: String,
    pub arm: Option<String>,
    pub reasons: Vec<String>,
}

/// `f` over `items`, in parallel with the `parallel` feature; the results in input order either way.
fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items.par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    items.iter().map(f).collect()
}

impl<'a> Scoring<'a> {
    pub fn new(context: Context<'a>) -> Scoring<'a> {
        Scoring {
            board: Board::new(context.study),
            context,
            seen: Seen::default(),
            excluded: Vec::new(),
        }
    }

    pub fn context(&self) -> &Context<'a> {
        &self.context
    }

    /// The participants excluded so far, in input order.
    pub fn excluded(&self) -> &[Excluded] {
        &self.excluded
    }

    /// Validates and scores a batch of records; a record with any problem is left out of the board, and so is
    /// one the study's quality rules exclude (its rows come back with `excluded` set).
    pub fn records(&mut self, batch: &[Record]) -> Vec<Outcome> {
        let duplicates: Vec<Vec<Problem>> = batch.iter().map(|r| self.seen.record(r)).collect();
        let context = &self.context;
        let scored = map(batch, |r| context.score_record(r));
        let mut outcomes = Vec::with_capacity(batch.len());
        for ((r, mut problems), result) in batch.iter().zip(duplicates).zip(scored) {
            let outcome = match result {
                Ok(mut rows) if problems.is_empty() => {
                    let reasons = exclusion_reasons(self.context.study, r, &rows);
                    if reasons.is_empty() {
                        let who = Who::Human {
                            id: r.participant.id.clone(),
                            arm: r.arm.clone(),
                        };
                        self.board.add(&who, &rows);
                    } else {
                        let why = reasons.join("; ");
                        for row in &mut rows {
                            row.excluded = Some(why.clone());
                        }
                        self.excluded.push(Excluded {
                            participant: r.participant.id.clone(),
                            arm: r.arm.clone(),
                            reasons,
                        });
                    }
                    Ok(rows)
                }
                Ok(_) => Err(problems),
                Err(more) => {
                    problems.extend(more);
                    Err(problems)
                }
            };
            outcomes.push(outcome);
        }
        outcomes
    }

    /// Validates and scores a batch of model answers (each outcome holds one row).
    pub fn answers(&mut self, batch: &[ModelAnswer]) -> Vec<Outcome> {
        let duplicates: Vec<Option<Problem>> = batch.iter().map(|a| self.seen.answer(a)).collect();
        let context = &self.context;
        let scored = map(batch, |a| context.score_answer(a));
        let mut outcomes = Vec::with_capacity(batch.len());
        for (duplicate, result) in duplicates.into_iter().zip(scored) {
            outcomes.push(match (duplicate, result) {
                (Some(p), _) | (None, Err(p)) => Err(vec![p]),
                (None, Ok(row)) => {
                    self.board.add(&row.who.clone(), std::slice::from_ref(&row));
                    Ok(vec![row])
                }
            });
        }
        outcomes
    }

    /// The board with a bootstrap of `resamples` draws seeded by `seed`.
    pub fn finish(self, resamples: usize, seed: u64) -> Output {
        self.board.finish(resamples, seed)
    }
}

/// The studies bundled with the app, as `(id, file text)`: the app's `/?study=ID` link names one.
pub const BUNDLED: [(&str, &str); 1] =
    [("demo", include_str!("../../../assets/studies/demo.toml"))];
