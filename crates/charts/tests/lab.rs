//! The lab's charts drawn natively to SVG (the same code draws to the browser's canvas): a panel per rule along
//! each axis, and the heat map with its legend and the report's mark. The numbers drawn are tested in
//! `fermi-score`'s lab.

use fermi_charts::LIGHT;
use fermi_charts::lab::{draw_curves, draw_heat_map, draw_heat_mark};
use fermi_score::lab::{self, Axis, Belief, Range, Report, Rule};
use plotters::prelude::*;

fn svg(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>),
) -> String {
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&area);
    }
    svg
}

#[test]
fn the_curves_draw_one_panel_per_rule_along_each_axis() {
    let belief = Belief::new(4.6, 0.8).unwrap();
    let range = Range::default();
    for axis in [Axis::Width, Axis::Shift] {
        let curves = lab::curves(&belief, &Report::new(0.3, 1.5), &range, axis, 41);
        assert_eq!(curves.len(), Rule::ALL.len());
        let drawn = svg((1000, 500), |area| {
            draw_curves(area, &curves, axis.is_log(), LIGHT, 1.0).unwrap()
        });
        // Each panel is a line of its own and names its rule.
        assert!(
            drawn.matches("<polyline").count() >= curves.len(),
            "{axis:?}"
        );
        for curve in &curves {
            assert!(
                drawn.contains(curve.rule.name()),
                "{axis:?}: {} missing",
                curve.rule.name()
            );
        }
    }
}

#[test]
fn the_heat_map_fills_its_cells_and_returns_where_they_are() {
    let belief = Belief::new(4.6, 0.8).unwrap();
    let range = Range::default();
    let map = lab::heat_map(Rule::CramerLog, &belief, &range, 11, 11);
    let best = lab::optimum(Rule::CramerLog, &belief, &range);
    let mut plotted = None;
    let drawn = svg((600, 400), |area| {
        plotted = Some(draw_heat_map(area, &map, best.as_ref(), LIGHT, 1.0).unwrap());
    });
    // 121 cells, the legend's shades and the background.
    assert!(
        drawn.matches("<rect").count() > 121,
        "{}",
        drawn.matches("<rect").count()
    );
    let (xs, ys) = plotted.unwrap();
    assert!(
        0 <= xs.start && xs.start < xs.end && xs.end <= 600,
        "{xs:?}"
    );
    assert!(
        0 <= ys.start && ys.start < ys.end && ys.end <= 400,
        "{ys:?}"
    );
    let mark = svg((600, 400), |area| {
        draw_heat_mark(area, &map, &Report::HONEST, 1.0).unwrap()
    });
    assert!(mark.contains("<circle"), "the report's mark");
}
