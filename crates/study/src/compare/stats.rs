//! The comparison's statistics on a score matrix: per-question human means, the paired difference of a forecaster
//! against them with a crossed bootstrap (participants and questions resampled independently), and the
//! difficulty-adjusted scores of an additive model (forecaster effect + question effect) fitted by alternating
//! least squares. Missing scores are NaN. Pure and seeded; identical on one thread or many.

use fermi_num::{fnv1a, quantile_type7};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::file::below;

/// Scores after the policy: the humans' question-major (`humans[q * people + i]`) and the other forecasters'
/// (models, the crowd), one value per question; NaN where a forecaster has none.
#[derive(Clone, Debug, Default)]
pub struct Matrix {
    pub questions: usize,
    pub people: usize,
    pub humans: Vec<f64>,
    pub others: Vec<Vec<f64>>,
}

impl Matrix {
    fn row(&self, q: usize) -> &[f64] {
        &self.humans[q * self.people..(q + 1) * self.people]
    }

    /// Each question's weighted mean of the human scores it has (NaN for none).
    fn human_means(&self, weights: Option<&[f64]>) -> Vec<f64> {
        (0..self.questions)
            .map(|q| {
                let (mut sum, mut total) = (0.0, 0.0);
                for (i, &v) in self.row(q).iter().enumerate() {
                    if !v.is_nan() {
                        let w = weights.map_or(1.0, |w| w[i]);
                        sum += w * v;
                        total += w;
                    }
                }
                if total > 0.0 { sum / total } else { f64::NAN }
            })
            .collect()
    }

    /// The unweighted per-question human means.
    pub fn means(&self) -> Vec<f64> {
        self.human_means(None)
    }
}

/// The weighted mean over questions of `x − h` where both are defined; NaN when none is.
fn difference(x: &[f64], h: &[f64], weights: Option<&[f64]>) -> f64 {
    let (mut sum, mut total) = (0.0, 0.0);
    for q in 0..x.len() {
        if !x[q].is_nan() && !h[q].is_nan() {
            let w = weights.map_or(1.0, |w| w[q]);
            sum += w * (x[q] - h[q]);
            total += w;
        }
    }
    if total > 0.0 { sum / total } else { f64::NAN }
}

/// Each other forecaster's paired difference: the mean over the questions it and the humans both have of its
/// score minus the humans' mean score there (negative: better than the humans).
pub fn paired(m: &Matrix) -> Vec<f64> {
    let h = m.means();
    m.others.iter().map(|x| difference(x, &h, None)).collect()
}

/// Crossed bootstrap of [`paired`]: each of `draws` resamples the participants and the questions with
/// replacement (ChaCha8 seeded by the FNV-1a hash of `"compare\n{seed}\n{draw}"`, so every draw is the same on
/// any number of threads), recomputes the human means from the drawn participants and each difference over the
/// drawn questions. Returns, per other forecaster, its finite draws, sorted.
pub fn bootstrap(m: &Matrix, draws: usize, seed: u64) -> Vec<Vec<f64>> {
    let indices: Vec<usize> = (0..draws).collect();
    let per_draw = crate::map(&indices, |&b| {
        let mut rng = ChaCha8Rng::seed_from_u64(fnv1a(format!("compare\n{seed}\n{b}").as_bytes()));
        let mut people = vec![0.0; m.people];
        for _ in 0..m.people {
            people[below(&mut rng, m.people)] += 1.0;
        }
        let mut questions = vec![0.0; m.questions];
        for _ in 0..m.questions {
            questions[below(&mut rng, m.questions)] += 1.0;
        }
        let h = m.human_means(Some(&people));
        m.others
            .iter()
            .map(|x| difference(x, &h, Some(&questions)))
            .collect::<Vec<f64>>()
    });
    (0..m.others.len())
        .map(|k| {
            let mut d: Vec<f64> = per_draw
                .iter()
                .map(|row| row[k])
                .filter(|v| v.is_finite())
                .collect();
            d.sort_by(f64::total_cmp);
            d
        })
        .collect()
}

/// The central `level` percentile interval (type-7 quantiles) of sorted draws; `None` without draws.
pub fn interval(sorted: &[f64], level: f64) -> Option<[f64; 2]> {
    (!sorted.is_empty()).then(|| {
        let tail = (1.0 - level) / 2.0;
        [
            quantile_type7(sorted, tail),
            quantile_type7(sorted, 1.0 - tail),
        ]
    })
}

/// Each participant's mean of (score − β) over the questions it has (NaN for none).
fn people_effects(m: &Matrix, beta: &[f64]) -> Vec<f64> {
    let mut sums = vec![(0.0, 0.0); m.people];
    for (q, b) in beta.iter().enumerate() {
        for (s, &v) in sums.iter_mut().zip(m.row(q)) {
            if !v.is_nan() {
                s.0 += v - b;
                s.1 += 1.0;
            }
        }
    }
    sums.iter()
        .map(|(s, n)| if *n > 0.0 { s / n } else { f64::NAN })
        .collect()
}

