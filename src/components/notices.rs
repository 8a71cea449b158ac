use leptos::prelude::*;

/// Notices about storage, links and files: text only, each dismissible.
#[component]
pub fn Notices(notices: RwSignal<Vec<String>>) -> impl IntoView {
    view! {
        <div class="notices" role="status" aria-live="polite" data-testid="notices">
            <For
                each=move || notices.get().into_iter().enumerate()
                key=|(i, n)| (*i, n.clone())
                children=move |(_, notice)| {
                    let text = notice.clone();
                    view! {
                        <p class="notice">
                            <span>{notice}</span>
                            <button
                                class="dismiss"
                                aria-label="Dismiss this notice"
                                on:click=move |_| notices.update(|n| n.retain(|m| *m != text))
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
