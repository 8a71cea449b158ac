export type {
  Answer, Assessment, Diagnostic, Dialect, EvaluateOptions, Evaluation, FermiError, FittedTruth, LogSummary,
  Question, Report, TruthInput, TruthSpec,
} from './pkg/fermi_js.js';
export { evaluate, fitTruth, questions, quickProgram, readable, score } from './pkg/fermi_js.js';

/** Loads the wasm once; later calls return the same promise. `source` overrides where the .wasm is fetched from. */
export function init(source?: string | URL | Request | Response | BufferSource | WebAssembly.Module): Promise<void>;
