//! Class mode without a server (docs/class-mode.md). A class set (questions of the built-in pack, a sample count,
//! a class seed) travels in a link; each student hands back a short checksummed code holding their answers; the
//! teacher's page reruns every answer exactly as the student's page did (same program, sample count and seed) and
//! builds the board per rule with rank changes, the crowd and the class's calibration. Nothing here panics on a
//! hostile link or code: every problem is a sentence.

use std::collections::{BTreeSet, HashMap};
use std::ops::RangeInclusive;

pub use fermi_answer::Answer;
use fermi_bank::{FittedTruth, Pack, fit_truth};
use fermi_num::Fnv1a;
use fermi_score::calibration::{
    AnswerQuantiles, Answered, Calibration, Coverage, TruthQuantiles, Verdict, calibration,
};
use fermi_score::crowd::median_crowd;
use fermi_score::lab::{Quantiles, class_crowd};
use fermi_score::{LogSamples, LogTruth, Report, RuleId, format_nats};
use fermi_syntax::{Dialect, MAX_SOURCE_BYTES};
use serde::{Deserialize, Serialize};

use crate::file::{Format, run_answer};
use crate::score::ItemScore;

mod desk;
mod intake;
mod round;

pub use desk::{Desk, Fit};
pub use intake::{Intake, take_codes};
pub use round::Round;

/// The student's link: `#class=` and the class set.
pub const LINK_PREFIX: &str = "#class=";
/// The teacher's page for a class set.
pub const TEACHER_PREFIX: &str = "#class-teacher=";
/// Every code starts so (its version: a future format gets a new one).
pub const CODE_PREFIX: &str = "FC1.";
/// Most questions in a class set.
pub const MAX_QUESTIONS: usize = 20;
/// Sample counts a class set may ask for: the teacher's page reruns every answer of every student.
pub const SAMPLES_RANGE: RangeInclusive<usize> = 1_000..=100_000;
pub const DEFAULT_SAMPLES: usize = 10_000;
/// Longest optional name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// Longest code and link body read, in bytes (lz-string output grows at most quadratically, so this bounds the
/// work a hostile code can cause).
const MAX_CODE_BYTES: usize = 12 * 1024;
const MAX_LINK_BYTES: usize = 4 * 1024;
/// Most codes one class takes.
pub const MAX_CODES: usize = 300;
const LINK_VERSION: u32 = 1;

/// The class pages an address fragment can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// `#class`: the teacher builds a class set.
    Create,
    /// `#class=…`: a student answers and hands in a code.
    Student,
    /// `#class-teacher=…`: the teacher takes codes.
    Teacher,
}

/// The class page a URL fragment asks for, with the link body it carries; `None` outside class mode.
pub fn page(fragment: &str) -> Option<(Page, &str)> {
    if fragment == "#class" {
        return Some((Page::Create, ""));
    }
    if let Some(body) = fragment.strip_prefix(TEACHER_PREFIX) {
        return Some((Page::Teacher, body));
    }
    fragment
        .strip_prefix(LINK_PREFIX)
        .map(|body| (Page::Student, body))
}

/// What a class address opens: the builder, a student's or the teacher's page of a set, or why its link is
/// damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    Create,
    Student(ClassSet),
    Teacher(ClassSet),
    Damaged(String),
}

/// What `fragment` opens, its set read from its link with `pack`; `None` outside class mode.
pub fn open(fragment: &str, pack: &Pack) -> Option<Opened> {
    let (which, body) = page(fragment)?;
    Some(match which {
        Page::Create => Opened::Create,
        Page::Student => {
            ClassSet::from_body(body, pack).map_or_else(Opened::Damaged, Opened::Student)
        }
        Page::Teacher => {
            ClassSet::from_teacher_body(body, pack).map_or_else(Opened::Damaged, Opened::Teacher)
        }
    })
}

/// What the students answer: questions of the built-in pack, each sampled at `samples` with a seed derived from
/// the class seed and the question id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassSet {
    pub questions: Vec<String>,
    pub samples: usize,
    pub seed: u64,
    /// The check of the teacher's key ([`ClassSet::with_teacher_key`]); `None` for a set made before keys.
    pub teacher: Option<String>,
}

/// The link's JSON, with short keys.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SetWire {
    v: u32,
    q: Vec<String>,
    n: usize,
    s: u64,
    /// A check of the teacher's key: the teacher's link holds the key, the students' only this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    t: Option<String>,
}

/// lz-string text from a URL fragment or a code, back to text; `None` when it does not decompress to text.
fn decompress(body: &str) -> Option<String> {
    let wide = lz_str::decompress_from_encoded_uri_component(body)?;
    String::from_utf16(&wide).ok()
}

fn compress(text: &str) -> String {
    lz_str::compress_to_encoded_uri_component(text)
}

impl ClassSet {
    /// A class set of these questions of `pack`, checked: 1 to [`MAX_QUESTIONS`] distinct ids the pack holds, and
    /// a sample count in [`SAMPLES_RANGE`].
    pub fn new(
        questions: Vec<String>,
        samples: usize,
        seed: u64,
        pack: &Pack,
    ) -> Result<ClassSet, String> {
        if questions.is_empty() {
            return Err("pick at least one question".into());
        }
        if questions.len() > MAX_QUESTIONS {
            return Err(format!(
                "{} questions: a class set holds at most {MAX_QUESTIONS}",
                questions.len()
            ));
        }
        for (k, id) in questions.iter().enumerate() {
            if pack.question(id).is_none() {
                return Err(format!("question `{id}` is not in the built-in pack"));
            }
            if questions[..k].contains(id) {
                return Err(format!("question `{id}` is listed twice"));
            }
        }
        if !SAMPLES_RANGE.contains(&samples) {
            return Err(format!(
                "{samples} samples: choose from {} to {}",
                SAMPLES_RANGE.start(),
                SAMPLES_RANGE.end()
            ));
        }
        Ok(ClassSet {
            questions,
            samples,
            seed,
            teacher: None,
        })
    }

    /// The set whose teacher's page opens only with `key` ([`ClassSet::teacher_body`]): the students' link
    /// carries a check of the key, never the key.
    pub fn with_teacher_key(self, key: u64) -> ClassSet {
        ClassSet {
            teacher: Some(key_check(key)),
            ..self
        }
    }

    /// The teacher's link body: what follows [`TEACHER_PREFIX`], the students' body and the key.
    pub fn teacher_body(&self, key: u64) -> String {
        format!("{}.{key:016x}", self.body())
    }

    /// A class set from a teacher's link body, refused unless it holds the set's key.
    pub fn from_teacher_body(body: &str, pack: &Pack) -> Result<ClassSet, String> {
        let (students, key) = match body.rsplit_once('.') {
            Some((students, key)) => (students, u64::from_str_radix(key, 16).ok()),
            None => (body, None),
        };
        let set = ClassSet::from_body(students, pack)?;
        match (&set.teacher, key) {
            (None, None) => Ok(set),
            (Some(check), Some(key)) if *check == key_check(key) => Ok(set),
            _ => Err(
                "This is not the teacher's link for this class (the teacher's link holds a key the students' \
                 link does not). Open the link you got when you created the class."
                    .into(),
            ),
        }
    }

    /// A file name for this class: "class-1a2b3c4d-WHAT.EXT", `what` reduced to letters, digits and dashes.
    pub fn file_name(&self, what: &str, extension: &str) -> String {
        let what: String = what
            .trim()
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        let what = what.trim_matches('-');
        format!("class-{}-{what}.{extension}", self.id())
    }

    /// Where the browser keeps this class's `what` ("round", "draft"): a key per class set.
    pub fn storage_key(&self, what: &str) -> String {
        format!("fermi-playground.class.{}.{what}", self.id())
    }

    /// The students' link on the page at `base` (its address without a fragment).
    pub fn student_link(&self, base: &str) -> String {
        format!("{base}{LINK_PREFIX}{}", self.body())
    }

    /// The set's questions as `pack` words them, in the set's order (a set is checked against its pack).
    pub fn in_pack<'p>(&self, pack: &'p Pack) -> impl Iterator<Item = &'p fermi_bank::Question> {
        self.questions.iter().filter_map(|id| pack.question(id))
    }

    fn wire_json(&self) -> String {
        let wire = SetWire {
            v: LINK_VERSION,
            q: self.questions.clone(),
            n: self.samples,
            s: self.seed,
            t: self.teacher.clone(),
        };
        serde_json::to_string(&wire).unwrap_or_default()
    }

    /// The link's body: what follows [`LINK_PREFIX`] or [`TEACHER_PREFIX`].
    pub fn body(&self) -> String {
        compress(&self.wire_json())
    }

    /// A class set from a link's body, checked against `pack` as [`ClassSet::new`] checks it.
    pub fn from_body(body: &str, pack: &Pack) -> Result<ClassSet, String> {
        let bad =
            |why: &str| format!("This class link is damaged ({why}); ask for the link again.");
        if body.len() > MAX_LINK_BYTES {
            return Err(bad("it is too long"));
        }
        let json = decompress(body).ok_or_else(|| bad("it does not decompress"))?;
        let wire: SetWire = serde_json::from_str(&json).map_err(|_| bad("its fields are wrong"))?;
        if wire.v != LINK_VERSION {
            return Err(bad("it is from another version of the app"));
        }
        let set = ClassSet::new(wire.q, wire.n, wire.s, pack).map_err(|why| bad(&why))?;
        Ok(ClassSet {
            teacher: wire.t,
            ..set
        })
    }

    /// Eight hex digits naming this class set; a code carries it, so a code for another class is refused.
    pub fn id(&self) -> String {
        hex32(self.wire_json().as_bytes())
    }

    /// The seed every student's answer to `question` is sampled with (one per question, so the crowd and the
    /// students share it).
    pub fn item_seed(&self, question: &str) -> u64 {
        let mut h = Fnv1a::default();
        h.write(format!("class\n{}\n{question}", self.seed).as_bytes());
        h.finish()
    }

    /// Samples the answer to the `index`-th question as every page does: its ln samples, or why not.
    fn run(&self, index: usize, answer: &Answer) -> Result<LogSamples, String> {
        let question = self
            .questions
            .get(index)
            .ok_or("no such question in the class set")?;
        let program = answer.program().map_err(|why| why.message())?;
        run_answer(
            Format::of(answer),
            &program.source,
            self.samples,
            self.item_seed(question),
        )
    }

    /// The answer's 5%, 50% and 95% (what a student sees before handing in), or why it cannot be handed in.
    pub fn check(&self, index: usize, answer: &Answer) -> Result<Quantiles, String> {
        self.run(index, answer).map(|s| quantiles(&s))
    }

    /// Whether every answer can be handed in: it runs, or it is "don't know" (`None`).
    pub fn ready(&self, answers: &[Option<Answer>]) -> bool {
        answers.len() == self.questions.len()
            && answers
                .iter()
                .enumerate()
                .all(|(i, a)| a.as_ref().is_none_or(|a| self.check(i, a).is_ok()))
    }
}

