fn main() {
    console_error_panic_hook::set_once();
    // In the evaluation worker (www/worker.js) the module only serves `worker_run`: there is no page to mount.
    if web_sys::window().is_none() {
        return;
    }
    wasm_bindgen_futures::spawn_local(playground::start());
}
