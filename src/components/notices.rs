use leptos::prelude::*;

use crate::state::AppState;

/// Notices about storage, links and files: text only, each dismissible.
#[component]
pub fn Notices() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <div class="notices" role="status" aria-live="polite" data-testid="notices">
            <For
                each=move || state.notices.get().into_iter().enumerate()
                key=|(i, n)| (*i, n.clone())
                children=move |(_, notice)| {
                    let text = notice.clone();
                    view! {
                        <p class="notice">
                            <span>{notice}</span>
                            <button
                                class="dismiss"
                                aria-label="Dismiss this notice"
                                on:click=move |_| state.notices.update(|n| n.retain(|m| *m != text))
                            >
                                "×"
                            </button>
                        </p>
                    }
                }
            />
        </div>
    }
}