/// A QR code of `text` (the students' link) as SVG at least `size` pixels square with its quiet zone, or `None`
/// when the text is too long for one.
pub fn qr_svg(text: &str, size: u32) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color>()
            .min_dimensions(size, size)
            .quiet_zone(true)
            .build(),
    )
}

/// A new class set's two links on the page at `base`: the students' and the teacher's (which holds the key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Links {
    pub student: String,
    pub teacher: String,
}

/// A class set from the builder's form (the questions picked, the sample count as typed) with the teacher's
/// `key`, as its links on the page at `base`; or why it cannot be made.
pub fn create(
    picked: Vec<String>,
    samples: &str,
    seed: u64,
    key: u64,
    pack: &Pack,
    base: &str,
) -> Result<Links, String> {
    let samples = samples.trim().parse::<usize>().unwrap_or(0);
    let set = ClassSet::new(picked, samples, seed, pack)?.with_teacher_key(key);
    Ok(Links {
        student: set.student_link(base),
        teacher: format!("{base}{TEACHER_PREFIX}{}", set.teacher_body(key)),
    })
}

/// The check of a teacher's key that the students' link carries.
fn key_check(key: u64) -> String {
    hex32(format!("teacher\n{key}").as_bytes())
}

/// What the presenter view calls a student who gave no name, or when names are off: "Student 3F2A", from the
/// key in their code, so that the student sees the same label on their own page.
pub fn anonymous_label(key: u64) -> String {
    let mut h = Fnv1a::default();
    h.write(&key.to_le_bytes());
    format!("Student {:04X}", h.finish() >> 48)
}

/// FNV-1a folded to 32 bits, as eight lowercase hex digits.
fn hex32(bytes: &[u8]) -> String {
    let mut h = Fnv1a::default();
    h.write(bytes);
    let x = h.finish();
    format!("{:08x}", (x ^ (x >> 32)) as u32)
}

/// The type-7 5%, 50% and 95% of ln samples, in the question's unit.
fn quantiles(s: &LogSamples) -> Quantiles {
    Quantiles {
        p5: libm::exp(s.quantile(0.05)),
        p50: libm::exp(s.median()),
        p95: libm::exp(s.quantile(0.95)),
    }
}

/// What a student hands in: an optional name, a random key that tells two hand-ins of one student apart from two
/// students, and one answer per question of the class set, in its order (`None`: "don't know", left out of the
/// student's figures and the crowd).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandIn {
    pub name: String,
    pub key: u64,
    pub answers: Vec<Option<Answer>>,
}

/// The code's JSON, with short keys: the class id, the key, the name, and each answer as `["q", low, high]`,
/// `["s", program]`, `["f", program]` or `["b"]` ("don't know").
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CodeWire {
    c: String,
    k: u64,
    n: String,
    a: Vec<Vec<String>>,
}

impl HandIn {
    /// The code: [`CODE_PREFIX`], the compressed answers, a dot, and a checksum of everything before it.
    pub fn encode(&self, set: &ClassSet) -> String {
        let answers = self
            .answers
            .iter()
            .map(|a| match a {
                Some(Answer::Quick(b)) => vec!["q".into(), b.low.clone(), b.high.clone()],
                Some(Answer::Program(p)) => {
                    let kind = if p.dialect == Dialect::Fermi {
                        "f"
                    } else {
                        "s"
                    };
                    vec![kind.into(), p.source.clone()]
                }
                None => vec!["b".into()],
            })
            .collect();
        let wire = CodeWire {
            c: set.id(),
            k: self.key,
            n: self.name.trim().to_string(),
            a: answers,
        };
        let head = format!(
            "{CODE_PREFIX}{}",
            compress(&serde_json::to_string(&wire).unwrap_or_default())
        );
        format!("{head}.{}", hex32(head.as_bytes()))
    }

    /// The hand-in this browser kept (`kept`, its code) if it is one for `set`, else a fresh one: no name, `key`,
    /// and every answer a blank quick one.
    pub fn resume(kept: Option<&str>, set: &ClassSet, key: u64) -> HandIn {
        let fresh = || HandIn {
            name: String::new(),
            key,
            answers: vec![Some(Answer::quick("", "")); set.questions.len()],
        };
        kept.and_then(|code| HandIn::decode(code, set).ok())
            .unwrap_or_else(fresh)
    }

    /// The file the code is saved as: named by the nickname, else by the anonymous label.
    pub fn file_name(&self, set: &ClassSet) -> String {
        let who = match self.name.trim() {
            "" => anonymous_label(self.key),
            name => name.to_string(),
        };
        set.file_name(&who, "txt")
    }

    /// A code back to a hand-in for `set`, checked whole: its checksum, its class, its name and one answer in a
    /// known form per question. Does not run the answers (see [`Class::results`]).
    pub fn decode(code: &str, set: &ClassSet) -> Result<HandIn, String> {
        let code = code.trim();
        if code.len() > MAX_CODE_BYTES {
            return Err("too long for a class code".into());
        }
        let Some(rest) = code.strip_prefix(CODE_PREFIX) else {
            return Err(format!(
                "not a class code (class codes start with {CODE_PREFIX})"
            ));
        };
        let (body, sum) = rest
            .rsplit_once('.')
            .ok_or("the code is cut short: its checksum is missing")?;
        let head = &code[..CODE_PREFIX.len() + body.len()];
        if !sum.eq_ignore_ascii_case(&hex32(head.as_bytes())) {
            return Err(
                "its checksum does not match: part of the code was lost or changed in copying"
                    .into(),
            );
        }
        let json = decompress(body).ok_or("it does not decompress")?;
        let wire: CodeWire =
            serde_json::from_str(&json).map_err(|_| "its fields are wrong".to_string())?;
        if wire.c != set.id() {
            return Err("it belongs to another class set".into());
        }
        let name = wire.n.trim();
        if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
            return Err(format!(
                "its name is over {MAX_NAME_CHARS} characters or holds control characters"
            ));
        }
        if wire.a.len() != set.questions.len() {
            return Err(format!(
                "it holds {} answers for {} questions",
                wire.a.len(),
                set.questions.len()
            ));
        }
        let answers = wire
            .a
            .into_iter()
            .enumerate()
            .map(|(i, parts)| {
                if parts.iter().map(String::len).sum::<usize>() > MAX_SOURCE_BYTES {
                    return Err(format!("question {}: the answer is too long", i + 1));
                }
                let mut parts = parts.into_iter();
                let answer = match (parts.next().as_deref(), parts.next(), parts.next()) {
                    (Some("b"), None, None) => None,
                    (Some("q"), Some(low), Some(high)) => Some(Answer::quick(low, high)),
                    (Some(kind @ ("s" | "f")), Some(source), None) => Some(Answer::written(
                        if kind == "f" {
                            Dialect::Fermi
                        } else {
                            Dialect::Squiggle
                        },
                        source,
                    )),
                    _ => return Err(format!("question {}: the answer's form is unknown", i + 1)),
                };
                match parts.next() {
                    None => Ok(answer),
                    Some(_) => Err(format!("question {}: the answer's form is unknown", i + 1)),
                }
            })
            .collect::<Result<Vec<Option<Answer>>, String>>()?;
        Ok(HandIn {
            name: name.to_string(),
            key: wire.k,
            answers,
        })
    }
}

/// A question of the class, with its truth (fitted once, when the teacher's page opens).
#[derive(Clone, Debug)]
pub struct ClassQuestion {
    pub id: String,
    pub text: String,
    pub unit: String,
    pub topic: String,
    pub truth: FittedTruth,
    log: LogTruth,
}

/// The teacher's side of a class set: its questions and their truths.
#[derive(Clone, Debug)]
pub struct Class {
    pub set: ClassSet,
    pub questions: Vec<ClassQuestion>,
}

/// One student's scored answer.
#[derive(Clone, Debug, PartialEq)]
pub struct StudentAnswer {
    pub format: Format,
    pub program: String,
    pub quantiles: Quantiles,
    pub score: ItemScore,
    grid: AnswerQuantiles,
}

/// A code that was taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Student {
    /// The key of their code: what tells them apart, and what leaving them out of the crowd names.
    pub key: u64,
    /// The nickname given, or [`Student::anonymous`].
    pub label: String,
    /// "Student 3F2A" ([`anonymous_label`]), which the student sees on their own page: what the presenter view
    /// shows while names are off.
    pub anonymous: String,
    /// One per question; `None` where they answered "don't know".
    pub answers: Vec<Option<StudentAnswer>>,
    /// Whether their answers count in the crowd (the teacher can leave a student out).
    pub in_crowd: bool,
}

