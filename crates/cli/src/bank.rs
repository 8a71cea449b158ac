//! `fermi-playground bank check|list`: validate and list question packs (docs/cli.md).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use fermi_bank::{FittedTruth, Pack, Problem, Tier, Width, fit_truth, load_pack};
use serde_json::json;

use crate::report;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Validate packs: every problem as `FILE:LINE:COL: error: question ID: FIELD: why` with the line and a caret
    /// underline (exit 1 if any), the pack's counts, each question's width rule and truth (distributions fitted),
    /// and advice where a factor's interval breaks the tier or width rule, a source cannot be checked (a bare
    /// domain, one link for different figures, no `accessed`), a question has no primary source, or its text or
    /// disambiguation gives away the truth or a factor.
    Check {
        /// Packs to check: a `.toml` file, or a folder whose `.toml` files form one pack. Default: the built-in pack.
        packs: Vec<String>,
    },
    /// List the questions of packs (default: the built-in pack).
    List {
        /// Print `{"questions":[{id, tier, truth_kind, unit, as_of, topics, countries, sources, width}]}`.
        #[arg(long)]
        json: bool,
        /// Packs to list: a `.toml` file, or a folder whose `.toml` files form one pack.
        packs: Vec<String>,
    },
}

/// The built-in pack's goals: (what, minimum).
const GOALS: [(&str, usize); 5] = [
    ("questions", 60),
    ("distribution", 20),
    ("point", 20),
    ("topics", 8),
    ("countries", 15),
];
const BUILTIN_DIR: &str = "assets/questions";

pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Check { packs } => check(&packs),
        Command::List { json, packs } => list(&packs, json),
    }
}

/// One pack's files as (display name, text).
pub(crate) struct PackFiles {
    name: String,
    files: Vec<(String, String)>,
    builtin: bool,
}

impl PackFiles {
    pub(crate) fn load(&self) -> Result<Pack, Vec<Problem>> {
        let files: Vec<(&str, &str)> = self
            .files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        load_pack(&files)
    }

    /// The text of one of the pack's files, by the name its problems carry.
    pub(crate) fn text(&self, file: &str) -> Option<&str> {
        self.files
            .iter()
            .find(|(name, _)| name == file)
            .map(|(_, text)| text.as_str())
    }

    /// Prints problems (or advice) to stderr, each at its place in its file.
    pub(crate) fn print(&self, problems: &[Problem]) {
        for p in problems {
            eprint!("{}", report::render_problem(p, self.text(&p.file)));
        }
    }
}

/// The packs named on the command line (each a `.toml` file or a folder), or the built-in pack.
pub(crate) fn read_packs(args: &[String]) -> Result<Vec<PackFiles>, String> {
    if args.is_empty() {
        let files = fermi_bank::builtin_files()
            .iter()
            .map(|(name, text)| (format!("{BUILTIN_DIR}/{name}"), text.to_string()))
            .collect();
        return Ok(vec![PackFiles {
            name: format!("built-in pack ({BUILTIN_DIR})"),
            files,
            builtin: true,
        }]);
    }
    args.iter()
        .map(|arg| {
            let path = Path::new(arg);
            let paths = if path.is_dir() {
                let mut paths: Vec<_> = std::fs::read_dir(path)
                    .map_err(|e| format!("cannot read {arg}: {e}"))?
                    .filter_map(|entry| entry.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|ext| ext == "toml"))
                    .collect();
                paths.sort();
                if paths.is_empty() {
                    return Err(format!("{arg} holds no .toml file"));
                }
                paths
            } else {
                vec![path.to_path_buf()]
            };
            let files = paths
                .iter()
                .map(|p| {
                    let text = std::fs::read_to_string(p)
                        .map_err(|e| format!("cannot read {}: {e}", p.display()))?;
                    Ok((p.display().to_string(), text))
                })
                .collect::<Result<_, String>>()?;
            Ok(PackFiles {
                name: arg.clone(),
                files,
                builtin: false,
            })
        })
        .collect()
}

