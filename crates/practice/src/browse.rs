//! The question browser's rules: which questions of the loaded packs a filter shows (pack, topic, difficulty,
//! answered or not), each with its tags and whether it was answered, and the catalogue's size in words.

use fermi_bank::{Difficulty, Pack, Question, Topic};

use crate::HistoryEntry;

/// The question the page opens with when no link names one: the built-in pack's first example.
pub const START: &str = "germany-coal-to-solar-area";

/// Which questions by answered state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shown {
    #[default]
    All,
    Answered,
    Unanswered,
}

impl Shown {
    /// The choices besides all, in the browser's order.
    pub const CHOICES: [Shown; 2] = [Shown::Unanswered, Shown::Answered];

    /// The choice's name in the browser.
    pub fn as_str(self) -> &'static str {
        match self {
            Shown::All => "all",
            Shown::Answered => "answered",
            Shown::Unanswered => "unanswered",
        }
    }
}

/// The browser's filter; `None` takes every pack, topic or difficulty.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Filter {
    /// Index into the loaded packs.
    pub pack: Option<usize>,
    pub topic: Option<Topic>,
    pub difficulty: Option<Difficulty>,
    pub shown: Shown,
}

/// One question the filter shows.
#[derive(Debug, PartialEq)]
pub struct Row<'p> {
    pub pack: usize,
    pub question: &'p Question,
    pub answered: bool,
    /// "energy · hard"
    pub tags: String,
}

impl Filter {
    /// The questions of `packs` the filter shows, in pack order; `answered` lists the ids answered.
    pub fn rows<'p, P: std::ops::Deref<Target = Pack>>(
        &self,
        packs: &'p [P],
        answered: &[String],
    ) -> Vec<Row<'p>> {
        packs
            .iter()
            .enumerate()
            .filter(|(p, _)| self.pack.is_none_or(|f| f == *p))
            .flat_map(|(p, pack)| pack.questions.iter().map(move |q| (p, q)))
            .filter(|(_, q)| self.topic.is_none_or(|t| q.topics.contains(&t)))
            .filter(|(_, q)| self.difficulty.is_none_or(|d| q.difficulty == Some(d)))
            .map(|(pack, question)| Row {
                pack,
                question,
                answered: answered.contains(&question.id),
                tags: tags(question),
            })
            .filter(|row| match self.shown {
                Shown::All => true,
                Shown::Answered => row.answered,
                Shown::Unanswered => !row.answered,
            })
            .collect()
    }
}

/// A question's topics and difficulty: "energy · hard".
pub fn tags(question: &Question) -> String {
    question
        .topics
        .iter()
        .map(|t| t.as_str())
        .chain(question.difficulty.map(|d| d.as_str()))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// "42 questions in 2 packs"
pub fn catalogue<P: std::ops::Deref<Target = Pack>>(packs: &[P]) -> String {
    let questions = packs.iter().map(|p| p.questions.len()).sum::<usize>();
    format!(
        "{} in {}",
        fermi_num::count(questions, "question"),
        fermi_num::count(packs.len(), "pack")
    )
}

/// The first of `packs` holding question `id` (a reopened answer, a set's next question).
pub fn pack_of<P: std::ops::Deref<Target = Pack>>(packs: &[P], id: &str) -> Option<usize> {
    packs.iter().position(|p| p.question(id).is_some())
}

/// The question the page opens with in `pack` (the built-in one): [`START`], else its first.
pub fn start_question(pack: &Pack) -> Option<String> {
    pack.question(START)
        .or(pack.questions.first())
        .map(|q| q.id.clone())
}

/// Which of `packs` to reopen a recorded answer in, or the notice saying to load its pack first.
pub fn reopening<P: std::ops::Deref<Target = Pack>>(
    packs: &[P],
    entry: &HistoryEntry,
) -> Result<usize, String> {
    pack_of(packs, &entry.question).ok_or_else(|| {
        format!(
            "“{}” is not in the loaded packs: load its pack to reopen this answer.",
            entry.text.chars().take(80).collect::<String>()
        )
    })
}