impl Student {
    /// The label shown: the nickname only when the teacher turns names on.
    pub fn shown(&self, names: bool) -> &str {
        if names { &self.label } else { &self.anonymous }
    }

    fn scores(&self) -> Vec<ItemScore> {
        self.answers.iter().flatten().map(|a| a.score).collect()
    }
}

/// What the teacher has chosen for a round: who is left out of the crowd.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Keys of the students left out of the crowd.
    pub left_out: BTreeSet<u64>,
}

/// A code that was not taken, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// Its place among the codes given, from 1.
    pub position: usize,
    /// Its first and last characters, to find it by (codes of one class share their first ones).
    pub excerpt: String,
    pub why: String,
    pub duplicate: bool,
}

/// The rules a class is ranked by, Cramér-log first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassRule {
    CramerLog,
    CrpsLog,
    LogScore,
    Winkler90,
    FpScore,
    Covered90,
    OrderOfMagnitude,
}

impl ClassRule {
    pub const ALL: [ClassRule; 7] = [
        ClassRule::CramerLog,
        ClassRule::CrpsLog,
        ClassRule::LogScore,
        ClassRule::Winkler90,
        ClassRule::FpScore,
        ClassRule::Covered90,
        ClassRule::OrderOfMagnitude,
    ];

    /// Its row of the rule table: name, orientation and words.
    pub fn id(self) -> RuleId {
        match self {
            ClassRule::CramerLog => RuleId::CramerLog,
            ClassRule::CrpsLog => RuleId::CrpsLog,
            ClassRule::LogScore => RuleId::LogScore,
            ClassRule::Winkler90 => RuleId::Winkler90,
            ClassRule::FpScore => RuleId::FpScore,
            ClassRule::Covered90 => RuleId::HitRate90,
            ClassRule::OrderOfMagnitude => RuleId::OrderOfMagnitude,
        }
    }

    pub fn name(self) -> &'static str {
        self.id().name()
    }

    /// How the rule's column is read: what the number is over a student's answers, and which way is better.
    pub fn reading(self) -> String {
        let what = match self {
            ClassRule::CramerLog | ClassRule::CrpsLog | ClassRule::Winkler90 => {
                "mean over the questions, nats"
            }
            ClassRule::LogScore => "mean log density at the truth, nats",
            ClassRule::FpScore => "mean, 0 to 1",
            ClassRule::Covered90 => "questions whose truth's median fell inside the 90% interval",
            ClassRule::OrderOfMagnitude => "questions with the median within half a decade",
        };
        format!("{what}; {}", self.id().orientation().label())
    }

    /// The board's caption: the rule's name and how its column is read.
    pub fn caption(self) -> String {
        format!("{}: {}", self.name(), self.reading())
    }

    /// Counted rules add up hits; the others average.
    fn counts(self) -> bool {
        matches!(self, ClassRule::Covered90 | ClassRule::OrderOfMagnitude)
    }

    /// The rule's value on one answer (hits as 1 or 0); `None` where it is undefined.
    fn value(self, s: &ItemScore) -> Option<f64> {
        let hit = |b: bool| f64::from(u8::from(b));
        match self {
            ClassRule::CramerLog => Some(s.cramer_log),
            ClassRule::CrpsLog => Some(s.crps_log),
            ClassRule::LogScore => s.log_score,
            ClassRule::Winkler90 => Some(s.winkler90),
            ClassRule::FpScore => Some(s.fp_score),
            ClassRule::Covered90 => Some(hit(s.covered90)),
            ClassRule::OrderOfMagnitude => Some(hit(s.oom_hit)),
        }
    }

    /// Over a student's answered questions: the sum for counted rules, else the mean; `None` if any answer's is
    /// undefined or nothing was answered.
    fn total(self, scores: &[ItemScore]) -> Option<f64> {
        let values: Option<Vec<f64>> = scores.iter().map(|s| self.value(s)).collect();
        let values = values.filter(|v| !v.is_empty())?;
        let sum: f64 = values.iter().sum();
        Some(if self.counts() {
            sum
        } else {
            sum / values.len() as f64
        })
    }

    fn shown(self, value: Option<f64>, answered: usize) -> String {
        match value {
            None => "undefined".into(),
            Some(v) if self.counts() => format!("{v} of {answered}"),
            Some(v) if self == ClassRule::FpScore => format!("{v:.3}"),
            Some(v) => format_nats(v),
        }
    }

    /// True when `a` is strictly better than `b` under this rule (an undefined value is worse than any other).
    fn better(self, a: Option<f64>, b: Option<f64>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => self.id().orientation().better(a, b),
            (Some(_), None) => true,
            _ => false,
        }
    }

    /// Competition ranks ("1224"): one plus the number of values strictly better.
    fn ranks(self, values: &[Option<f64>]) -> Vec<usize> {
        values
            .iter()
            .map(|&v| 1 + values.iter().filter(|&&w| self.better(w, v)).count())
            .collect()
    }
}

/// One student's line on a rule's board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardLine {
    /// Index into [`Results::students`].
    pub student: usize,
    pub value: Option<f64>,
    pub shown: String,
    pub rank: usize,
    /// Places gained against the Cramér-log board (negative: lost).
    pub change: i64,
    /// "▲ 2", "▼ 1", "=" (empty on the Cramér-log board itself).
    pub change_shown: String,
}

/// The crowd's line on a rule's board: its value and where it would rank among the students.
#[derive(Clone, Debug, PartialEq)]
pub struct CrowdLine {
    pub shown: String,
    pub would_rank: usize,
    /// "better than 2 of 3 students"
    pub against: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RuleBoard {
    pub rule: ClassRule,
    /// Best first (ties in hand-in order).
    pub lines: Vec<BoardLine>,
    pub crowd: Option<CrowdLine>,
}

/// The crowd on one question: the median of the answering students' log-quantiles (robust to one wild answer),
/// scored as a quick answer through its 5% and 95%, against each student and the truth; the geometric mean of
/// their quantiles beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct CrowdRow {
    pub question: usize,
    pub crowd: Quantiles,
    /// The geometric mean of the same students' quantiles (the average of their log-quantiles).
    pub geometric: Quantiles,
    /// How many answers it is made of (students in the crowd who answered the question).
    pub answers: usize,
    pub truth: Quantiles,
    pub score: Option<ItemScore>,
    /// "better than 2 of 3 students on Cramér-log"
    pub against: String,
}

/// Everything the teacher's page shows for the codes given.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    pub students: Vec<Student>,
    pub rejected: Vec<Rejected>,
    /// Lines of the pasted text that held no code (a chat transcript's other lines).
    pub ignored_lines: usize,
    /// One per [`ClassRule::ALL`], in that order; empty without students.
    pub boards: Vec<RuleBoard>,
    pub crowd: Vec<CrowdRow>,
    /// The class's calibration in words: the median student's coverage and advice, then every answer pooled;
    /// empty without students.
    pub calibration: Vec<String>,
    pub calibration_figures: Option<Calibration>,
}

/// A code's first 12 and last 9 characters ("FC1.N4IgxiBc….1a2b3c4d"), or all of a short one.
fn excerpt(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    if chars.len() <= 24 {
        return code.to_string();
    }
    let head: String = chars[..12].iter().collect();
    let tail: String = chars[chars.len() - 9..].iter().collect();
    format!("{head}…{tail}")
}

/// "better than 2 of 3 students"
fn against(beaten: usize, of: usize) -> String {
    format!(
        "better than {beaten} of {of} student{}",
        if of == 1 { "" } else { "s" }
    )
}

impl Class {
    /// Fits the truth of every question of `set` from `pack` (10⁶ samples each, for a distribution truth).
    pub fn new(set: ClassSet, pack: &Pack) -> Result<Class, String> {
        let mut fitting = Fitting::new(set);
        while !fitting.step(pack)? {}
        Ok(fitting.finish())
    }

    /// Scores every answer of a hand-in ("don't know" as `None`); why not, for the first answer that does not
    /// run.
    fn score(&self, hand_in: &HandIn) -> Result<Vec<Option<StudentAnswer>>, String> {
        hand_in
            .answers
            .iter()
            .zip(&self.questions)
            .enumerate()
            .map(|(i, (answer, q))| {
                let Some(answer) = answer else {
                    return Ok(None);
                };
                let samples = self
                    .set
                    .run(i, answer)
                    .map_err(|why| format!("question {}: {why}", i + 1))?;
                let program = answer.program().map_err(|why| why.message())?;
                Ok(Some(StudentAnswer {
                    format: Format::of(answer),
                    program: program.source,
                    quantiles: quantiles(&samples),
                    score: ItemScore::from_report(&Report::new(&samples, &q.log)),
                    grid: AnswerQuantiles::of(&samples),
                }))
            })
            .collect()
    }

    /// [`Class::results_with`] with every student in the crowd.
    pub fn results(&self, text: &str) -> Results {
        self.results_with(text, &Options::default())
    }

