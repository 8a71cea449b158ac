//! The teacher's page as one state, which the page holds in one signal and draws: first the truths fitted one
//! question per step ([`Fit`]), then the round (codes, who is left out, names) and what is shown of it (the
//! reveal, the rule, the truths revealed, the question in view, the presenter view), with Start over and its undo.

use std::collections::BTreeSet;
use std::sync::Arc;

use fermi_bank::Pack;

use super::{Class, ClassRule, ClassSet, Fitting, Options, Results, Round};

/// The teacher's page before the round: the truths being fitted (10⁶ samples each for a distribution truth, one
/// question per step so that the page paints between them), the fitted class, or why the set cannot be scored.
#[derive(Debug)]
pub enum Fit {
    Fitting(Fitting),
    Ready(Arc<Class>),
    Failed(String),
}

impl Fit {
    pub fn new(set: ClassSet) -> Fit {
        Fit::Fitting(Fitting::new(set))
    }

    /// Fits the next question from `pack`; true while questions are left to fit.
    pub fn step(&mut self, pack: &Pack) -> bool {
        let Fit::Fitting(fitting) = self else {
            return false;
        };
        *self = match fitting.step(pack) {
            Ok(false) => return true,
            Ok(true) => Fit::Ready(Arc::new(Class {
                set: fitting.set.clone(),
                questions: std::mem::take(&mut fitting.questions),
            })),
            Err(why) => Fit::Failed(why),
        };
        false
    }
}

impl Fitting {
    /// "Working out the truths: 1 of 3…"
    pub fn progress_words(&self) -> String {
        let (done, of) = self.progress();
        format!("Working out the truths: {done} of {of}…")
    }
}

/// The teacher's page once the truths are fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct Desk {
    pub set: ClassSet,
    /// The codes as taken: each paste or file on lines of its own.
    pub codes: String,
    pub options: Options,
    /// Nicknames are shown instead of the anonymous labels.
    pub names: bool,
    /// The rule the board ranks by.
    pub rule: ClassRule,
    /// Ranks, counts, scores and the crowd's standing are shown (after the teacher reveals them).
    pub shown: bool,
    /// Questions whose truth is revealed.
    pub revealed: BTreeSet<usize>,
    /// The question whose intervals are shown one by one.
    pub question: Option<usize>,
    pub presenter: bool,
    /// Start over is asking first.
    pub confirming: bool,
    /// The round before the last Start over or loaded round, to undo it.
    pub undo: Option<Round>,
    /// Files not taken, and why ("name: why").
    pub problems: Vec<String>,
}

impl Desk {
    /// The page for `set`, resumed from what this browser kept: `kept(key)` reads a stored text. The round saved
    /// under [`Desk::key`], else the codes an older page kept.
    pub fn open(set: ClassSet, kept: impl Fn(&str) -> Option<String>) -> Desk {
        let mut desk = Desk {
            codes: String::new(),
            options: Options::default(),
            names: false,
            rule: ClassRule::CramerLog,
            shown: false,
            revealed: BTreeSet::new(),
            question: None,
            presenter: false,
            confirming: false,
            undo: None,
            problems: Vec::new(),
            set,
        };
        match kept(&desk.key()).map(|text| Round::read(&text, &desk.set)) {
            Some(Ok(round)) => desk.restore(&round),
            _ => desk.codes = kept(&desk.set.storage_key("codes")).unwrap_or_default(),
        }
        desk
    }

    /// Where the round is kept in the browser.
    pub fn key(&self) -> String {
        self.set.storage_key("round")
    }

    /// The round as saved and exported.
    pub fn round(&self) -> Round {
        Round::new(&self.set, &self.codes, &self.options, self.names)
    }

    /// The round to download as JSON that reloads it: its file name and its text.
    pub fn json_file(&self) -> (String, String) {
        (self.set.file_name("round", "json"), self.round().to_json())
    }

    /// The round's `results` to download as CSV, students named as the board names them: its file name and its
    /// text.
    pub fn csv_file(&self, class: &Class, results: &Results) -> (String, String) {
        (
            self.set.file_name("round", "csv"),
            class.csv(results, self.names),
        )
    }

    fn restore(&mut self, round: &Round) {
        self.codes = round.codes.clone();
        self.options = round.options().unwrap_or_default();
        self.names = round.names;
    }

    /// Takes pasted text (or a file's) on lines of its own; blank text changes nothing. New codes end the undo.
    pub fn add(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if !self.codes.is_empty() {
            self.codes.push('\n');
        }
        self.codes.push_str(text);
        self.undo = None;
    }

