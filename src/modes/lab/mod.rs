//! The scoring lab (`#lab`): set a belief, move a report away from it (shift, width), and see what every rule
//! expects to pay; then see rules disagree about five stored answers, and five guided lessons. Every number and
//! word comes from `fermi_score::lab`.

mod belief;
mod disagree;
mod explorer;
mod lessons;

use fermi_score::lab::{Belief, Range, Report, Rule};
use leptos::prelude::*;

use disagree::RulesDisagree;
use explorer::Explorer;
use lessons::Lessons;

/// Points along each slider (and each curve); odd, so that the middle one is the honest report exactly.
pub const STEPS: usize = 81;
pub const MIDDLE: usize = STEPS / 2;

/// The lab's state, shared by its views: the belief as typed, the report as slider steps, the chosen rule.
#[derive(Clone, Copy)]
pub struct LabState {
    pub low: RwSignal<String>,
    pub high: RwSignal<String>,
    pub belief: Memo<Result<Belief, String>>,
    pub range: Range,
    pub shift_at: RwSignal<usize>,
    pub width_at: RwSignal<usize>,
    pub report: Memo<Report>,
    pub rule: RwSignal<Rule>,
}

impl LabState {
    fn new() -> LabState {
        let range = Range::default();
        let low = RwSignal::new("1 million".to_string());
        let high = RwSignal::new("100 million".to_string());
        let shift_at = RwSignal::new(MIDDLE);
        let width_at = RwSignal::new(MIDDLE);
        let belief = Memo::new(move |_| Belief::typed(&low.get(), &high.get()));
        let report = Memo::new(move |_| range.report_at(shift_at.get(), width_at.get(), STEPS));
        LabState {
            low,
            high,
            belief,
            range,
            shift_at,
            width_at,
            report,
            rule: RwSignal::new(Rule::CrpsLog),
        }
    }
}

/// A slider over the steps `0..=last` of `at`, labelled by `children`.
#[component]
fn StepSlider(
    #[prop(into)] id: String,
    last: usize,
    at: RwSignal<usize>,
    children: Children,
) -> impl IntoView {
    view! {
        <label for=id.clone()>{children()}</label>
        <input
            id=id.clone()
            data-testid=id
            type="range"
            min="0"
            max=last
            step="1"
            prop:value=move || at.get().to_string()
            on:input=move |ev| {
                if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                    at.set(i.min(last));
                }
            }
        />
    }
}

/// The lab's three views.
#[derive(Clone, Copy, PartialEq, Eq)]
enum View {
    Explorer,
    Disagree,
    Lessons,
}

#[component]
pub fn Lab() -> impl IntoView {
    let state = LabState::new();
    provide_context(state);
    let shown = RwSignal::new(View::Explorer);
    let tab = move |which: View, id: &'static str, label: &'static str| {
        view! {
            <button
                data-testid=id
                aria-pressed=move || (shown.get() == which).to_string()
                on:click=move |_| shown.set(which)
            >
                {label}
            </button>
        }
    };
    view! {
        <header class="masthead">
            <h1>"Fermi Playground · Scoring lab"</h1>
            <p class="tagline">
                "Say what you believe, then report something else: see what each scoring rule expects to pay. "
                <a href="#" data-testid="open-practice">"Back to practice"</a>
            </p>
            <nav class="tabs lab-tabs" aria-label="Lab views">
                {tab(View::Explorer, "lab-tab-explorer", "Explorer")}
                {tab(View::Disagree, "lab-tab-disagree", "Rules disagree")}
                {tab(View::Lessons, "lab-tab-lessons", "Lessons")}
            </nav>
        </header>
        <main class="lab">
            {move || match shown.get() {
                View::Explorer => view! { <Explorer /> }.into_any(),
                View::Disagree => view! { <RulesDisagree /> }.into_any(),
                View::Lessons => view! { <Lessons /> }.into_any(),
            }}
        </main>
    }
}
