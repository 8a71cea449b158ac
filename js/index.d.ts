export type {
  Answer, AnswerInput, Assessment, Diagnostic, Dialect, EvaluateOptions, Evaluation, FermiError, FermiEstimateData,
  FittedTruth, ItemSpec, ItemSummary, LogSummary, Now, Question, Report, StudyPlan, StudyRecordMeta, TruthInput,
  TruthSpec,
} from './pkg/fermi_js.js';
export {
  ItemSession, evaluate, fitTruth, questions, quickProgram, readable, score, studyPlan, studyRecord, unitWarning,
  valueIn, quantity,
} from './pkg/fermi_js.js';

/** Loads the wasm once; later calls return the same promise. `source` overrides where the .wasm is fetched from. */
export function init(source?: string | URL | Request | Response | BufferSource | WebAssembly.Module): Promise<void>;