/// One forecaster's mean of (score − β) over the questions it has (NaN for none).
fn effect(x: &[f64], beta: &[f64]) -> f64 {
    let (mut sum, mut n) = (0.0, 0.0);
    for (v, b) in x.iter().zip(beta) {
        if !v.is_nan() {
            sum += v - b;
            n += 1.0;
        }
    }
    if n > 0.0 { sum / n } else { f64::NAN }
}

/// The difficulty-adjusted scores: `score(f, q) ≈ θ_f + β_q` fitted by least squares over every defined score of
/// the participants and the other forecasters (alternating updates until no β moves by 1e-12, at most 10,000
/// rounds), with the β centred on 0 over questions, so that θ is the forecaster's score on a question of average
/// difficulty (its plain mean when it answered everything). `fixed` others (the crowd, made of the participants)
/// take no part in the fit and get θ from the fitted β. Returns (θ of each participant, θ of each other, β; NaN
/// for a question nobody has).
pub fn adjusted(m: &Matrix, fixed: &[bool]) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let fitted: Vec<&Vec<f64>> = m
        .others
        .iter()
        .zip(fixed)
        .filter(|(_, f)| !**f)
        .map(|(x, _)| x)
        .collect();
    // A question nobody has keeps β = 0 during the fit (no score reads it) and is NaN at the end.
    let mut beta = vec![0.0; m.questions];
    for _ in 0..10_000 {
        let theta_people = people_effects(m, &beta);
        let theta_fitted: Vec<f64> = fitted.iter().map(|x| effect(x, &beta)).collect();
        let next: Vec<Option<f64>> = (0..m.questions)
            .map(|q| {
                let (mut sum, mut n) = (0.0, 0.0);
                for (&v, t) in m.row(q).iter().zip(&theta_people) {
                    if !v.is_nan() {
                        sum += v - t;
                        n += 1.0;
                    }
                }
                for (x, t) in fitted.iter().zip(&theta_fitted) {
                    if !x[q].is_nan() {
                        sum += x[q] - t;
                        n += 1.0;
                    }
                }
                (n > 0.0).then(|| sum / n)
            })
            .collect();
        let defined: Vec<f64> = next.iter().flatten().copied().collect();
        let centre = if defined.is_empty() {
            0.0
        } else {
            defined.iter().sum::<f64>() / defined.len() as f64
        };
        let mut moved: f64 = 0.0;
        for (b, n) in beta.iter_mut().zip(&next) {
            let n = n.map_or(0.0, |n| n - centre);
            moved = moved.max((n - *b).abs());
            *b = n;
        }
        if moved < 1e-12 {
            break;
        }
    }
    let theta_people = people_effects(m, &beta);
    let theta_others = m.others.iter().map(|x| effect(x, &beta)).collect();
    for (q, b) in beta.iter_mut().enumerate() {
        if m.row(q).iter().all(|v| v.is_nan()) && fitted.iter().all(|x| x[q].is_nan()) {
            *b = f64::NAN;
        }
    }
    (theta_people, theta_others, beta)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(humans: &[&[f64]], others: &[&[f64]]) -> Matrix {
        let questions = humans[0].len();
        let people = humans.len();
        let mut h = vec![f64::NAN; questions * people];
        for (i, row) in humans.iter().enumerate() {
            for (q, &v) in row.iter().enumerate() {
                h[q * people + i] = v;
            }
        }
        Matrix {
            questions,
            people,
            humans: h,
            others: others.iter().map(|x| x.to_vec()).collect(),
        }
    }

    #[test]
    fn a_complete_matrix_adjusts_to_plain_means() {
        let m = matrix(&[&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]], &[&[0.5, 0.5, 0.5]]);
        let (people, others, beta) = adjusted(&m, &[false]);
        assert!((people[0] - 2.0).abs() < 1e-12 && (people[1] - 2.0).abs() < 1e-12);
        assert!((others[0] - 0.5).abs() < 1e-12);
        assert!(beta.iter().sum::<f64>().abs() < 1e-12);
        assert_eq!(paired(&m), vec![0.5 - 2.0]);
    }

    #[test]
    fn a_forecaster_on_easy_questions_only_is_adjusted_up() {
        // Question 0 is easy (everyone 1 lower); the model answered only it and matched the humans there.
        let m = matrix(&[&[1.0, 2.0], &[1.0, 2.0]], &[&[1.0, f64::NAN]]);
        let (_, others, _) = adjusted(&m, &[false]);
        let (people, _, _) = adjusted(&m, &[false]);
        assert!(
            (others[0] - people[0]).abs() < 1e-9,
            "{others:?} {people:?}"
        );
    }

    #[test]
    fn the_bootstrap_is_seeded_and_ordered() {
        let m = matrix(
            &[&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0], &[2.0, 2.5, 0.5]],
            &[&[0.5, 1.5, 2.5]],
        );
        let a = bootstrap(&m, 200, 7);
        assert_eq!(a, bootstrap(&m, 200, 7));
        assert_ne!(a, bootstrap(&m, 200, 8));
        assert!(a[0].is_sorted() && a[0].len() == 200);
        let [lo, hi] = interval(&a[0], 0.95).unwrap();
        assert!(lo <= paired(&m)[0] && paired(&m)[0] <= hi);
    }
}
