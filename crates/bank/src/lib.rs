//! Question packs: the format (docs/pack-format.md), strict loading and validation, truth fitting, the built-in
//! pack embedded from `assets/questions/`, and importers for public question sets. No I/O.

mod advice;
mod fit;
mod format;
mod giveaway;
pub mod import;
mod load;
mod problem;
mod read;
mod sealed;
mod sources;
mod unit_check;

pub use advice::advice;
pub use fit::{FIT_SAMPLES, FitCache, FittedTruth, fit_truth, question_seed, sampled_truth};
pub use format::{
    Difficulty, Pack, PackInfo, Question, ReferenceFactor, ReferenceProgram, Source, SourceKind,
    SourceTier, Tier, Topic, TrapValue, TruthSpec, Width, to_toml,
};
pub use giveaway::{GIVEAWAY_TOLERANCE, giveaways};
pub use load::{
    MAX_FILE_BYTES, MAX_QUESTIONS, REFERENCE_TOLERANCE, TWIN_TOLERANCE, VALIDATION_SAMPLES,
    is_slug, load_pack,
};
pub use problem::{Places, Problem};
pub use sealed::public_tier_problems;
pub use sources::source_warnings;
pub use unit_check::{
    UnitScale, bound_echo, quantity, share_guide, share_truth_warning, unit_warning, unit_words,
};

/// Every `assets/questions/*.toml` file as `(file name, text)`, sorted by name (listed by build.rs).
pub fn builtin_files() -> &'static [(&'static str, &'static str)] {
    include!(concat!(env!("OUT_DIR"), "/builtin_files.rs"))
}

/// The built-in open pack, parsed and checked structurally once (later calls clone it). Its truth programs are not
/// run here (startup stays fast in the browser; fitting is lazy, per question): the test suite runs every one.
pub fn builtin() -> Pack {
    static PACK: std::sync::OnceLock<Pack> = std::sync::OnceLock::new();
    PACK.get_or_init(|| {
        load::load(builtin_files(), false).unwrap_or_else(|problems| {
            let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
            panic!(
                "the built-in pack is invalid (tests/builtin.rs names every problem):\n{}",
                list.join("\n")
            )
        })
    })
    .clone()
}
