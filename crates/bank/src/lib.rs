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

/// Every `assets/questions/*.toml` file as `(file name, text)`, sorted by name (listed by build.rs). Empty in the
/// web app, whose wasm does not embed them (they are a fifth of its download): it reads them with
/// [`install_builtin`] and [`install_builtin_details`].
pub fn builtin_files() -> &'static [(&'static str, &'static str)] {
    #[cfg(embedded_bank)]
    let files: &'static [(&'static str, &'static str)] =
        include!(concat!(env!("OUT_DIR"), "/builtin_files.rs"));
    #[cfg(not(embedded_bank))]
    let files = &[];
    files
}

/// The built-in pack as the web app's build writes it (`scripts/bank-data.mjs`): `json` is an array of
/// `[file name, text]` pairs in [`builtin_files`]'s order. `details` is false for the part a first screen needs
/// (the files without the keys shown only after the reveal: explanation, trap, derivation, sources, reference
/// factors and program, trap values, no_primary_source), whose checks against the sources are left to the whole
/// files. Truth programs are not run (the test suite runs every one).
pub fn read_builtin(json: &str, details: bool) -> Result<Pack, String> {
    let files: Vec<(String, String)> = serde_json::from_str(json)
        .map_err(|e| format!("the question bank's data is not readable ({e})"))?;
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    load::load(&files, false, details).map_err(|problems| {
        let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
        format!("the question bank's data is invalid:\n{}", list.join("\n"))
    })
}

/// The web app's built-in pack as installed: before the reveal, then whole.
#[cfg(not(embedded_bank))]
static INSTALLED: [std::sync::OnceLock<Pack>; 2] = [const { std::sync::OnceLock::new() }; 2];

/// Gives the web app its built-in pack before the reveal ([`read_builtin`] without details), fetched while its
/// wasm downloads; until then there is none. The first call wins. Where the files are embedded the data is only
/// checked.
pub fn install_builtin(json: &str) -> Result<(), String> {
    install(json, false)
}

/// Gives the web app the whole built-in pack (the whole files), fetched after its first screen: from then on
/// [`builtin`] has every question's explanation and sources. Where the files are embedded it is only checked.
pub fn install_builtin_details(json: &str) -> Result<(), String> {
    install(json, true)
}

fn install(json: &str, details: bool) -> Result<(), String> {
    let pack = read_builtin(json, details)?;
    #[cfg(not(embedded_bank))]
    let _ = INSTALLED[usize::from(details)].set(pack);
    #[cfg(embedded_bank)]
    drop(pack);
    Ok(())
}

/// Whether [`builtin`] holds what is shown after the reveal (always, where the files are embedded).
pub fn builtin_has_details() -> bool {
    #[cfg(not(embedded_bank))]
    let whole = INSTALLED[1].get().is_some();
    #[cfg(embedded_bank)]
    let whole = true;
    whole
}

/// The built-in open pack, parsed and checked structurally once (later calls clone it). Its truth programs are not
/// run here (startup stays fast in the browser; fitting is lazy, per question): the test suite runs every one. In
/// the web app, what [`install_builtin`] and then [`install_builtin_details`] gave.
pub fn builtin() -> Pack {
    #[cfg(not(embedded_bank))]
    let pack = INSTALLED[1]
        .get()
        .or(INSTALLED[0].get())
        .expect("the built-in pack was asked for before its data was installed (install_builtin)");
    #[cfg(embedded_bank)]
    let pack = {
        static PACK: std::sync::OnceLock<Pack> = std::sync::OnceLock::new();
        PACK.get_or_init(|| {
            load::load(builtin_files(), false, true).unwrap_or_else(|problems| {
                let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
                panic!(
                    "the built-in pack is invalid (tests/builtin.rs names every problem):\n{}",
                    list.join("\n")
                )
            })
        })
    };
    pack.clone()
}
