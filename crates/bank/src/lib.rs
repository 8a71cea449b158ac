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
pub use read::path_to;
pub use sealed::public_tier_problems;
pub use sources::source_warnings;
pub use unit_check::{
    UnitScale, bound_echo, quantity, share_guide, share_truth_warning, unit_warning, unit_words,
};

/// Every `assets/questions/*.toml` file as `(file name, text)`, sorted by name (listed by build.rs). The web app's
/// wasm does not embed them (they are a fifth of its download): it fetches them and hands them to
/// [`install_builtin`] before anything asks for the pack, and until then there are none.
pub fn builtin_files() -> &'static [(&'static str, &'static str)] {
    #[cfg(embedded_bank)]
    let files: &'static [(&'static str, &'static str)] =
        include!(concat!(env!("OUT_DIR"), "/builtin_files.rs"));
    #[cfg(not(embedded_bank))]
    let files = INSTALLED.get().map_or(&[][..], Vec::as_slice);
    files
}

#[cfg(not(embedded_bank))]
static INSTALLED: std::sync::OnceLock<Vec<(&'static str, &'static str)>> =
    std::sync::OnceLock::new();

/// Gives the built-in pack its files where the build did not embed them: `json` is an array of `[file name, text]`
/// pairs in [`builtin_files`]'s order, as the app's build writes it (`scripts/bank-data.mjs`). The first call wins
/// (the pack is parsed once); where the files are embedded the data is only checked.
pub fn install_builtin(json: &str) -> Result<(), String> {
    let files: Vec<(String, String)> = serde_json::from_str(json)
        .map_err(|e| format!("the question bank's data is not readable ({e})"))?;
    #[cfg(not(embedded_bank))]
    {
        // Once per page, for the page's lifetime: leaking keeps `builtin_files`'s static signature.
        let files = files
            .into_iter()
            .map(|(name, text)| (&*name.leak(), &*text.leak()));
        let _ = INSTALLED.set(files.collect());
    }
    #[cfg(embedded_bank)]
    drop(files);
    Ok(())
}

/// The built-in open pack, parsed and checked structurally once (later calls clone it). Its truth programs are not
/// run here (startup stays fast in the browser; fitting is lazy, per question): the test suite runs every one.
pub fn builtin() -> Pack {
    static PACK: std::sync::OnceLock<Pack> = std::sync::OnceLock::new();
    PACK.get_or_init(|| {
        assert!(
            !builtin_files().is_empty(),
            "the built-in pack was asked for before its data was installed (install_builtin)"
        );
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
