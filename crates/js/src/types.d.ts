/** A problem placed by 1-based line and column (columns in characters); `null` where it has no place. */
export interface Diagnostic {
  line: number | null;
  col: number | null;
  end_line: number | null;
  end_col: number | null;
  severity: "error" | "warning";
  message: string;
  hint: string | null;
}

/** What every function throws on bad input: an `Error` whose `diagnostics` lists every problem. */
export interface FermiError extends Error {
  diagnostics: Diagnostic[];
}

export type Dialect = "squiggle" | "fermi";

export interface EvaluateOptions {
  /** Default "squiggle". */
  dialect?: Dialect;
  /** 100 to 10,000,000; default 10,000. */
  samples?: number;
  /** Seed of the random generator (a BigInt above 2^53); default 1. */
  seed?: number | bigint;
}

/** The scorer's summary, as a study record carries it: type-7 quantiles of ln(samples) taken back to the linear
 * scale, and the mean and ddof-0 sd of ln(samples). */
export interface ItemSummary { p5: number; p50: number; p95: number; mean_ln: number; sd_ln: number }

export interface Evaluation {
  /** Type-7 quantiles of the linear-space samples (defined when a sample is ≤ 0 too). */
  quantiles: { p5: number; p50: number; p95: number };
  /** The scorer's summary (`eval --json`'s `record_summary`); `null` when a sample is ≤ 0. */
  summary: ItemSummary | null;
  count: number;
  /** Warnings (errors are thrown). */
  diagnostics: Diagnostic[];
}

/** A program with its options, or linear-space sample values. */
export type Answer =
  | ({ program: string } & EvaluateOptions)
  | { values: number[] | Float64Array };

export type FittedTruth =
  | { kind: "lognormal"; mu: number; sigma: number; p5: number; p50: number; p95: number }
  | { kind: "point"; value: number; p5: number; p50: number; p95: number };

/** fitTruth's result, a 90% interval, or a single value (linear space, in the question's unit). */
export type TruthInput =
  | FittedTruth
  | { kind: "lognormal"; mu: number; sigma: number }
  | { kind: "point"; value: number }
  | { p5: number; p95: number }
  | { point: number };

/** Ln-space summary of one side. */
export interface LogSummary { mean: number; sd: number; median: number; p5: number; p95: number }

/** Every rule of docs/scoring.md, in nats on the ln axis (lower is better, except fp_score and coverage90). */
export interface Report {
  cramer_log: number;
  cramer_log_unbiased: number | null;
  crps_log: number;
  crps_log_fair: number | null;
  w1_log: number;
  kl_log_q_FG: number | null;
  kl_log_q_GF: number | null;
  kl_log_m_FG: number | null;
  kl_log_m_GF: number | null;
  fp_score: number;
  interval90_l: number;
  interval90_u: number;
  winkler90_expected: number;
  winkler90_at_median: number;
  coverage90: number;
  median_in_interval90: boolean;
  log_score: number | null;
  breakdown_shift: { total: number; bias: number; location: number; shape: number };
  breakdown_normal: {
    total: number; bias: number; normal_total: number; location: number; spread: number; residual: number;
  };
  diagnostics: {
    bias_mean_nats: number;
    bias_median_nats: number;
    bias_median_decades: number;
    bias_median_factor: number;
    sharpness_F: number;
    sharpness_G: number;
    sd_ratio: number | null;
  };
  summary_F: LogSummary;
  summary_G: LogSummary;
}

export interface Assessment {
  report: Report;
  noise: {
    floor: number;
    bias_sd: number;
    bias_within_noise: boolean;
    location_within_noise: boolean;
    shape_within_noise: boolean;
    total_within_noise: boolean;
  };
  /** Cramér-log of the answer re-centred on the truth's median, twice as wide, half as wide. */
  what_if: { recentred: number; wider: number; narrower: number };
  /** Every rule the report carries, from the one rule table, with its value: `score --json`'s `rules`. */
  rules: Array<{
    id: string; key: string; name: string; measures: string; rewards: string; weakness: string;
    orientation: "lower_is_better" | "higher_is_better"; propriety: string; unit: string;
    value: number | string | boolean | null;
  }>;
  verdicts: {
    score: string;
    bias: string;
    spread: "no_spread" | "over_confident" | "about_right" | "under_confident" | "undefined";
    spread_text: string;
    coverage: string;
    /** A reading of the score: lower is better, this question's 2×/10×-off reference points, FermiBench's medians. */
    scale: string;
    /** The sampling noise floor, or that a single true value sets none. */
    noise: string;
  };
  /** Plain-language sentences, as the app shows them. */
  feedback: string[];
  /**
   * With `score(answer, truth, {question})` and a program: the miss attributed to the question's reference factors
   * (docs/scoring.md, "Factor attribution"), or null when the question has no reference decomposition.
   */
  factors?: Attribution | null;
}

