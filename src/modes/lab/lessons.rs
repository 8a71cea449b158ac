//! Five guided lessons, one screen each: the title, the two-line point, what to read aloud, the terms used, and a
//! live widget (the lesson's sliders and the lines the core computes for them, for the lab's belief).

use fermi_score::lab::{LESSONS, Lesson};
use leptos::prelude::*;

use super::{LabState, StepSlider};

#[component]
pub fn Lessons() -> impl IntoView {
    let at = RwSignal::new(0usize);
    let picker = LESSONS
        .iter()
        .enumerate()
        .map(|(i, lesson)| {
            view! {
                <button
                    data-testid=format!("lab-lesson-{}", lesson.number)
                    aria-pressed=move || (at.get() == i).to_string()
                    on:click=move |_| at.set(i)
                >
                    {format!("{}. {}", lesson.number, lesson.title)}
                </button>
            }
        })
        .collect_view();
    view! {
        <nav class="lab-lesson-list" aria-label="Lessons">{picker}</nav>
        {move || {
            let lesson = LESSONS[at.get()];
            view! { <LessonScreen lesson /> }
        }}
    }
}

#[component]
fn LessonScreen(lesson: Lesson) -> impl IntoView {
    let state = expect_context::<LabState>();
    let steps: Vec<RwSignal<usize>> = lesson
        .controls
        .iter()
        .map(|c| RwSignal::new(c.start))
        .collect();
    let sliders = lesson
        .controls
        .iter()
        .zip(steps.iter().copied())
        .map(|(control, step)| {
            let control = *control;
            view! {
                <StepSlider id=format!("lab-lesson-slider-{}", control.key) last=control.steps at=step>
                    {control.label} ": " <strong>{move || control.describe(step.get())}</strong>
                </StepSlider>
            }
        })
        .collect_view();
    let belief_words = move || match state.belief.get() {
        Ok(b) => format!(
            "The belief: {} (change it in the Explorer).",
            b.quantiles().words()
        ),
        Err(why) => format!("{why} Set the belief in the Explorer."),
    };
    let lines = move || {
        let belief = state.belief.get().ok()?;
        let at: Vec<usize> = steps.iter().map(|s| s.get()).collect();
        let rows = lesson
            .lines(&belief, &at)
            .into_iter()
            .map(|line| {
                view! {
                    <tr class:flag=line.flag>
                        <th scope="row">{line.label}</th>
                        <td class="value">{line.value}</td>
                        <td class="muted">{line.note}</td>
                    </tr>
                }
            })
            .collect_view();
        Some(
            view! { <table class="lab-lesson-lines" data-testid="lab-lesson-lines"><tbody>{rows}</tbody></table> },
        )
    };
    let terms = lesson
        .glossary()
        .into_iter()
        .map(|(term, meaning)| view! { <li><strong>{term}</strong> ": " {meaning}</li> })
        .collect_view();
    view! {
        <section class="panel lab-lesson" data-testid="lab-lesson" aria-label=lesson.title>
            <h2>{format!("Lesson {}: {}", lesson.number, lesson.title)}</h2>
            <p class="lab-point" data-testid="lab-lesson-point">
                {lesson.point[0]} <br /> {lesson.point[1]}
            </p>
            <div class="lab-widget">
                {sliders}
                {lines}
            </div>
            <p class="muted">{belief_words}</p>
            <p>{lesson.read_aloud}</p>
            <ul class="lab-terms">{terms}</ul>
        </section>
    }
}
