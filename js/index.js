// The Fermi Playground's JavaScript API (docs/embedding.md): `await init()` once, then call the functions, which
// are synchronous. The wasm is fetched and compiled once per page, however many times `init` is called.
import initWasm, * as wasm from './pkg/fermi_js.js';

let loading;
let ready = false;

/** Loads the wasm (once); `source` is where to fetch the .wasm from, by default beside this package's files. */
export function init(source) {
  loading ??= initWasm(source === undefined ? undefined : { module_or_path: source }).then(() => {
    ready = true;
  });
  return loading;
}

// A call before `init` would otherwise fail deep inside the glue with a TypeError.
const guard = (name, f) => (...args) => {
  if (!ready) throw new Error(`fermi-playground: await init() before calling ${name}`);
  return f(...args);
};

export const evaluate = guard('evaluate', wasm.evaluate);
export const score = guard('score', wasm.score);
export const questions = guard('questions', wasm.questions);
export const fitTruth = guard('fitTruth', wasm.fitTruth);
export const quickProgram = guard('quickProgram', wasm.quickProgram);
export const readable = guard('readable', wasm.readable);
export const valueIn = guard('valueIn', wasm.valueIn);
export const quantity = guard('quantity', wasm.quantity);
export const unitWarning = guard('unitWarning', wasm.unitWarning);
export const studyPlan = guard('studyPlan', wasm.studyPlan);
export const studyRecord = guard('studyRecord', wasm.studyRecord);
/** One item's answer, clock and record, kept by the study core (see docs/embedding.md). */
export class ItemSession extends wasm.ItemSession {
  constructor(...args) {
    if (!ready) throw new Error('fermi-playground: await init() before calling ItemSession');
    super(...args);
  }
}