/// The public tier beside the built-in pack: its questions and its sealed truths, read from the checkout this
/// binary was built from (never embedded: the sealed truths must not travel inside a build).
const PUBLIC_TIER: [&str; 2] = ["assets/public/pack.toml", "sealed/public-truths.toml"];

/// The public tier's two files as packs, where the checkout has them.
fn public_tier() -> Vec<PackFiles> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    PUBLIC_TIER
        .iter()
        .filter_map(|name| {
            let text = std::fs::read_to_string(root.join(name)).ok()?;
            Some(PackFiles {
                name: name.to_string(),
                files: vec![(name.to_string(), text)],
                builtin: false,
            })
        })
        .collect()
}

fn check(args: &[String]) -> ExitCode {
    let mut packs = match read_packs(args) {
        Ok(packs) => packs,
        Err(e) => return report::usage(e),
    };
    if args.is_empty() {
        packs.extend(public_tier());
    }
    let mut problems = 0;
    let mut loaded: Vec<Option<Pack>> = Vec::new();
    for files in &packs {
        loaded.push(match files.load() {
            Ok(pack) => Some(pack),
            Err(list) => {
                println!("{}: refused, {} problem(s)", files.name, list.len());
                files.print(&list);
                problems += list.len();
                None
            }
        });
    }
    // A public pack is sealed by the private pack of the same id given beside it.
    let sealing = |public: &Pack| {
        loaded.iter().enumerate().find_map(|(i, p)| {
            p.as_ref()
                .filter(|p| p.info.tier == Tier::Private && p.info.id == public.info.id)
                .map(|p| (i, p))
        })
    };
    let mut sealed_by: BTreeMap<usize, &str> = BTreeMap::new();
    for (pack_files, pack) in packs.iter().zip(&loaded) {
        if let Some((i, _)) = pack
            .as_ref()
            .filter(|p| p.info.tier == Tier::Public)
            .and_then(sealing)
        {
            sealed_by.insert(i, &pack_files.name);
        }
    }
    for (i, (pack_files, pack)) in packs.iter().zip(&loaded).enumerate() {
        let Some(pack) = pack else { continue };
        if pack.info.tier == Tier::Public {
            let sealed = sealing(pack);
            let found = fermi_bank::public_tier_problems(pack, sealed.map(|(_, p)| p));
            problems += found.iter().filter(|p| !is_warning(p)).count();
            for p in &found {
                let text = packs.iter().find_map(|f| f.text(&p.file));
                eprint!("{}", report::render_problem(p, text));
            }
            describe_public(
                pack,
                pack_files,
                sealed.map(|(i, _)| packs[i].name.as_str()),
            );
            continue;
        }
        let fits: Vec<_> = pack.questions.iter().map(fit_truth).collect();
        let mut advice: Vec<Problem> = pack.questions.iter().flat_map(fermi_bank::advice).collect();
        advice.extend(fermi_bank::source_warnings(pack));
        let mut giveaways = 0;
        for (q, fit) in pack.questions.iter().zip(&fits) {
            if let Ok(fitted) = fit {
                let found = fermi_bank::giveaways(q, fitted);
                giveaways += found.len();
                advice.extend(found);
                advice.extend(fermi_bank::share_truth_warning(q, fitted));
            }
        }
        pack_files.print(&advice);
        let fit_problems = describe(
            pack,
            pack_files,
            &fits,
            giveaways,
            sealed_by.get(&i).copied(),
        );
        pack_files.print(&fit_problems);
        problems += fit_problems.len();
    }
    if loaded.len() > 1 {
        // A public question counts once, with its sealed truth; the private pack sealing it adds none.
        let mut tiers: BTreeMap<&str, usize> = BTreeMap::new();
        for (i, pack) in loaded.iter().enumerate() {
            if let Some(pack) = pack.as_ref().filter(|_| !sealed_by.contains_key(&i)) {
                *tiers.entry(pack.info.tier.as_str()).or_default() += pack.questions.len();
            }
        }
        let total: usize = tiers.values().sum();
        let parts: Vec<String> = tiers
            .iter()
            .map(|(tier, n)| {
                let sealed = *tier == "public" && !sealed_by.is_empty();
                format!(
                    "{n} {tier}{}",
                    if sealed { " with sealed truths" } else { "" }
                )
            })
            .collect();
        println!("total: {total} questions ({})", parts.join(", "));
    }
    if problems > 0 {
        eprintln!("{problems} problem(s)");
        ExitCode::from(report::EXIT_DIAGNOSTIC)
    } else {
        ExitCode::SUCCESS
    }
}

