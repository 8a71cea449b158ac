//! The question browser's filter over the built-in pack and a second copy of it: by pack, topic, difficulty and
//! answered state, with each row's tags.

use fermi_bank::{Difficulty, Topic};
use fermi_practice::HistoryEntry;
use fermi_practice::browse::{Filter, START, Shown, catalogue, reopening, start_question, tags};

#[test]
fn filters_combine() {
    let pack = fermi_bank::builtin();
    let packs = vec![&pack, &pack];
    let n = pack.questions.len();
    let topic = pack.questions[0].topics[0];
    let with_topic = pack
        .questions
        .iter()
        .filter(|q| q.topics.contains(&topic))
        .count();
    let hard = pack
        .questions
        .iter()
        .filter(|q| q.difficulty == Some(Difficulty::Hard))
        .count();
    let answered = vec![pack.questions[0].id.clone(), pack.questions[1].id.clone()];
    let all = Filter::default();
    let cases: Vec<(Filter, usize)> = vec![
        (all, 2 * n),
        (
            Filter {
                pack: Some(1),
                ..all
            },
            n,
        ),
        (
            Filter {
                pack: Some(2),
                ..all
            },
            0,
        ),
        (
            Filter {
                topic: Some(topic),
                ..all
            },
            2 * with_topic,
        ),
        (
            Filter {
                difficulty: Some(Difficulty::Hard),
                pack: Some(0),
                ..all
            },
            hard,
        ),
        (
            Filter {
                shown: Shown::Answered,
                ..all
            },
            4,
        ),
        (
            Filter {
                shown: Shown::Unanswered,
                pack: Some(0),
                ..all
            },
            n - 2,
        ),
    ];
    for (filter, count) in cases {
        let rows = filter.rows(&packs, &answered);
        assert_eq!(rows.len(), count, "{filter:?}");
        for row in &rows {
            assert_eq!(row.answered, answered.contains(&row.question.id));
            assert_eq!(row.tags, tags(row.question));
            assert!(filter.pack.is_none_or(|p| p == row.pack));
        }
    }
    assert!(Topic::ALL.contains(&topic));
    assert_eq!(catalogue(&packs), format!("{} questions in 2 packs", 2 * n));
    let names = [Shown::All, Shown::Unanswered, Shown::Answered].map(Shown::as_str);
    assert_eq!(names, ["all", "unanswered", "answered"]);
    assert!(
        !Shown::CHOICES.contains(&Shown::All),
        "all is the select's no-choice"
    );
}

#[test]
fn tags_are_topics_then_difficulty() {
    let mut q = fermi_bank::builtin().questions.remove(0);
    q.topics = vec![Topic::ALL[0], Topic::ALL[1]];
    q.difficulty = Some(Difficulty::Easy);
    assert_eq!(
        tags(&q),
        format!(
            "{} · {} · easy",
            Topic::ALL[0].as_str(),
            Topic::ALL[1].as_str()
        )
    );
    q.topics.clear();
    q.difficulty = None;
    assert_eq!(tags(&q), "");
}

/// The page opens with the built-in pack's first example, or a pack's first question without it; a recorded
/// answer reopens in the first pack holding its question, or says which pack to load.
#[test]
fn the_start_question_and_where_an_answer_reopens() {
    let pack = fermi_bank::builtin();
    assert_eq!(start_question(&pack).as_deref(), Some(START));
    let mut other = pack.clone();
    other.questions.retain(|q| q.id != START);
    assert_eq!(start_question(&other), Some(other.questions[0].id.clone()));
    other.questions.clear();
    assert_eq!(start_question(&other), None);
    let entry = |question: &str, text: &str| {
        HistoryEntry {
        question: question.into(),
        text: text.into(),
        ..serde_json::from_str::<HistoryEntry>(
            r#"{"question":"","text":"","source":"","dialect":"squiggle","seed":1,"samples":1000,"cramer_log":0.1,"at":0.0}"#,
        )
        .expect("an entry")
    }
    };
    let packs = vec![&other, &pack];
    let cases = [
        (entry(START, "coal"), Ok(1)),
        (
            entry("gone", &"long ".repeat(30)),
            Err(format!(
                "“{}” is not in the loaded packs: load its pack to reopen this answer.",
                "long ".repeat(16)
            )),
        ),
    ];
    for (e, want) in cases {
        assert_eq!(reopening(&packs, &e), want, "{}", e.question);
    }
}