    /// Takes the codes in `text` ([`take_codes`]: anywhere in a line, so a chat transcript can be pasted whole)
    /// in order: each is decoded and scored, or listed with why not; a second code from the same student (the
    /// same key) is a duplicate, and the first one counts.
    pub fn results_with(&self, text: &str, options: &Options) -> Results {
        let intake = take_codes(text);
        let mut students: Vec<Student> = Vec::new();
        let mut rejected = Vec::new();
        let mut keys: HashMap<u64, usize> = HashMap::new();
        for (i, code) in intake.codes.iter().enumerate() {
            let mut reject = |why: String, duplicate: bool| {
                rejected.push(Rejected {
                    position: i + 1,
                    excerpt: excerpt(code),
                    why,
                    duplicate,
                });
            };
            if students.len() >= MAX_CODES {
                reject(
                    format!("over {MAX_CODES} codes: start another class set"),
                    false,
                );
                continue;
            }
            let scored = HandIn::decode(code, &self.set)
                .and_then(|h| self.score(&h).map(|answers| (h, answers)));
            match scored {
                Err(why) => reject(why, false),
                Ok((h, _)) if keys.contains_key(&h.key) => {
                    let first = &students[keys[&h.key]].label;
                    reject(
                        format!("a second code from {first}: the first one counts"),
                        true,
                    );
                }
                Ok((h, answers)) => {
                    keys.insert(h.key, students.len());
                    let mut anonymous = anonymous_label(h.key);
                    // Two keys that share a label (1 in 65,536 per pair) get a letter each after the first.
                    let mut suffix = b'b';
                    while students.iter().any(|s| s.anonymous == anonymous) {
                        anonymous = format!("{} {}", anonymous_label(h.key), suffix as char);
                        suffix += 1;
                    }
                    students.push(Student {
                        key: h.key,
                        label: if h.name.is_empty() {
                            anonymous.clone()
                        } else {
                            h.name
                        },
                        anonymous,
                        answers,
                        in_crowd: !options.left_out.contains(&h.key),
                    });
                }
            }
        }
        let crowd = self.crowd(&students);
        let boards = if students.is_empty() {
            Vec::new()
        } else {
            self.boards(&students, &crowd)
        };
        let (calibration, figures) = self.calibration(&students);
        Results {
            students,
            rejected,
            ignored_lines: intake.ignored_lines,
            boards,
            crowd,
            calibration,
            calibration_figures: figures,
        }
    }

    fn crowd(&self, students: &[Student]) -> Vec<CrowdRow> {
        self.questions
            .iter()
            .enumerate()
            .filter_map(|(i, q)| {
                let theirs: Vec<Quantiles> = students
                    .iter()
                    .filter(|s| s.in_crowd)
                    .filter_map(|s| s.answers[i].as_ref().map(|a| a.quantiles))
                    .collect();
                let crowd = median_crowd(&theirs)?;
                let geometric = class_crowd(&theirs)?;
                let answer = Answer::quick(format!("{:e}", crowd.p5), format!("{:e}", crowd.p95));
                let score = self
                    .set
                    .run(i, &answer)
                    .ok()
                    .map(|s| ItemScore::from_report(&Report::new(&s, &q.log)));
                let answered: Vec<f64> = students
                    .iter()
                    .filter_map(|s| s.answers[i].as_ref().map(|a| a.score.cramer_log))
                    .collect();
                let beaten = score.map_or(0, |c| {
                    answered.iter().filter(|&&v| c.cramer_log < v).count()
                });
                Some(CrowdRow {
                    question: i,
                    crowd,
                    geometric,
                    answers: theirs.len(),
                    truth: Quantiles {
                        p5: q.truth.p5(),
                        p50: q.truth.median(),
                        p95: q.truth.p95(),
                    },
                    score,
                    against: format!(
                        "{} on {}",
                        against(beaten, answered.len()),
                        ClassRule::CramerLog.name()
                    ),
                })
            })
            .collect()
    }

    fn boards(&self, students: &[Student], crowd: &[CrowdRow]) -> Vec<RuleBoard> {
        let n = self.questions.len();
        let scores: Vec<Vec<ItemScore>> = students.iter().map(Student::scores).collect();
        // The crowd counts only when it could be scored on every question.
        let crowd_scores: Option<Vec<ItemScore>> = (crowd.len() == n)
            .then(|| crowd.iter().map(|c| c.score).collect())
            .flatten();
        let primary = ClassRule::CramerLog.ranks(
            &scores
                .iter()
                .map(|s| ClassRule::CramerLog.total(s))
                .collect::<Vec<_>>(),
        );
        ClassRule::ALL
            .iter()
            .map(|&rule| {
                let values: Vec<Option<f64>> = scores.iter().map(|s| rule.total(s)).collect();
                let ranks = rule.ranks(&values);
                let mut lines: Vec<BoardLine> = values
                    .iter()
                    .zip(&ranks)
                    .enumerate()
                    .map(|(student, (&value, &rank))| {
                        let change = primary[student] as i64 - rank as i64;
                        let change_shown = match change {
                            _ if rule == ClassRule::CramerLog => String::new(),
                            0 => "=".into(),
                            c if c > 0 => format!("▲ {c}"),
                            c => format!("▼ {}", -c),
                        };
                        BoardLine {
                            student,
                            value,
                            shown: rule.shown(value, scores[student].len()),
                            rank,
                            change,
                            change_shown,
                        }
                    })
                    .collect();
                lines.sort_by_key(|l| (l.rank, l.student));
                let crowd = crowd_scores.as_deref().map(|c| {
                    let value = rule.total(c);
                    let beaten = values.iter().filter(|&&v| rule.better(value, v)).count();
                    CrowdLine {
                        shown: rule.shown(value, n),
                        would_rank: 1 + values.iter().filter(|&&v| rule.better(v, value)).count(),
                        against: against(beaten, values.len()),
                    }
                });
                RuleBoard { rule, lines, crowd }
            })
            .collect()
    }

    /// What calibration reads of one student's answers (or of everyone's, pooled).
    fn history<'a>(&self, students: impl IntoIterator<Item = &'a Student>) -> Vec<Answered> {
        students
            .into_iter()
            .flat_map(|s| s.answers.iter().zip(&self.questions))
            .filter_map(|(a, q)| a.as_ref().map(|a| (a, q)))
            .enumerate()
            .map(|(time, (a, q))| Answered {
                answer: a.grid,
                truth: TruthQuantiles::of(&q.log),
                cramer: a.score.cramer_log,
                topic: q.topic.clone(),
                time: time as f64,
            })
            .collect()
    }

    /// The median student's calibration and advice (one over-confident student cannot move it), then every
    /// answer pooled, figures only.
    fn calibration(&self, students: &[Student]) -> (Vec<String>, Option<Calibration>) {
        let pooled = self.history(students);
        if pooled.is_empty() {
            return (Vec::new(), None);
        }
        // Students ordered by their 90% intervals' hit share; the median one speaks for the class.
        let mut each: Vec<(f64, Calibration)> = students
            .iter()
            .map(|s| {
                let history = self.history([s]);
                let c = calibration(&history, history.len());
                let ninety = &c.overall.coverage[2];
                let share = if ninety.count == 0 {
                    f64::NAN
                } else {
                    ninety.hits as f64 / ninety.count as f64
                };
                (share, c)
            })
            .filter(|(share, _)| share.is_finite())
            .collect();
        each.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut lines = Vec::new();
        if let Some((_, median)) = each.get((each.len().max(1) - 1) / 2) {
            lines.push(format!(
                "The median student (of {}, by how often their 90% intervals held the truth):",
                each.len()
            ));
            lines.push(coverage_line(&median.overall.coverage[2]));
            lines.extend(
                median
                    .advice
                    .iter()
                    .map(|a| format!("Advice for the class: {a}")),
            );
        }
        let c = calibration(&pooled, pooled.len());
        lines.push("Every answer pooled:".to_string());
        lines.extend(c.overall.coverage.iter().map(coverage_line));
        let bias = &c.overall.bias;
        lines.push(format!(
            "Medians above the truth: {}; below it: {}.",
            bias.high, bias.low
        ));
        if let Some(w) = c.overall.width_decades {
            lines.push(format!(
                "The median 90% interval spans {w:.2} decades (a factor of {}).",
                fermi_num::format_readable(libm::pow(10.0, w))
            ));
        }
        lines.extend(c.advice.iter().map(|a| format!("Pooled advice: {a}")));
        (lines, Some(c))
    }

    /// Every student's 90% interval on question `index`, sorted by median, against the truth: the per-question
    /// view for discussion. Each row's places along a shared log axis (0 to 1) are given, so the page only draws.
    pub fn intervals(&self, results: &Results, index: usize, names: bool) -> Option<Intervals> {
        let q = self.questions.get(index)?;
        let truth = Quantiles {
            p5: q.truth.p5(),
            p50: q.truth.median(),
            p95: q.truth.p95(),
        };
        let mut rows: Vec<IntervalRow> = results
            .students
            .iter()
            .filter_map(|s| {
                let a = s.answers.get(index)?.as_ref()?;
                Some(IntervalRow {
                    who: s.shown(names).to_string(),
                    quantiles: a.quantiles,
                    holds_truth: a.score.covered90,
                    at: [0.0; 3],
                })
            })
            .collect();
        rows.sort_by(|a, b| a.quantiles.p50.total_cmp(&b.quantiles.p50));
        let ends = rows
            .iter()
            .flat_map(|r| [r.quantiles.p5, r.quantiles.p95])
            .chain([truth.p5, truth.p95])
            .filter(|v| v.is_finite() && *v > 0.0)
            .map(libm::log);
        let (lo, hi) = ends.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
        let span = (hi - lo).max(1e-12);
        let place = |q: &Quantiles| [q.p5, q.p50, q.p95].map(|v| (libm::log(v) - lo) / span);
        for row in &mut rows {
            row.at = place(&row.quantiles);
        }
        Some(Intervals {
            question: index,
            truth_at: place(&truth),
            truth,
            axis: (libm::exp(lo), libm::exp(hi)),
            rows,
        })
    }
}

/// One student's interval on a question, for the per-question view.
#[derive(Clone, Debug, PartialEq)]
pub struct IntervalRow {
    pub who: String,
    pub quantiles: Quantiles,
    /// The truth's median lies inside their 90% interval.
    pub holds_truth: bool,
    /// Where their 5%, 50% and 95% fall along the view's log axis, 0 to 1.
    pub at: [f64; 3],
}

/// Every student's interval on one question, sorted by median, with the truth.
#[derive(Clone, Debug, PartialEq)]
pub struct Intervals {
    pub question: usize,
    pub rows: Vec<IntervalRow>,
    pub truth: Quantiles,
    pub truth_at: [f64; 3],
    /// The axis's ends, in the question's unit.
    pub axis: (f64, f64),
}