    /// Code files, each as its name and its text or why it could not be read: each taken, or listed in
    /// [`Desk::problems`] with why not.
    pub fn add_files(&mut self, files: Vec<(String, Result<String, String>)>) {
        let mut problems = Vec::new();
        for (name, text) in files {
            match text {
                Ok(text) => self.add(&text),
                Err(why) => problems.push(format!("{name}: {why}")),
            }
        }
        self.problems = problems;
    }

    /// Saved rounds as files: each replaces the round (undoably), or is listed with why it cannot.
    pub fn load_files(&mut self, files: Vec<(String, Result<String, String>)>) {
        let mut problems = Vec::new();
        for (name, text) in files {
            match text.and_then(|t| Round::read(&t, &self.set)) {
                Ok(round) => {
                    self.undo = Some(self.round());
                    self.restore(&round);
                }
                Err(why) => problems.push(format!("{name}: {why}")),
            }
        }
        self.problems = problems;
    }

    /// Forgets the codes and who is left out and hides the results and truths again; the round can be undone.
    pub fn start_over(&mut self) {
        self.undo = Some(self.round());
        self.codes.clear();
        self.options = Options::default();
        self.shown = false;
        self.revealed.clear();
        self.confirming = false;
    }

    /// Puts back the round that Start over or a loaded round replaced.
    pub fn undo(&mut self) {
        if let Some(round) = self.undo.take() {
            self.restore(&round);
        }
    }

    /// Leaves the student with this key out of the crowd, or puts them back.
    pub fn toggle_left_out(&mut self, key: u64) {
        if !self.options.left_out.remove(&key) {
            self.options.left_out.insert(key);
        }
    }

    /// Shows question `index`'s intervals, or hides them when shown.
    pub fn toggle_question(&mut self, index: usize) {
        self.question = (self.question != Some(index)).then_some(index);
    }

    pub fn is_revealed(&self, index: usize) -> bool {
        self.revealed.contains(&index)
    }

