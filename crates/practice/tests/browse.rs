//! The question browser's filter over the built-in pack and a second copy of it: by pack, topic, difficulty and
//! answered state, with each row's tags.

use fermi_bank::{Difficulty, Topic};
use fermi_practice::browse::{Filter, Shown, catalogue, tags};

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
    assert_eq!(
        [
            Shown::named("answered"),
            Shown::named("unanswered"),
            Shown::named("all")
        ],
        [Shown::Answered, Shown::Unanswered, Shown::All]
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