/** `score`'s third argument: the question (of `pack`, a TOML text; the built-in pack by default). */
export interface ScoreOptions {
  question?: string;
  pack?: string;
  /** A person's corrections: the answer's variable stands for this reference factor (null: for none). */
  matches?: { answer: string; reference: string | null }[];
}

/** One factor of one side of an attribution. */
export interface FactorSide { name: string; median: number; sigma: number; elasticity: number; named: boolean }

/** A matched pair of factors and its part of the miss (nats) and of the width gap (nats²). */
export interface FactorRow {
  reference: string;
  answer: string;
  matched_by: "name" | "words" | "correction";
  unit?: string;
  answer_median: number;
  reference_median: number;
  contribution: number;
  width: number;
  answer_sigma: number;
  reference_sigma: number;
}

/** The answer's log error and width attributed to factors; the same object as `score --factors --json`'s `factors`. */
export interface Attribution {
  total: number;
  answer_median: number;
  truth_median: number;
  method: "exact" | "elasticity";
  approximation: string;
  factors: FactorRow[];
  rest: number;
  residual: number;
  answer_sigma: number;
  truth_sigma: number;
  width_rest: number;
  width_residual: number;
  answer_factors: FactorSide[];
  reference_factors: FactorSide[];
  unmatched_answer: string[];
  unmatched_reference: string[];
  traps: string[];
  sentences: string[];
}

export type TruthSpec =
  | { kind: "point"; value: number }
  | { kind: "log_range"; low: number; high: number }
  | { kind: "distribution"; program: string; fermi?: string };

/** A pack question (docs/pack-format.md); `pack` is its pack's id. */
export interface Question {
  pack: string;
  id: string;
  text: string;
  unit: string;
  as_of: string;
  topics: string[];
  countries: string[];
  difficulty?: string;
  disambiguation?: string;
  sources: { factor?: string; publisher: string; title: string; url: string; tier: string; detail: string; accessed?: string }[];
  /** Only with `{truths: true}`, as are explanation, trap and derivation. */
  truth?: TruthSpec;
  explanation?: string;
  trap?: string;
  derivation?: string;
}

/** A moment as the page measures it. */
export interface Now { wall_ms: number; mono_ms: number; visible: boolean }

/** An answer as typed: a 90% interval's two boxes, or a program. */
export type AnswerInput =
  | { way: "quick"; low: string; high: string }
  | { way: "program"; dialect: Dialect; source: string };

/** How an item is run and timed. */
export interface ItemSpec {
  formats: ("quick" | "squiggle" | "fermi")[];
  samples: number;
  /** A BigInt above 2^53. */
  seed: number | bigint;
  time_limit_s: number;
}

/** A participant's plan of a study file: one item per scored question, in the participant's order. */
export interface StudyPlan {
  id: string;
  version: number;
  sha256: string;
  arm: string | null;
  arm_text: string | null;
  order: string[];
  items: ({ question: string } & ItemSpec)[];
}

/** Who answered, and when (RFC 3339), for studyRecord. */
export interface StudyRecordMeta {
  participant: { id: string; source?: string; params?: Record<string, string> };
  submission_id: string;
  started_at: string;
  finished_at: string;
  user_agent?: string;
}

/** One answered item's data: the item fields of a study response record but `position`. */
export interface FermiEstimateData {
  question: string | null;
  status: "answered";
  skip_reason: null;
  format: "quick" | "squiggle" | "fermi";
  program: string;
  quick: { low: string; high: string } | null;
  samples: number;
  /** A decimal string above 2^53. */
  seed: number | string;
  summary: ItemSummary;
  shown_at: string;
  first_edit_ms: number | null;
  answered_ms: number;
  active_ms: number;
  hidden_ms: number;
  hidden_count: number;
  edits: number;
  error_runs: number;
  over_time: boolean;
}