    /// The crowd's score on question `index` shows once its truth and the results are both revealed.
    pub fn standing(&self, index: usize) -> bool {
        self.shown && self.is_revealed(index)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::class::{Answer, HandIn};

    const TREES: &str = "trees-on-earth-2015";
    const LIVESTOCK: &str = "mongolia-livestock-2022";

    fn set() -> ClassSet {
        let questions = vec![TREES.into(), LIVESTOCK.into()];
        ClassSet::new(questions, 2_000, 7, &fermi_bank::builtin()).unwrap()
    }

    fn code(key: u64) -> String {
        let quick = |l: &str, h: &str| Some(Answer::quick(l, h));
        let answers = vec![
            quick("1 trillion", "5 trillion"),
            quick("50 million", "90 million"),
        ];
        let hand_in = HandIn {
            name: format!("s{key}"),
            key,
            answers,
        };
        hand_in.encode(&set())
    }

    #[test]
    fn the_truths_are_fitted_one_step_a_question_or_say_why_not() {
        let pack = fermi_bank::builtin();
        let mut fit = Fit::new(set());
        let Fit::Fitting(f) = &fit else { panic!() };
        assert_eq!(f.progress_words(), "Working out the truths: 0 of 2…");
        assert!(fit.step(&pack));
        let Fit::Fitting(f) = &fit else { panic!() };
        assert_eq!(f.progress_words(), "Working out the truths: 1 of 2…");
        assert!(!fit.step(&pack));
        let Fit::Ready(class) = &fit else { panic!() };
        assert_eq!(class.set, set());
        assert_eq!(class.questions.len(), 2);
        // Done is done.
        assert!(!fit.step(&pack));
        assert!(matches!(fit, Fit::Ready(_)));
        // A pack without the questions: the first step says why, and nothing follows.
        let empty = fermi_bank::Pack {
            questions: Vec::new(),
            ..pack
        };
        let mut fit = Fit::new(set());
        assert!(!fit.step(&empty));
        let Fit::Failed(why) = &fit else { panic!() };
        assert_eq!(why, &format!("question `{TREES}` is not in the pack"));
    }

    /// Texts kept in the browser, by what they are ("round", "codes").
    type Kept<'a> = &'a [(&'a str, &'a str)];

    /// A step on the desk: what it is, what it does.
    type Step = (&'static str, fn(&mut Desk));

    #[test]
    fn a_desk_opens_on_the_kept_round_else_the_kept_codes() {
        let s = set();
        let mut saved = Desk::open(s.clone(), |_| None);
        saved.add(&code(1));
        saved.toggle_left_out(1);
        saved.names = true;
        let json = saved.round().to_json();
        let cases: [(Kept, &str, bool, usize); 4] = [
            (&[], "", false, 0),
            (&[("round", &json), ("codes", "old")], &saved.codes, true, 1),
            (&[("codes", "old codes")], "old codes", false, 0),
            // A damaged round falls back to the codes.
            (&[("round", "{"), ("codes", "old")], "old", false, 0),
        ];
        for (kept, codes, names, left_out) in cases {
            let kept: HashMap<String, String> = kept
                .iter()
                .map(|(what, text)| (s.storage_key(what), text.to_string()))
                .collect();
            let desk = Desk::open(s.clone(), |key| kept.get(key).cloned());
            assert_eq!(desk.codes, codes, "{kept:?}");
            assert_eq!(desk.names, names, "{kept:?}");
            assert_eq!(desk.options.left_out.len(), left_out, "{kept:?}");
            assert_eq!(
                desk.key(),
                format!("fermi-playground.class.{}.round", s.id())
            );
        }
    }

    #[test]
    fn codes_pile_up_and_start_over_is_undone() {
        let mut desk = Desk::open(set(), |_| None);
        let files: fn(&mut Desk) = |d| {
            d.add_files(vec![
                ("a.txt".into(), Ok("B".into())),
                ("b.txt".into(), Err("unreadable".into())),
            ])
        };
        let steps: [(Step, &str, bool); 7] = [
            (("blank text", |d| d.add("  \n ")), "", false),
            (("a code", |d| d.add(" A \n")), "A", false),
            (("two files", files), "A\nB", false),
            (("start over", Desk::start_over), "", true),
            (("undo", Desk::undo), "A\nB", false),
            (("start over again", Desk::start_over), "", true),
            (("new codes end the undo", |d| d.add("C")), "C", false),
        ];
        for ((what, step), codes, can_undo) in steps {
            step(&mut desk);
            assert_eq!(desk.codes, codes, "{what}");
            assert_eq!(desk.undo.is_some(), can_undo, "{what}");
        }
        assert_eq!(desk.problems, ["b.txt: unreadable"]);
    }

    #[test]
    fn start_over_hides_everything_again_and_a_loaded_round_can_be_undone() {
        let class = Class::new(set(), &fermi_bank::builtin()).unwrap();
        let mut desk = Desk::open(set(), |_| None);
        desk.add(&format!("{}\n{}", code(1), code(2)));
        desk.toggle_left_out(2);
        desk.shown = true;
        desk.confirming = true;
        desk.revealed.insert(1);
        assert!(desk.standing(1) && !desk.standing(0));
        let results = class.results_with(&desk.codes, &desk.options);
        assert_eq!(results.students.len(), 2);
        assert_eq!(
            results
                .students
                .iter()
                .map(|s| s.in_crowd)
                .collect::<Vec<_>>(),
            [true, false]
        );
        let round = desk.round();
        let id = desk.set.id();
        let (name, json) = desk.json_file();
        assert_eq!(name, format!("class-{id}-round.json"));
        assert_eq!(Round::read(&json, &desk.set), Ok(round.clone()));
        let (name, csv) = desk.csv_file(&class, &results);
        assert_eq!(name, format!("class-{id}-round.csv"));
        assert_eq!(csv, class.csv(&results, false));
        desk.names = true;
        assert_eq!(desk.csv_file(&class, &results).1, class.csv(&results, true));
        desk.names = false;
        desk.start_over();
        assert!(!desk.shown && !desk.confirming && desk.revealed.is_empty());
        assert!(desk.options.left_out.is_empty() && !desk.standing(1));
        assert!(desk.codes.is_empty());
        // Loading the saved round back: what it holds returns, and loading is undone like Start over.
        let files = vec![
            ("round.json".to_string(), Ok(round.to_json())),
            ("notes.txt".to_string(), Ok("hello".to_string())),
        ];
        desk.load_files(files);
        assert_eq!(desk.round(), round);
        assert_eq!(desk.problems.len(), 1);
        assert!(desk.problems[0].starts_with("notes.txt: this is not a saved class round"));
        desk.undo();
        assert_eq!(desk.codes, "");
        desk.toggle_left_out(5);
        desk.toggle_left_out(5);
        assert!(desk.options.left_out.is_empty());
    }

    #[test]
    fn one_question_is_in_view_at_a_time() {
        let mut desk = Desk::open(set(), |_| None);
        for (pick, shown) in [(0, Some(0)), (1, Some(1)), (1, None), (0, Some(0))] {
            desk.toggle_question(pick);
            assert_eq!(desk.question, shown, "{pick}");
        }
    }
}