/// The class builder's list: the pack's questions whose text holds `needle` (any case; all for an empty one).
pub fn findable<'p>(pack: &'p Pack, needle: &str) -> Vec<&'p fermi_bank::Question> {
    let needle = needle.to_lowercase();
    pack.questions
        .iter()
        .filter(|q| needle.is_empty() || q.text.to_lowercase().contains(&needle))
        .collect()
}

/// Picks question `id`, or unpicks it when picked (the order picked is the order asked).
pub fn toggle_pick(picked: &mut Vec<String>, id: &str) {
    match picked.iter().position(|x| x == id) {
        Some(i) => {
            picked.remove(i);
        }
        None => picked.push(id.to_string()),
    }
}

/// "3 questions picked (at most 20); they are asked in the order picked."
pub fn picked_words(picked: usize) -> String {
    format!(
        "{} picked (at most {MAX_QUESTIONS}); they are asked in the order picked.",
        fermi_num::count(picked, "question")
    )
}

/// A class whose truths are fitted one question at a time, so that a page can paint between fits (each takes
/// 10⁶ samples for a distribution truth); [`Class::new`] fits them all at once.
#[derive(Debug)]
pub struct Fitting {
    set: ClassSet,
    questions: Vec<ClassQuestion>,
}

impl Fitting {
    pub fn new(set: ClassSet) -> Fitting {
        Fitting {
            set,
            questions: Vec::new(),
        }
    }

    /// Fits the next question from `pack`: `Ok(true)` once every question is fitted, `Err` why the set cannot
    /// be scored.
    pub fn step(&mut self, pack: &Pack) -> Result<bool, String> {
        let Some(id) = self.set.questions.get(self.questions.len()) else {
            return Ok(true);
        };
        let q = pack
            .question(id)
            .ok_or_else(|| format!("question `{id}` is not in the pack"))?;
        let truth = fit_truth(q).map_err(|p| format!("{id}: {}", p.diagnostic.message))?;
        let log = LogTruth::new(&truth.to_truth()).map_err(|e| format!("{id}: {e}"))?;
        self.questions.push(ClassQuestion {
            id: id.clone(),
            text: q.text.clone(),
            unit: q.unit.clone(),
            topic: q.topics.first().map_or("", |t| t.as_str()).to_string(),
            truth,
            log,
        });
        Ok(self.questions.len() == self.set.questions.len())
    }

    /// Questions fitted so far, of how many.
    pub fn progress(&self) -> (usize, usize) {
        (self.questions.len(), self.set.questions.len())
    }

    /// The class, once [`Fitting::step`] said every question is fitted.
    pub fn finish(self) -> Class {
        Class {
            set: self.set,
            questions: self.questions,
        }
    }
}

impl Rejected {
    /// "Duplicate" (the same student again) or "Not taken".
    fn kind(&self) -> &'static str {
        if self.duplicate {
            "Duplicate"
        } else {
            "Not taken"
        }
    }

    /// "Duplicate: code 4", "Not taken: code 2"
    pub fn label(&self) -> String {
        format!("{}: code {}", self.kind(), self.position)
    }
}

impl CrowdRow {
    /// The question's line above the crowd's row: "2. How many …", and " (head; 3 answers)" in its unit.
    pub fn heading(&self, class: &Class) -> (String, String) {
        let q = &class.questions[self.question];
        (
            format!("{}. {}", self.question + 1, q.text),
            format!(
                " ({}; {})",
                q.unit,
                fermi_num::count(self.answers, "answer")
            ),
        )
    }

    /// The crowd's Cramér-log on the question, as the board prints nats; `None` when it could not be scored.
    pub fn score_words(&self) -> Option<String> {
        self.score.map(|s| format_nats(s.cramer_log))
    }

    /// The geometric mean's quantiles beside the crowd's, in the question's unit.
    pub fn geometric_words(&self, unit: &str) -> String {
        let scale = fermi_bank::UnitScale::of(unit);
        format!(
            "geometric mean: {} · {} · {}",
            scale.format(self.geometric.p5),
            scale.format(self.geometric.p50),
            scale.format(self.geometric.p95)
        )
    }
}

impl Intervals {
    /// Where an interval is drawn (`at`: its 5%, 50% and 95% along the axis), as CSS: from its 5% to its 95%, and
    /// at least 0.4% wide so that a point still shows.
    pub fn bar(at: [f64; 3]) -> String {
        format!(
            "left: {:.2}%; width: {:.2}%",
            100.0 * at[0],
            (100.0 * (at[2] - at[0])).max(0.4)
        )
    }

    /// Where an interval's median tick is drawn, as CSS.
    pub fn tick(at: [f64; 3]) -> String {
        format!("left: {:.2}%", 100.0 * at[1])
    }

    /// The axis's ends in the question's unit: "1,000 … 1 million on a log axis; sorted by median."
    pub fn axis_words(&self, unit: &str) -> String {
        let scale = fermi_bank::UnitScale::of(unit);
        format!(
            "{} … {} on a log axis; sorted by median.",
            scale.format(self.axis.0),
            scale.format(self.axis.1)
        )
    }
}

impl Results {
    /// How many codes were taken, and how many pasted lines held none.
    pub fn taken_words(&self) -> String {
        let ignored = if self.ignored_lines == 0 {
            String::new()
        } else {
            format!(
                " {} without a code ignored.",
                fermi_num::count(self.ignored_lines, "line")
            )
        };
        format!(
            "{} taken.{ignored}",
            fermi_num::count(self.students.len(), "code")
        )
    }

    /// Before the reveal: who handed in, and that nothing else is shown yet.
    pub fn hidden_words(&self) -> String {
        format!(
            "{} handed in. Ranks, scores and counts stay hidden until you reveal the results.",
            fermi_num::count(self.students.len(), "student")
        )
    }

    /// "2 codes not taken"
    pub fn rejected_words(&self) -> String {
        format!(
            "{} not taken",
            fermi_num::count(self.rejected.len(), "code")
        )
    }

    /// What Start over asks before it forgets the codes.
    pub fn start_over_words(&self) -> String {
        format!(
            "Forget all {}? The board, the crowd and who is left out are cleared (you can undo it).",
            fermi_num::count(self.students.len(), "code")
        )
    }

    /// Students in label order (what the presenter view lists before anything is revealed: no ranks, no
    /// scores, so a row says only who handed in).
    pub fn roster(&self, names: bool) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.students.len()).collect();
        order.sort_by(|&a, &b| {
            self.students[a]
                .shown(names)
                .to_lowercase()
                .cmp(&self.students[b].shown(names).to_lowercase())
        });
        order
    }
}

