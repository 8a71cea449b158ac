// Runs the page's large evaluations, and after Submit their scoring, off its thread (see src/worker.rs). The first
// message gives the URLs of the app's own wasm-bindgen module and wasm file; each later one is a run request of one
// lane (a pipeline: several may share this worker). Requests of a lane that queue up while a run is busy collapse
// to the lane's latest: the page ignores any other result anyway.
let ready;
const pending = new Map();
let scheduled = false;

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
  pending.delete(e.data.lane);
  pending.set(e.data.lane, e.data);
  // A timer lets every message already queued arrive first, so only each lane's newest request is run.
  if (!scheduled) {
    scheduled = true;
    ready.then((glue) => setTimeout(() => run(glue), 0));
  }
};

// Runs the lane waiting longest, then lets new messages in before the next.
function run(glue) {
  const [lane, { id, request }] = pending.entries().next().value;
  pending.delete(lane);
  // The request is the core's postcard bytes (`encode_request`): program, dialect, samples, seed and truth.
  const result = glue.worker_run(request);
  // The result is postcard bytes: hand their buffer over rather than copy it.
  self.postMessage({ id, run: result }, [result.buffer]);
  if (pending.size > 0) setTimeout(() => run(glue), 0);
  else scheduled = false;
}
