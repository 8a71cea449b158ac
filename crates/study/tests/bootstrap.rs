//! The bootstrap over questions against direct computations on tiny cases.

use fermi_num::quantile_type7;
use fermi_study::{bootstrap_interval, bootstrap_medians, median};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

#[test]
fn the_draws_are_the_documented_ones() {
    // ChaCha8 seeded with the seed; each index is ⌊u64 · n / 2⁶⁴⌋; each resample's type-7 median.
    let values = [0.4, 0.1, 2.5, 0.9];
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let direct: Vec<f64> = (0..50)
        .map(|_| {
            let mut draw: Vec<f64> = (0..values.len())
                .map(|_| values[((u128::from(rng.next_u64()) * 4) >> 64) as usize])
                .collect();
            draw.sort_by(f64::total_cmp);
            draw[1] + 0.5 * (draw[2] - draw[1]) // type 7 at p = 0.5, h = 1.5
        })
        .collect();
    assert_eq!(bootstrap_medians(&values, 50, 17), direct);
}

#[test]
fn the_medians_follow_the_exact_bootstrap_distribution() {
    // Three questions: 27 equally likely resamples; the median is 1 in 7 of them, 2 in 13, 3 in 7.
    let values = [1.0, 2.0, 3.0];
    let n = 27_000;
    let medians = bootstrap_medians(&values, n, 5);
    for (value, exact) in [(1.0, 7.0 / 27.0), (2.0, 13.0 / 27.0), (3.0, 7.0 / 27.0)] {
        let share = medians.iter().filter(|&&m| m == value).count() as f64 / n as f64;
        let se = (exact * (1.0 - exact) / n as f64).sqrt();
        assert!(
            (share - exact).abs() < 5.0 * se,
            "median {value}: {share} against {exact}"
        );
    }
    // Each end holds over 2.5% of the mass, so the 95% interval is exactly [1, 3].
    assert_eq!(bootstrap_interval(&values, n, 5), Some((1.0, 3.0)));
}

#[test]
fn the_interval_is_the_type7_quantiles_of_the_sorted_medians() {
    let values = [0.03, 0.2, 0.11, 1.7, 0.6, 0.09, 0.4];
    let mut medians = bootstrap_medians(&values, 1000, 3);
    medians.sort_by(f64::total_cmp);
    let (low, high) = bootstrap_interval(&values, 1000, 3).unwrap();
    assert_eq!(low, quantile_type7(&medians, 0.025));
    assert_eq!(high, quantile_type7(&medians, 0.975));
    let m = median(&values).unwrap();
    assert!(low < m && m < high, "{low} {m} {high}");
    assert_eq!(bootstrap_interval(&[], 1000, 3), None);
    assert_eq!(bootstrap_interval(&values, 0, 3), None);
    assert_eq!(bootstrap_interval(&[0.5], 100, 3), Some((0.5, 0.5)));
}