fn is_warning(p: &Problem) -> bool {
    p.diagnostic.severity == fermi_syntax::Severity::Warning
}

/// Prints a public-tier pack: its counts, that it carries no truth, and where its truths are sealed.
fn describe_public(pack: &Pack, files: &PackFiles, sealed: Option<&str>) {
    println!(
        "{}: pack `{}` version {} (public tier), {} files, {} questions",
        files.name,
        pack.info.id,
        pack.info.version,
        files.files.len(),
        pack.questions.len()
    );
    println!(
        "  truths: none in the pack (a public pack is refused with a truth; checked that no question carries an explanation, trap, derivation, source or reference factor)"
    );
    match sealed {
        Some(name) => println!(
            "  sealed truths: {name}, every question matched word for word (its rules, truths and giveaways below)"
        ),
        None => println!(
            "  sealed truths: not given (check the private pack of id `{}` beside it to see its truths and giveaways)",
            pack.info.id
        ),
    }
}

/// Prints a loaded pack's counts, its width rules, primary sources and giveaways, and every question's rule and
/// truth (fitted, for distributions); returns problems met while fitting.
fn describe(
    pack: &Pack,
    files: &PackFiles,
    fits: &[Result<FittedTruth, Problem>],
    giveaways: usize,
    seals: Option<&str>,
) -> Vec<Problem> {
    let info = &pack.info;
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let mut topics: BTreeMap<&str, usize> = BTreeMap::new();
    let mut countries: BTreeMap<&str, usize> = BTreeMap::new();
    for q in &pack.questions {
        *kinds.entry(q.truth.kind()).or_default() += 1;
        for t in &q.topics {
            *topics.entry(t.as_str()).or_default() += 1;
        }
        for c in q.countries.iter().filter(|c| *c != "WORLD") {
            *countries.entry(c).or_default() += 1;
        }
    }
    let counts = |m: &BTreeMap<&str, usize>| {
        m.iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "{}: pack `{}` version {} ({} tier), {} files, {} questions",
        files.name,
        info.id,
        info.version,
        info.tier.as_str(),
        files.files.len(),
        pack.questions.len()
    );
    if let Some(public) = seals {
        println!("  seals the truths of the public pack {public} (its questions, counted there)");
    }
    println!("  truth kinds ({}): {}", kinds.len(), counts(&kinds));
    println!("  topics ({}): {}", topics.len(), counts(&topics));
    println!("  countries ({}): {}", countries.len(), counts(&countries));

    let mut rules: BTreeMap<&str, usize> = BTreeMap::new();
    for q in &pack.questions {
        *rules
            .entry(q.width.map_or("unstated", Width::as_str))
            .or_default() += 1;
    }
    println!("  width rule: {}", counts(&rules));
    let without: Vec<&str> = pack
        .questions
        .iter()
        .filter(|q| !q.has_primary_source())
        .map(|q| q.id.as_str())
        .collect();
    let reasons = pack
        .questions
        .iter()
        .filter(|q| q.no_primary_source.is_some())
        .count();
    println!(
        "  primary sources: {} of {} questions without one{}{}; {reasons} say why none is cited",
        without.len(),
        pack.questions.len(),
        if without.is_empty() { "" } else { ": " },
        without.join(", ")
    );
    println!(
        "  giveaways: {giveaways} number(s) in text or disambiguation within {:.0}% of the truth or a factor",
        fermi_bank::GIVEAWAY_TOLERANCE * 100.0
    );
    println!(
        "  truths (width rule; distributions as the lognormal fitted to p5/p95 of {} samples):",
        fermi_bank::FIT_SAMPLES
    );
    let mut problems = Vec::new();
    let width = pack.questions.iter().map(|q| q.id.len()).max().unwrap_or(0);
    for (q, fit) in pack.questions.iter().zip(fits) {
        let rule = q.width.map_or("unstated", Width::as_str);
        match fit {
            Ok(fitted) => {
                let parameters = match (fitted, &q.truth) {
                    (FittedTruth::Point(value), _) => format!("point {value}"),
                    (FittedTruth::Lognormal { mu, sigma }, truth) => format!(
                        "{:<12}  mu {mu:>9.4}  sigma {sigma:.4}  p5 {:.4e}  median {:.4e}  p95 {:.4e}",
                        truth.kind(),
                        fitted.p5(),
                        fitted.median(),
                        fitted.p95()
                    ),
                };
                // A share is stored as a fraction; say it in percent too.
                let parameters = match fermi_bank::UnitScale::of(&q.unit) {
                    fermi_bank::UnitScale::Share => {
                        format!(
                            "{parameters}  (median {})",
                            fermi_bank::quantity(&q.unit, fitted.median())
                        )
                    }
                    fermi_bank::UnitScale::Other => parameters,
                };
                println!("    {:<width$}  {rule:<8}  {parameters}", q.id);
            }
            Err(problem) => problems.push(problem.clone()),
        }
    }
    if files.builtin {
        let have = |what: &str| match what {
            "questions" => pack.questions.len(),
            "topics" => topics.len(),
            "countries" => countries.len(),
            kind => kinds.get(kind).copied().unwrap_or(0),
        };
        let goals: Vec<String> = GOALS
            .iter()
            .map(|&(what, min)| {
                let n = have(what);
                format!("{what} {n}/{min} {}", if n >= min { "ok" } else { "short" })
            })
            .collect();
        println!("  goals: {}", goals.join(", "));
    }
    problems
}