/// "90% intervals held the truth in 5 of 9 answers (56%; 90% range 30–79%): too narrow."
fn coverage_line(c: &Coverage) -> String {
    let percent = |x: f64| format!("{:.0}%", 100.0 * x);
    let share = if c.count == 0 {
        0.0
    } else {
        c.hits as f64 / c.count as f64
    };
    let verdict = match c.verdict {
        Verdict::TooFew => "too few answers to tell",
        Verdict::Below => "too narrow",
        Verdict::Consistent => "about right",
        Verdict::Above => "too wide",
    };
    format!(
        "{}% intervals held the truth in {} of {} answers ({}; 90% range {}–{}): {verdict}.",
        c.percent,
        c.hits,
        c.count,
        percent(share),
        percent(c.interval[0]),
        percent(c.interval[1])
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const TREES: &str = "trees-on-earth-2015";
    const LIVESTOCK: &str = "mongolia-livestock-2022";

    fn pack() -> Pack {
        fermi_bank::builtin()
    }

    fn set() -> ClassSet {
        ClassSet::new(vec![TREES.into(), LIVESTOCK.into()], 2_000, 42, &pack()).unwrap()
    }

    fn quick(low: &str, high: &str) -> Option<Answer> {
        Some(Answer::quick(low, high))
    }

    fn program(format: Format, source: &str) -> Option<Answer> {
        Some(Answer::written(format.dialect(), source))
    }

    fn hand_in(name: &str, key: u64, answers: Vec<Option<Answer>>) -> HandIn {
        HandIn {
            name: name.into(),
            key,
            answers,
        }
    }

    /// A code whose JSON is `json`, sealed with a right checksum (to reach the checks after it).
    fn sealed(json: &str) -> String {
        let head = format!("{CODE_PREFIX}{}", compress(json));
        format!("{head}.{}", hex32(head.as_bytes()))
    }

    #[test]
    fn fragments_name_the_class_pages() {
        let cases = [
            ("#class", Some((Page::Create, ""))),
            ("#class=abc", Some((Page::Student, "abc"))),
            ("#class-teacher=abc", Some((Page::Teacher, "abc"))),
            ("#classes", None),
            ("#lab", None),
            ("", None),
        ];
        for (fragment, expected) in cases {
            assert_eq!(page(fragment), expected, "{fragment}");
        }
    }

    #[test]
    fn an_address_opens_a_class_page_or_says_why_the_link_is_damaged() {
        let p = pack();
        let s = set().with_teacher_key(5);
        let damaged = |why: &str| {
            Some(Opened::Damaged(format!(
                "This class link is damaged ({why}); ask for the link again."
            )))
        };
        let cases = [
            ("#class".to_string(), Some(Opened::Create)),
            (
                format!("#class={}", s.body()),
                Some(Opened::Student(s.clone())),
            ),
            (
                format!("#class-teacher={}", s.teacher_body(5)),
                Some(Opened::Teacher(s.clone())),
            ),
            (
                "#class=nonsense".to_string(),
                damaged("it does not decompress"),
            ),
            (
                "#class-teacher=".to_string(),
                damaged("its fields are wrong"),
            ),
            // The students' link made a teacher's address lacks the key.
            (
                format!("#class-teacher={}", s.body()),
                ClassSet::from_teacher_body(&s.body(), &p)
                    .err()
                    .map(Opened::Damaged),
            ),
            ("#lab".to_string(), None),
        ];
        for (fragment, opened) in cases {
            assert_eq!(open(&fragment, &p), opened, "{fragment}");
        }
    }

    #[test]
    fn a_class_link_round_trips_and_is_short() {
        let s = set();
        let body = s.body();
        assert!(body.len() < 120, "{body}");
        assert!(
            body.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-$".contains(c)),
            "{body}"
        );
        assert_eq!(ClassSet::from_body(&body, &pack()), Ok(s.clone()));
        assert_eq!(s.id().len(), 8);
        // The seed is per question and per class.
        assert_ne!(s.item_seed(TREES), s.item_seed(LIVESTOCK));
        let other = ClassSet {
            seed: 43,
            ..s.clone()
        };
        assert_ne!(other.item_seed(TREES), s.item_seed(TREES));
        assert_ne!(other.id(), s.id());
    }

    #[test]
    fn bad_class_sets_and_links_are_refused_with_a_reason() {
        let p = pack();
        let new = |q: &[&str], n: usize| {
            ClassSet::new(q.iter().map(|s| s.to_string()).collect(), n, 1, &p).unwrap_err()
        };
        let many: Vec<String> = p.questions.iter().take(21).map(|q| q.id.clone()).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let cases = [
            (new(&[], 2_000), "at least one"),
            (
                new(&["no-such-question"], 2_000),
                "not in the built-in pack",
            ),
            (new(&[TREES, TREES], 2_000), "listed twice"),
            (new(&[TREES], 999), "999 samples"),
            (new(&[TREES], 100_001), "100001 samples"),
            (new(&many, 2_000), "at most 20"),
        ];
        for (message, expected) in cases {
            assert!(message.contains(expected), "{message}");
        }
        let links = [
            "%%%".to_string(),
            "A".repeat(5_000),
            compress("not json"),
            compress(r#"{"v":1,"q":["trees-on-earth-2015"],"n":2000,"s":1,"x":0}"#),
            compress(r#"{"v":2,"q":["trees-on-earth-2015"],"n":2000,"s":1}"#),
            compress(r#"{"v":1,"q":["nope"],"n":2000,"s":1}"#),
            compress(r#"{"v":1,"q":["trees-on-earth-2015"],"n":5,"s":1}"#),
        ];
        for link in &links {
            let message = ClassSet::from_body(link, &p).unwrap_err();
            assert!(message.contains("damaged"), "{message}");
        }
    }

    /// A sealed body that lz-string cannot decompress.
    fn undecompressable() -> String {
        let candidates = ["", "%", "$", "9", "zz", "---", "Q", "C"];
        let body = candidates
            .iter()
            .find(|b| decompress(b).is_none())
            .expect("one candidate fails");
        let head = format!("{CODE_PREFIX}{body}");
        format!("{head}.{}", hex32(head.as_bytes()))
    }

    #[test]
    fn a_code_round_trips_is_short_and_pastes_as_one_word() {
        let s = set();
        let h = hand_in(
            "Ada <b>",
            7,
            vec![
                quick("1 trillion", "9e12"),
                program(Format::Fermi, "50e6 100e6"),
            ],
        );
        let code = h.encode(&s);
        assert!(code.starts_with(CODE_PREFIX));
        assert!(code.len() < 160, "{} chars: {code}", code.len());
        assert!(!code.contains(char::is_whitespace));
        assert_eq!(HandIn::decode(&code, &s), Ok(h.clone()));
        // Pasting may add spaces around it and upper-case nothing else: the checksum's case does not matter.
        let upper = format!(
            "  {}{} ",
            &code[..code.len() - 8],
            code[code.len() - 8..].to_uppercase()
        );
        assert_eq!(HandIn::decode(&upper, &s), Ok(h));
    }

    #[test]
    fn damaged_or_foreign_codes_say_what_is_wrong() {
        let s = set();
        let good = hand_in("", 1, vec![quick("1e12", "9e12"), quick("5e7", "9e7")]).encode(&s);
        let other_class = ClassSet {
            seed: 9,
            ..s.clone()
        };
        let foreign =
            hand_in("", 1, vec![quick("1e12", "9e12"), quick("5e7", "9e7")]).encode(&other_class);
        let id = s.id();
        let wire = |rest: &str| sealed(&format!(r#"{{"c":"{id}","k":1,{rest}}}"#));
        let long_name = "x".repeat(41);
        let cases = [
            ("hello".to_string(), "not a class code"),
            (good[..good.len() - 9].to_string(), "checksum"),
            (format!("{}A{}", &good[..10], &good[11..]), "checksum"),
            (format!("{}0", &good[..good.len() - 1]), "checksum"),
            (foreign, "another class set"),
            (sealed("not json"), "fields are wrong"),
            (
                format!("{CODE_PREFIX}{}.00000000", "A".repeat(13_000)),
                "too long",
            ),
            (undecompressable(), "decompress"),
            (
                wire(r#""n":"","a":[["q","1","2"]]"#),
                "1 answers for 2 questions",
            ),
            (
                wire(r#""n":"","a":[["q","1","2"],["x","1"]]"#),
                "question 2: the answer's form",
            ),
            (
                wire(r#""n":"","a":[["q","1"],["s","1"]]"#),
                "question 1: the answer's form",
            ),
            (
                wire(r#""n":"","a":[["s","1","2"],["s","1"]]"#),
                "question 1: the answer's form",
            ),
            (
                wire(r#""n":"","a":[["q","1","2","3"],["s","1"]]"#),
                "question 1: the answer's form",
            ),
            (
                wire(&format!(r#""n":"{long_name}","a":[]"#)),
                "name is over 40",
            ),
            (wire(r#""n":"a\u0007","a":[]"#), "control characters"),
            (wire(r#""n":"","a":[],"z":1"#), "fields are wrong"),
        ];
        for (code, expected) in cases {
            let message = HandIn::decode(&code, &s).unwrap_err();
            assert!(message.contains(expected), "{code}: {message}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn decoding_any_text_never_panics(text in "\\PC{0,200}", body in "[A-Za-z0-9+$-]{0,300}") {
            let s = set();
            let _ = HandIn::decode(&text, &s);
            let _ = HandIn::decode(&format!("{CODE_PREFIX}{body}.00000000"), &s);
            let _ = ClassSet::from_body(&body, &pack());
            // A checksum that matches gets the body through to decompression and parsing.
            let head = format!("{CODE_PREFIX}{body}");
            let _ = HandIn::decode(&format!("{head}.{}", hex32(head.as_bytes())), &s);
        }

        #[test]
        fn a_changed_character_is_caught(at in 0usize..1000, with in "[A-Za-z0-9+$-]") {
            let s = set();
            let code = hand_in("Bo", 3, vec![quick("2e12", "4e12"), quick("6e7", "8e7")]).encode(&s);
            let at = CODE_PREFIX.len() + at % (code.len() - CODE_PREFIX.len() - 9);
            let mut changed = code.clone();
            changed.replace_range(at..at + 1, &with);
            prop_assume!(changed != code);
            prop_assert!(HandIn::decode(&changed, &s).is_err());
        }
    }

    #[test]
    fn ranks_are_competition_ranks_in_each_rules_orientation() {
        let lower = ClassRule::CramerLog;
        let higher = ClassRule::LogScore;
        let values = [Some(0.3), None, Some(0.1), Some(0.3), Some(0.5)];
        assert_eq!(lower.ranks(&values), vec![2, 5, 1, 2, 4]);
        assert_eq!(higher.ranks(&values), vec![2, 5, 4, 2, 1]);
        assert_eq!(lower.ranks(&[None, None]), vec![1, 1]);
        assert_eq!(lower.total(&[]), None);
    }

    /// Three students: one close and honest, one a decade high, one a decade low and narrow (fermi).
    fn class_codes(s: &ClassSet) -> Vec<String> {
        vec![
            hand_in(
                "Ada",
                1,
                vec![quick("1.5e12", "6e12"), quick("40 million", "120 million")],
            )
            .encode(s),
            hand_in(
                "",
                2,
                vec![
                    program(Format::Squiggle, "trees = to(1e13, 1e14)\ntrees"),
                    program(Format::Squiggle, "to(3e8, 2e9)"),
                ],
            )
            .encode(s),
            hand_in(
                "Cy",
                3,
                vec![
                    program(Format::Fermi, "2.9e11 3.1e11"),
                    program(Format::Fermi, "6e6 8e6"),
                ],
            )
            .encode(s),
        ]
    }

    #[test]
    fn the_teacher_gets_a_board_per_rule_the_crowd_and_the_calibration() {
        let s = set();
        let class = Class::new(s.clone(), &pack()).unwrap();
        let codes = class_codes(&s);
        let again = hand_in(
            "Ada again",
            1,
            vec![quick("1e12", "2e12"), quick("1e7", "2e7")],
        )
        .encode(&s);
        // A chat transcript: the codes inside lines, and lines without one.
        let text = format!(
            "[10:01] Ada: {}\n\n[10:02] Bo: one sec\nnonsense {} {}\n{again}",
            codes[0], codes[1], codes[2]
        );
        let r = class.results(&text);
        assert_eq!(r.ignored_lines, 1);
        // What the teacher's page says of the round.
        assert_eq!(
            r.taken_words(),
            "3 codes taken. 1 line without a code ignored."
        );
        assert!(
            r.hidden_words()
                .starts_with("3 students handed in. Ranks, scores and counts stay hidden")
        );
        assert!(r.start_over_words().starts_with("Forget all 3 codes? "));
        assert_eq!(r.rejected[0].kind(), "Duplicate");
        assert_eq!(r.rejected[0].label(), "Duplicate: code 4");
        assert_eq!(r.rejected_words(), "1 code not taken");
        let other = Rejected {
            duplicate: false,
            position: 2,
            ..r.rejected[0].clone()
        };
        assert_eq!(other.label(), "Not taken: code 2");
        assert_eq!(
            r.crowd[1].heading(&class),
            (
                format!("2. {}", class.questions[1].text),
                format!(" ({}; 3 answers)", class.questions[1].unit)
            )
        );
        assert_eq!(
            ClassRule::FpScore.caption(),
            "fp_score: mean, 0 to 1; higher is better"
        );
        assert_eq!(class.results("").taken_words(), "0 codes taken.");
        // Fitted one question at a time, the class is the one fitted at once.
        let mut fitting = Fitting::new(s.clone());
        assert_eq!(fitting.progress(), (0, 2));
        assert_eq!(fitting.step(&pack()), Ok(false));
        assert_eq!(fitting.progress(), (1, 2));
        assert_eq!(fitting.step(&pack()), Ok(true));
        assert_eq!(fitting.step(&pack()), Ok(true));
        let ids_and_truths = |c: &Class| -> Vec<(String, FittedTruth)> {
            c.questions
                .iter()
                .map(|q| (q.id.clone(), q.truth))
                .collect()
        };
        assert_eq!(ids_and_truths(&fitting.finish()), ids_and_truths(&class));
        let mut picked = vec![TREES.to_string()];
        toggle_pick(&mut picked, LIVESTOCK);
        toggle_pick(&mut picked, TREES);
        assert_eq!(picked, [LIVESTOCK]);
        assert_eq!(
            picked_words(1),
            format!(
                "1 question picked (at most {MAX_QUESTIONS}); they are asked in the order picked."
            )
        );
        let p = pack();
        assert_eq!(findable(&p, "").len(), p.questions.len());
        let trees = findable(&p, "TREES");
        assert!(!trees.is_empty() && trees.len() < p.questions.len());
        assert!(
            trees
                .iter()
                .all(|q| q.text.to_lowercase().contains("trees"))
        );
        let row = &r.crowd[1];
        assert_eq!(
            row.geometric_words(&class.questions[1].unit),
            format!(
                "geometric mean: {} · {} · {}",
                fermi_num::format_readable(row.geometric.p5),
                fermi_num::format_readable(row.geometric.p50),
                fermi_num::format_readable(row.geometric.p95)
            )
        );
        let view = class.intervals(&r, 0, false).unwrap();
        assert!(
            view.axis_words("percent").contains('%')
                && view
                    .axis_words("trees")
                    .ends_with(" on a log axis; sorted by median.")
        );
        assert_eq!(
            row.score_words(),
            Some(format_nats(row.score.unwrap().cramer_log))
        );
        let unscored = CrowdRow {
            score: None,
            ..row.clone()
        };
        assert_eq!(unscored.score_words(), None);
        // Bars run from the 5% to the 95% and stay visible when they are a point; the tick sits at the median.
        let bars = [
            ([0.0, 0.5, 1.0], "left: 0.00%; width: 100.00%"),
            ([0.25, 0.3, 0.375], "left: 25.00%; width: 12.50%"),
            ([0.5, 0.5, 0.5], "left: 50.00%; width: 0.40%"),
            ([0.123, 0.1234, 0.1235], "left: 12.30%; width: 0.40%"),
        ];
        for (at, bar) in bars {
            assert_eq!(Intervals::bar(at), bar, "{at:?}");
        }
        let ticks = [
            ([0.0, 0.5, 1.0], "left: 50.00%"),
            ([0.123, 0.1234, 0.1235], "left: 12.34%"),
        ];
        for (at, tick) in ticks {
            assert_eq!(Intervals::tick(at), tick, "{at:?}");
        }

        let labels: Vec<&str> = r.students.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["Ada", &anonymous_label(2), "Cy"]);
        assert_eq!(r.students[2].anonymous, anonymous_label(3));
        assert_eq!(r.students[2].shown(false), anonymous_label(3));
        assert_eq!(r.students[2].shown(true), "Cy");
        let rejected: Vec<(usize, bool)> = r
            .rejected
            .iter()
            .map(|x| (x.position, x.duplicate))
            .collect();
        assert_eq!(rejected, [(4, true)]);
        assert!(
            r.rejected[0].why.contains("second code from Ada"),
            "{:?}",
            r.rejected
        );

        // Every score is the one a fresh run of the same program, samples and seed gives.
        let samples =
            run_answer(Format::Fermi, "6e6 8e6", s.samples, s.item_seed(LIVESTOCK)).unwrap();
        let truth = LogTruth::new(&fermi_score::Truth::Point(71.1e6)).unwrap();
        let answer = |student: usize, q: usize| r.students[student].answers[q].clone().unwrap();
        assert_eq!(
            answer(2, 1).score,
            ItemScore::from_report(&Report::new(&samples, &truth))
        );
        assert_eq!(
            Some(answer(0, 0).program),
            fermi_syntax::quick_program("1.5e12", "6e12", Dialect::Squiggle)
        );
        assert_eq!(answer(0, 0).format, Format::Quick);

        assert_eq!(r.boards.len(), ClassRule::ALL.len());
        let cramer = &r.boards[0];
        assert_eq!(cramer.rule, ClassRule::CramerLog);
        let order: Vec<usize> = cramer.lines.iter().map(|l| l.student).collect();
        assert_eq!(order[0], 0, "the close, honest student leads on Cramér-log");
        assert!(cramer.lines.windows(2).all(|w| w[0].value <= w[1].value));
        assert!(
            cramer
                .lines
                .iter()
                .all(|l| l.change == 0 && l.change_shown.is_empty())
        );
        for board in &r.boards[1..] {
            for line in &board.lines {
                let primary = cramer
                    .lines
                    .iter()
                    .find(|l| l.student == line.student)
                    .unwrap()
                    .rank;
                assert_eq!(line.change, primary as i64 - line.rank as i64);
            }
        }
        let covered = &r.boards[5];
        assert_eq!(covered.rule, ClassRule::Covered90);
        let ada = covered.lines.iter().find(|l| l.student == 0).unwrap();
        assert_eq!(ada.shown, "2 of 2");
        assert_eq!(ada.rank, 1);

        // The crowd: the median of the students' log-quantiles, the geometric mean beside it.
        assert_eq!(r.crowd.len(), 2);
        let mut theirs: Vec<f64> = (0..3).map(|k| answer(k, 1).quantiles.p50).collect();
        theirs.sort_by(f64::total_cmp);
        assert_eq!(r.crowd[1].crowd.p50, theirs[1]);
        let geometric = (theirs.iter().map(|q| q.ln()).sum::<f64>() / 3.0).exp();
        assert!((r.crowd[1].geometric.p50 / geometric - 1.0).abs() < 1e-12);
        assert_eq!(r.crowd[1].answers, 3);
        assert_eq!(r.crowd[1].truth.p50, 71.1e6);
        assert!(
            r.crowd[0].against.ends_with("of 3 students on Cramér-log"),
            "{}",
            r.crowd[0].against
        );
        let crowd_line = cramer.crowd.as_ref().unwrap();
        assert!((1..=4).contains(&crowd_line.would_rank));

        // Calibration: the median student first, then every answer pooled.
        let hits = (0..3)
            .flat_map(|k| [(answer(k, 0), 3.04e12), (answer(k, 1), 71.1e6)])
            .filter(|(a, t)| a.quantiles.p5 <= *t && *t <= a.quantiles.p95)
            .count();
        let figures = r.calibration_figures.as_ref().unwrap();
        assert_eq!(figures.overall.count, 6);
        assert_eq!(figures.overall.coverage[2].hits, hits);
        assert!(
            r.calibration[0].starts_with("The median student (of 3"),
            "{:?}",
            r.calibration
        );
        let pooled = r
            .calibration
            .iter()
            .position(|l| l == "Every answer pooled:")
            .unwrap();
        assert!(
            r.calibration[pooled + 3].starts_with(&format!(
                "90% intervals held the truth in {hits} of 6 answers"
            )),
            "{:?}",
            r.calibration
        );

        // The same codes give the same results.
        assert_eq!(class.results(&text), r);
    }

    /// Five students close to the truth and one wild one, decades off and sure of it.
    fn with_outlier(s: &ClassSet) -> String {
        let mut codes: Vec<String> = (0..5)
            .map(|k| {
                hand_in(
                    "",
                    10 + k,
                    vec![quick("1.5e12", "6e12"), quick("40 million", "120 million")],
                )
                .encode(s)
            })
            .collect();
        codes.push(hand_in("Wild", 99, vec![quick("1e20", "1.1e20"), quick("1", "1.1")]).encode(s));
        codes.join("\n")
    }

    #[test]
    fn the_crowd_shrugs_off_an_outlier_and_a_student_can_be_left_out() {
        let s = set();
        let class = Class::new(s.clone(), &pack()).unwrap();
        let text = with_outlier(&s);
        let r = class.results(&text);
        let close = r.students[0].answers[0].clone().unwrap().quantiles;
        // The median ignores the wild answer; the geometric mean is dragged by it.
        assert_eq!(r.crowd[0].crowd.p50, close.p50);
        assert!(r.crowd[0].geometric.p50 > 10.0 * close.p50);
        // Left out: the geometric mean is the five close answers' again, and the wild student still ranks.
        let left = Options {
            left_out: [99].into(),
        };
        let r = class.results_with(&text, &left);
        assert!(!r.students[5].in_crowd && r.students[0].in_crowd);
        assert_eq!(r.crowd[0].answers, 5);
        assert!((r.crowd[0].geometric.p50 / close.p50 - 1.0).abs() < 1e-12);
        assert_eq!(r.boards[0].lines.len(), 6);
        // Calibration advice speaks for the median student, whose intervals are the close ones.
        let median_line = &r.calibration[1];
        let wild_alone = class.results(
            &hand_in("Wild", 99, vec![quick("1e20", "1.1e20"), quick("1", "1.1")]).encode(&s),
        );
        assert_ne!(median_line, &wild_alone.calibration[1]);
    }

    #[test]
    fn dont_know_hands_in_the_rest_and_leaves_the_question_out() {
        let s = set();
        let class = Class::new(s.clone(), &pack()).unwrap();
        let answers = vec![quick("1.5e12", "6e12"), None];
        assert!(s.ready(&answers));
        assert!(!s.ready(&[quick("1.5e12", "6e12"), quick("", "")]));
        let code = hand_in("", 5, answers.clone()).encode(&s);
        assert_eq!(HandIn::decode(&code, &s).unwrap().answers, answers);
        let other = hand_in("", 6, vec![quick("2e12", "4e12"), quick("5e7", "9e7")]).encode(&s);
        let r = class.results(&format!("{code}\n{other}"));
        assert_eq!(r.students.len(), 2);
        assert!(r.students[0].answers[1].is_none());
        // Its figures are over the one question answered; the crowd on question 2 is the other student alone.
        let covered = r
            .boards
            .iter()
            .find(|b| b.rule == ClassRule::Covered90)
            .unwrap();
        let line = covered.lines.iter().find(|l| l.student == 0).unwrap();
        assert!(line.shown.ends_with("of 1"), "{}", line.shown);
        assert_eq!(r.crowd[1].answers, 1);
        let csv = class.csv(&r, false);
        assert!(csv.contains("don't know"), "{csv}");
    }

    #[test]
    fn the_teachers_link_holds_a_key_the_students_link_does_not() {
        let p = pack();
        let s = set().with_teacher_key(0xfeed_beef);
        let student = s.body();
        let teacher = s.teacher_body(0xfeed_beef);
        assert!(teacher.starts_with(&student) && !student.contains("feedbeef"));
        assert_eq!(ClassSet::from_body(&student, &p), Ok(s.clone()));
        assert_eq!(ClassSet::from_teacher_body(&teacher, &p), Ok(s.clone()));
        // The students' link turned into a teacher's address, or a wrong key, does not open the teacher's page.
        for body in [
            student.clone(),
            format!("{student}.{:016x}", 0xfeed_beefu64 + 1),
        ] {
            let why = ClassSet::from_teacher_body(&body, &p).unwrap_err();
            assert!(why.contains("not the teacher's link"), "{why}");
        }
        // A set made before keys opens as it did.
        let old = set();
        assert_eq!(
            ClassSet::from_teacher_body(&old.body(), &p),
            Ok(old.clone())
        );
        assert_eq!(
            s.file_name("Ada Lovelace / 2", "txt"),
            format!("class-{}-Ada-Lovelace---2.txt", s.id())
        );
    }

    #[test]
    fn the_builder_makes_both_links_or_says_why_not() {
        let p = pack();
        let base = "https://example.org/fermi/";
        let picked = || vec![TREES.to_string(), LIVESTOCK.to_string()];
        let links = create(picked(), " 2000 ", 42, 0xfeed, &p, base).unwrap();
        let s = set().with_teacher_key(0xfeed);
        assert_eq!(links.student, format!("{base}#class={}", s.body()));
        assert_eq!(s.student_link(base), links.student);
        assert_eq!(
            links.teacher,
            format!("{base}#class-teacher={}.{:016x}", s.body(), 0xfeed)
        );
        // Both links open their pages on the same set.
        let student = links.student.strip_prefix(base).unwrap();
        let teacher = links.teacher.strip_prefix(base).unwrap();
        let (Some((Page::Student, a)), Some((Page::Teacher, b))) = (page(student), page(teacher))
        else {
            panic!("{links:?}");
        };
        assert_eq!(ClassSet::from_body(a, &p), Ok(s.clone()));
        assert_eq!(ClassSet::from_teacher_body(b, &p), Ok(s.clone()));
        let cases = [
            (Vec::new(), "2000", "pick at least one question"),
            (picked(), "", "0 samples: choose from 1000 to 100000"),
            (picked(), "lots", "0 samples: choose from 1000 to 100000"),
            (picked(), "500", "500 samples: choose from 1000 to 100000"),
        ];
        for (picked, samples, why) in cases {
            assert_eq!(create(picked, samples, 1, 2, &p, base), Err(why.into()));
        }
    }

    #[test]
    fn a_link_draws_as_a_qr_code_unless_it_is_too_long() {
        let link = format!("https://example.org/{LINK_PREFIX}{}", set().body());
        let svg = qr_svg(&link, 220).unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
        assert_eq!(qr_svg(&link, 220), Some(svg.clone()));
        // The size asked for is the least it gets; a smaller one gives a smaller drawing.
        let size = |svg: &str| -> u32 {
            let at = svg.find("width=\"").unwrap() + 7;
            svg[at..].split('"').next().unwrap().parse().unwrap()
        };
        assert!(size(&svg) >= 220);
        let small = qr_svg(&link, 120).unwrap();
        assert!(size(&small) >= 120 && size(&small) < size(&svg));
        assert_eq!(qr_svg(&"x".repeat(8_000), 220), None);
    }

    #[test]
    fn what_the_pages_keep_and_save_is_named_by_the_class() {
        let s = set();
        let id = s.id();
        assert_eq!(
            s.storage_key("draft"),
            format!("fermi-playground.class.{id}.draft")
        );
        let p = pack();
        let ids: Vec<&str> = s.in_pack(&p).map(|q| q.id.as_str()).collect();
        assert_eq!(ids, [TREES, LIVESTOCK]);
        // A page resumes the hand-in it kept for its own class only.
        let kept = hand_in("Ada", 3, vec![None, quick("1", "2")]);
        let fresh = hand_in("", 9, vec![quick("", ""), quick("", "")]);
        let other = ClassSet {
            seed: 1,
            ..s.clone()
        };
        let cases = [
            (None, fresh.clone()),
            (Some(kept.encode(&s)), kept.clone()),
            (Some(kept.encode(&other)), fresh.clone()),
            (Some("FC1.damaged".to_string()), fresh.clone()),
        ];
        for (code, resumed) in cases {
            assert_eq!(HandIn::resume(code.as_deref(), &s, 9), resumed, "{code:?}");
        }
        let label = anonymous_label(7).replace(' ', "-");
        for (name, file) in [
            ("", format!("class-{id}-{label}.txt")),
            ("  ", format!("class-{id}-{label}.txt")),
            (" Ada ", format!("class-{id}-Ada.txt")),
        ] {
            assert_eq!(hand_in(name, 7, vec![None, None]).file_name(&s), file);
        }
    }

    #[test]
    fn a_round_exports_as_csv_like_the_board_and_reloads_from_json() {
        let s = set();
        let class = Class::new(s.clone(), &pack()).unwrap();
        let text = with_outlier(&s);
        let options = Options {
            left_out: [99].into(),
        };
        let r = class.results_with(&text, &options);
        let csv = class.csv(&r, true);
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(records.len(), 6 * 3 + 1);
        // Each student's board row holds what every rule's board shows for them.
        for (k, student) in r.students.iter().enumerate() {
            let row = records
                .iter()
                .find(|row| &row[0] == student.shown(true) && &row[2] == "board")
                .unwrap();
            for board in &r.boards {
                let column = header.iter().position(|h| h == board.rule.name()).unwrap();
                let line = board.lines.iter().find(|l| l.student == k).unwrap();
                assert_eq!(&row[column], line.shown);
            }
            assert_eq!(&row[1], if student.in_crowd { "yes" } else { "no" });
        }
        let round = Round::new(&s, &text, &options, true);
        let back = Round::read(&round.to_json(), &s).unwrap();
        assert_eq!(back, round);
        assert_eq!(back.options().unwrap(), options);
        assert_eq!(class.results_with(&back.codes, &back.options().unwrap()), r);
        let other = ClassSet {
            seed: 9,
            ..s.clone()
        };
        assert!(
            Round::read(&round.to_json(), &other)
                .unwrap_err()
                .contains("is of class")
        );
        assert!(Round::read("{}", &s).is_err());
    }

    #[test]
    fn no_codes_no_board_and_a_failing_program_is_listed() {
        let s = set();
        let class = Class::new(s.clone(), &pack()).unwrap();
        let empty = class.results("  \n ");
        assert!(empty.students.is_empty() && empty.boards.is_empty() && empty.crowd.is_empty());
        assert!(empty.calibration.is_empty() && empty.rejected.is_empty());
        let failing = hand_in(
            "",
            5,
            vec![
                quick("1e12", "2e12"),
                program(Format::Squiggle, "to(1, nope)"),
            ],
        )
        .encode(&s);
        let r = class.results(&failing);
        assert!(r.students.is_empty());
        assert!(
            r.rejected[0].why.starts_with("question 2: 1:"),
            "{:?}",
            r.rejected
        );
        // Why an answer cannot be handed in, in the answer's own words (naming the box).
        let check = |i: usize, a: Option<Answer>| s.check(i, &a.unwrap());
        assert_eq!(
            check(0, quick("", "5")),
            Err("Enter a low number too (the 5th percentile).".into())
        );
        assert_eq!(
            check(0, quick("50", "50")),
            Err(fermi_answer::NotReady::Point("50".into()).message())
        );
        assert_eq!(
            check(1, program(Format::Fermi, " ")),
            Err("Write your estimate as a program.".into())
        );
        assert!(check(2, quick("1", "2")).is_err());
        let q = check(1, quick("1e6", "1e8")).unwrap();
        assert!(q.p5 < q.p50 && q.p50 < q.p95);
    }
}
