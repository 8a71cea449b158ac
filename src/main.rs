fn main() {
    console_error_panic_hook::set_once();
    // In the evaluation worker (www/worker.js) the module only serves `worker_run`: there is no page to mount.
    if web_sys::window().is_none() {
        return;
    }
    leptos::mount::mount_to_body(playground::App);
}