fn list(args: &[String], json: bool) -> ExitCode {
    let packs = match read_packs(args) {
        Ok(packs) => packs,
        Err(e) => return report::usage(e),
    };
    let mut rows = Vec::new();
    let mut failed = false;
    for pack_files in &packs {
        match pack_files.load() {
            Ok(pack) => rows.extend(pack.questions.iter().map(|q| {
                json!({
                    "id": q.id,
                    "tier": pack.info.tier,
                    "truth_kind": q.truth.kind(),
                    "unit": q.unit,
                    "as_of": q.as_of,
                    "topics": q.topics,
                    "countries": q.countries,
                    "sources": q.sources.len(),
                    "width": q.width,
                })
            })),
            Err(list) => {
                pack_files.print(&list);
                failed = true;
            }
        }
    }
    if failed {
        return ExitCode::from(report::EXIT_DIAGNOSTIC);
    }
    if json {
        println!("{}", json!({ "questions": rows }));
    } else {
        let width = rows
            .iter()
            .map(|r| r["id"].as_str().unwrap_or("").len())
            .max()
            .unwrap_or(2);
        println!(
            "{:<width$}  {:<7}  {:<12}  {:<10}  unit",
            "id", "tier", "truth", "as_of"
        );
        for r in &rows {
            let text = |k: &str| r[k].as_str().unwrap_or("").to_string();
            println!(
                "{:<width$}  {:<7}  {:<12}  {:<10}  {}",
                text("id"),
                text("tier"),
                text("truth_kind"),
                text("as_of"),
                text("unit")
            );
        }
    }
    ExitCode::SUCCESS
}
