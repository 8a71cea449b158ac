//! A round kept and carried: the CSV of every answer and score per rule (with each student's board line, exactly
//! as the board shows it), and the JSON that reloads the round on another machine.

use serde::{Deserialize, Serialize};

use super::{Class, ClassRule, ClassSet, Options, Results};

const ROUND_VERSION: u32 = 1;

/// A round as saved: the class, every code taken, who is left out of the crowd, and whether names are shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub version: u32,
    /// The class set's id ([`ClassSet::id`]): a round loads only into its own class.
    pub class: String,
    /// The students' link body, to open the class from the file.
    pub link: String,
    /// The codes as taken (the pasted text).
    pub codes: String,
    /// Keys of the students left out of the crowd, as 16 hex digits (exact in any JSON reader).
    pub left_out: Vec<String>,
    pub names: bool,
}

impl Round {
    pub fn new(set: &ClassSet, codes: &str, options: &Options, names: bool) -> Round {
        Round {
            version: ROUND_VERSION,
            class: set.id(),
            link: set.body(),
            codes: codes.to_string(),
            left_out: options
                .left_out
                .iter()
                .map(|k| format!("{k:016x}"))
                .collect(),
            names,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// A saved round for `set`, or why it cannot be loaded.
    pub fn read(text: &str, set: &ClassSet) -> Result<Round, String> {
        let round: Round = serde_json::from_str(text)
            .map_err(|e| format!("this is not a saved class round ({e})"))?;
        if round.version != ROUND_VERSION {
            return Err("this round was saved by another version of the app".into());
        }
        if round.class != set.id() {
            return Err(format!(
                "this round is of class {}, and this page is class {}",
                round.class,
                set.id()
            ));
        }
        round.options()?;
        Ok(round)
    }

    /// The round's choices.
    pub fn options(&self) -> Result<Options, String> {
        let left_out = self
            .left_out
            .iter()
            .map(|k| {
                u64::from_str_radix(k, 16).map_err(|_| format!("`{k}` is not a student's key"))
            })
            .collect::<Result<_, _>>()?;
        Ok(Options { left_out })
    }
}

impl Class {
    /// Every answer with its score under each rule of the board (a row per student and question; "don't know"
    /// rows empty), then one `board` row per student holding exactly what each rule's board shows, and the
    /// crowd's. Students are named as the board names them (`names`).
    pub fn csv(&self, results: &Results, names: bool) -> String {
        let mut out = csv::Writer::from_writer(Vec::new());
        let mut header = vec![
            "student".to_string(),
            "in crowd".into(),
            "question".into(),
            "format".into(),
            "answer".into(),
            "p5".into(),
            "p50".into(),
            "p95".into(),
        ];
        header.extend(ClassRule::ALL.iter().map(|r| r.name().to_string()));
        header.push(format!("rank ({})", ClassRule::CramerLog.name()));
        let mut rows = vec![header];
        let blank = |n: usize| vec![String::new(); n];
        for (k, student) in results.students.iter().enumerate() {
            let who = student.shown(names).to_string();
            let in_crowd = if student.in_crowd { "yes" } else { "no" }.to_string();
            for (q, answer) in self.questions.iter().zip(&student.answers) {
                let mut row = vec![who.clone(), in_crowd.clone(), q.id.clone()];
                match answer {
                    None => {
                        row.push("don't know".into());
                        row.extend(blank(4 + ClassRule::ALL.len()));
                    }
                    Some(a) => {
                        row.push(a.format.as_str().to_string());
                        row.push(a.program.clone());
                        row.extend(
                            [a.quantiles.p5, a.quantiles.p50, a.quantiles.p95]
                                .map(|v| v.to_string()),
                        );
                        row.extend(ClassRule::ALL.iter().map(|r| {
                            r.value(&a.score)
                                .map_or_else(String::new, |v| v.to_string())
                        }));
                    }
                }
                row.push(String::new());
                rows.push(row);
            }
            let mut row = vec![who, in_crowd, "board".into()];
            row.extend(blank(5));
            row.extend(results.boards.iter().map(|b| {
                b.lines
                    .iter()
                    .find(|l| l.student == k)
                    .map_or_else(String::new, |l| l.shown.clone())
            }));
            let rank = results
                .boards
                .first()
                .and_then(|b| b.lines.iter().find(|l| l.student == k));
            row.push(rank.map_or_else(String::new, |l| l.rank.to_string()));
            rows.push(row);
        }
        if results.boards.iter().all(|b| b.crowd.is_some()) && !results.boards.is_empty() {
            let mut row = vec!["the crowd".to_string(), String::new(), "board".into()];
            row.extend(blank(5));
            row.extend(
                results
                    .boards
                    .iter()
                    .filter_map(|b| b.crowd.as_ref().map(|c| c.shown.clone())),
            );
            row.push(String::new());
            rows.push(row);
        }
        for row in rows {
            // Writing to memory cannot fail.
            let _ = out.write_record(&row);
        }
        String::from_utf8(out.into_inner().unwrap_or_default()).unwrap_or_default()
    }
}
