// Runs the page's large evaluations, and after Submit their scoring, off its thread (see src/worker.rs). The first
// message gives the URLs of the app's own wasm-bindgen module and wasm file; each later one is a run request.
// Requests that queue up while a run is busy collapse to the latest: the page ignores any other result anyway.
let ready;
let next = null;

self.onmessage = (e) => {
  if (e.data.glue) {
    ready = import(e.data.glue).then(async (glue) => {
      await glue.default({ module_or_path: e.data.wasm });
      return glue;
    });
    ready.catch((err) => {
      console.warn('evaluation worker:', err);
      self.postMessage({ id: -1, run: null });
    });
    return;
  }
  const idle = next === null;
  next = e.data;
  // A timer lets every message already queued arrive first, so only the newest request is run.
  if (idle) ready.then((glue) => setTimeout(() => run(glue), 0));
};

function run(glue) {
  const { id, source, fermi, samples, seed, truth } = next;
  next = null;
  const result = glue.worker_run(source, fermi, samples, seed, truth);
  // The result is postcard bytes: hand their buffer over rather than copy it.
  self.postMessage({ id, run: result }, [result.buffer]);
}
