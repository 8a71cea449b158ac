//! The scoring lab's "rules disagree" answers are scored against a built-in question's truth: it must exist and
//! have a spread.

use fermi_bank::{FittedTruth, builtin, fit_truth};

#[test]
fn the_rules_disagree_question_is_built_in_with_a_spread_truth() {
    let pack = builtin();
    let question = pack
        .questions
        .iter()
        .find(|q| q.id == fermi_score::lab::QUESTION)
        .expect("the question the lab's stored answers belong to");
    match fit_truth(question).unwrap() {
        FittedTruth::Lognormal { sigma, .. } => assert!(sigma > 0.0 && sigma.is_finite()),
        FittedTruth::Point(_) => panic!("a single-number truth has no spread to score around"),
    }
}
