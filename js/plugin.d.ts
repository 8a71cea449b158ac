import type { JsPsych, PluginInfo } from 'jspsych';
import type { Question } from './index.js';

/** The trial's parameters (all optional; see docs/embedding.md). */
export interface FermiEstimateParameters {
  question?: Question | null;
  text?: string | null;
  unit?: string | null;
  question_id?: string | null;
  formats?: ('quick' | 'squiggle' | 'fermi')[];
  samples?: number;
  seed?: number;
  show_percentiles?: boolean;
  time_limit_s?: number;
  button_label?: string;
}

/** One trial's data: the item fields of a study response record, and `rt`. */
export interface FermiEstimateData {
  question: string | null;
  status: 'answered';
  skip_reason: null;
  format: 'quick' | 'squiggle' | 'fermi';
  program: string;
  quick: { low: string; high: string } | null;
  samples: number;
  seed: number;
  summary: { p5: number; p50: number; p95: number; mean_ln: number | null; sd_ln: number | null };
  shown_at: string;
  first_edit_ms: number | null;
  answered_ms: number;
  active_ms: number;
  hidden_ms: number;
  hidden_count: number;
  edits: number;
  error_runs: number;
  over_time: boolean;
  rt: number;
}

declare class FermiEstimatePlugin {
  static info: PluginInfo;
  constructor(jsPsych: JsPsych);
  trial(display_element: HTMLElement, trial: FermiEstimateParameters, on_load?: () => void): Promise<FermiEstimateData>;
}

export { FermiEstimatePlugin as jsPsychFermiEstimate };
export default FermiEstimatePlugin;
