// jsPsychFermiEstimate: one Fermi estimate per trial, as a 90% interval ("quick") or a program, evaluated live by
// the wasm core. Its data are the item fields of a study response record (docs/embedding.md).
import { ParameterType } from 'jspsych';
import { init, evaluate, quickProgram, readable } from './index.js';

const FORMATS = ['quick', 'squiggle', 'fermi'];
const FORMAT_LABELS = { quick: '90% interval', squiggle: 'Squiggle program', fermi: 'fermi program' };
// Runs wait for a pause in typing, so a long program is not sampled at every keystroke.
const RUN_DELAY_MS = 150;

const info = {
  name: 'fermi-estimate',
  version: '0.1.0',
  parameters: {
    /** A question from `questions()`: its text and unit are shown and `PACK/ID` is recorded. */
    question: { type: ParameterType.OBJECT, default: null },
    /** The question's text (shown as text, not HTML); overrides the question object's. */
    text: { type: ParameterType.STRING, default: null },
    /** The unit the answer is in; overrides the question object's. */
    unit: { type: ParameterType.STRING, default: null },
    /** The id recorded as `question` when no question object is given. */
    question_id: { type: ParameterType.STRING, default: null },
    /** Formats the participant may answer in, the first shown first: "quick", "squiggle", "fermi". */
    formats: { type: ParameterType.STRING, array: true, default: ['quick', 'squiggle'] },
    /** Samples drawn from each answer (100 to 10,000,000). */
    samples: { type: ParameterType.INT, default: 10000 },
    /** Seed of the random generator: with the program and the sample count, it fixes the samples. */
    seed: { type: ParameterType.INT, default: 1 },
    /** Show the participant their own 5%, 50% and 95% as they type. */
    show_percentiles: { type: ParameterType.BOOL, default: true },
    /** Seconds for the trial; 0 for none. Soft: a countdown is shown, an overrun is recorded, nothing is lost. */
    time_limit_s: { type: ParameterType.INT, default: 0 },
    /** Label of the button that ends the trial. */
    button_label: { type: ParameterType.STRING, default: 'Continue' },
  },
  data: {
    /** `PACK/ID` of the question object (its `id` alone without a `pack`), or `question_id`, or null. */
    question: { type: ParameterType.STRING },
    /** Always "answered" (the plugin has no skip). */
    status: { type: ParameterType.STRING },
    /** Always null (the plugin has no skip). */
    skip_reason: { type: ParameterType.STRING },
    /** "quick", "squiggle" or "fermi". */
    format: { type: ParameterType.STRING },
    /** The text as evaluated (a quick answer's is the Squiggle program it became). */
    program: { type: ParameterType.STRING },
    /** A quick answer's two boxes as typed, `{low, high}`; null for a program. */
    quick: { type: ParameterType.OBJECT },
    /** Samples drawn. */
    samples: { type: ParameterType.INT },
    /** Seed used. */
    seed: { type: ParameterType.INT },
    /** `{p5, p50, p95, mean_ln, sd_ln}` of the answer's samples. */
    summary: { type: ParameterType.OBJECT },
    /** When the question was shown (RFC 3339, UTC). */
    shown_at: { type: ParameterType.STRING },
    /** Milliseconds from showing to the first edit; null if none. */
    first_edit_ms: { type: ParameterType.INT },
    /** Milliseconds from showing to the click on the button. */
    answered_ms: { type: ParameterType.INT },
    /** answered_ms without hidden_ms. */
    active_ms: { type: ParameterType.INT },
    /** Milliseconds the page was hidden (another tab or window) while the question was shown. */
    hidden_ms: { type: ParameterType.INT },
    /** How many times the page was hidden. */
    hidden_count: { type: ParameterType.INT },
    /** Input events in the answer's boxes. */
    edits: { type: ParameterType.INT },
    /** Runs that ended in an error. */
    error_runs: { type: ParameterType.INT },
    /** Whether the answer came after the time limit. */
    over_time: { type: ParameterType.BOOL },
    /** The same as answered_ms, under jsPsych's usual name. */
    rt: { type: ParameterType.INT },
  },
};

/** An element with a class, an id and text (never HTML: question text is data). */
function element(tag, id, text) {
  const el = document.createElement(tag);
  if (id) el.id = `jspsych-fermi-estimate-${id}`;
  el.className = `jspsych-fermi-estimate${id ? `-${id}` : ''}`;
  if (text != null) el.textContent = text;
  return el;
}

/** The first error as `line:col: message (hint)`. */
function describe(error) {
  const d = error.diagnostics?.find((x) => x.severity === 'error');
  if (!d) return error.message;
  const at = d.line != null ? `line ${d.line}, column ${d.col}: ` : '';
  return `${at}${d.message}${d.hint ? ` (${d.hint})` : ''}`;
}

class FermiEstimatePlugin {
  static info = info;

  constructor(jsPsych) {
    this.jsPsych = jsPsych;
  }

  async trial(display_element, trial, on_load) {
    await init();
    const formats = trial.formats.filter((f) => FORMATS.includes(f));
    if (formats.length === 0) {
      throw new Error(`jsPsychFermiEstimate: formats must name one of ${FORMATS.join(', ')}`);
    }
    const q = trial.question;
    const text = trial.text ?? q?.text ?? '';
    const unit = trial.unit ?? q?.unit ?? '';

    const root = element('div', null);
    root.append(element('p', 'text', text));
    if (unit) root.append(element('p', 'unit', `Answer in: ${unit}`));

    let format = formats[0];
    if (formats.length > 1) {
      const choice = element('div', 'formats');
      for (const f of formats) {
        const label = element('label', null);
        const radio = document.createElement('input');
        Object.assign(radio, { type: 'radio', name: 'jspsych-fermi-estimate-format', value: f, checked: f === format });
        radio.id = `jspsych-fermi-estimate-format-${f}`;
        radio.addEventListener('change', () => { format = f; show(); schedule(); });
        label.append(radio, ` ${FORMAT_LABELS[f]}`);
        choice.append(label);
      }
      root.append(choice);
    }

    const quickBox = element('div', 'quick');
    const low = element('input', 'low');
    const high = element('input', 'high');
    for (const [input, place] of [[low, 'low (5%)'], [high, 'high (95%)']]) {
      Object.assign(input, { type: 'text', placeholder: place, autocomplete: 'off' });
    }
    quickBox.append('90% sure it is between ', low, ' and ', high);
    const programBox = element('textarea', 'program');
    Object.assign(programBox, { rows: 6, cols: 60, spellcheck: false, placeholder: 'e.g. to(1e6, 3e7) * 0.2' });
    const message = element('p', 'message');
    message.setAttribute('role', 'status');
    const percentiles = element('p', 'percentiles');
    const countdown = element('p', 'countdown');
    const button = element('button', 'next', trial.button_label);
    button.classList.add('jspsych-btn');
    button.disabled = true;
    root.append(quickBox, programBox, message, percentiles, countdown, button);
    display_element.replaceChildren(root);

    const shownAt = new Date().toISOString();
    const t0 = performance.now();
    const since = () => Math.round(performance.now() - t0);
    let firstEdit = null;
    let edits = 0;
    let errorRuns = 0;
    let hiddenMs = 0;
    let hiddenCount = 0;
    let hiddenSince = document.hidden ? performance.now() : null;
    let current = null; // the last valid run: {program, quick, result}
    let timer = null;

    const onVisibility = () => {
      if (document.hidden) {
        hiddenSince = performance.now();
        hiddenCount += 1;
      } else if (hiddenSince !== null) {
        hiddenMs += performance.now() - hiddenSince;
        hiddenSince = null;
      }
    };
    document.addEventListener('visibilitychange', onVisibility);

    function show() {
      quickBox.hidden = format !== 'quick';
      programBox.hidden = format === 'quick';
    }

    /** The run of what is typed now: sets `current` (null while invalid) and what the page shows. */
    function run() {
      timer = null;
      current = null;
      percentiles.textContent = '';
      let program;
      let quick = null;
      try {
        if (format === 'quick') {
          if (!low.value.trim() || !high.value.trim()) throw new Error('Type a low and a high number.');
          quick = { low: low.value, high: high.value };
          program = quickProgram(low.value, high.value, 'squiggle');
        } else {
          program = programBox.value;
          if (!program.trim()) throw new Error('Write your estimate as a program.');
        }
        const result = evaluate(program, {
          dialect: format === 'fermi' ? 'fermi' : 'squiggle',
          samples: trial.samples,
          seed: trial.seed,
        });
        current = { program, quick, result };
        message.textContent = '';
        const { p5, p50, p95 } = result.quantiles;
        if (trial.show_percentiles) {
          percentiles.textContent = `5%: ${readable(p5)}   50%: ${readable(p50)}   95%: ${readable(p95)}`;
        }
      } catch (e) {
        if (e.diagnostics) errorRuns += 1;
        message.textContent = describe(e);
      }
      button.disabled = current === null;
    }

    // jsPsych's timeouts are cleared with the trial, however it ends.
    const later = (f, ms) => this.jsPsych.pluginAPI.setTimeout(f, ms);

    function schedule() {
      if (timer !== null) clearTimeout(timer);
      button.disabled = true;
      timer = later(run, RUN_DELAY_MS);
    }

    const onEdit = () => {
      edits += 1;
      firstEdit ??= since();
      schedule();
    };
    for (const input of [low, high, programBox]) input.addEventListener('input', onEdit);

    let ticker = null;
    if (trial.time_limit_s > 0) {
      const tick = () => {
        const left = trial.time_limit_s - Math.floor(since() / 1000);
        countdown.textContent = left > 0
          ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left`
          : 'Time is up: please finish your answer.';
        ticker = later(tick, 1000);
      };
      tick();
    }

    show();
    run();
    message.textContent = '';
    on_load?.();

    return new Promise((resolve) => {
      button.addEventListener('click', () => {
        if (timer !== null) {
          clearTimeout(timer);
          run();
        }
        if (current === null) return;
        const answered = since();
        if (hiddenSince !== null) hiddenMs += performance.now() - hiddenSince;
        clearTimeout(ticker);
        document.removeEventListener('visibilitychange', onVisibility);
        const { program, quick, result } = current;
        const hidden = Math.round(hiddenMs);
        resolve({
          question: q ? (q.pack ? `${q.pack}/${q.id}` : q.id) : trial.question_id,
          status: 'answered',
          skip_reason: null,
          format,
          program,
          quick,
          samples: result.count,
          seed: trial.seed,
          summary: { ...result.quantiles, mean_ln: result.mean_ln, sd_ln: result.sd_ln },
          shown_at: shownAt,
          first_edit_ms: firstEdit,
          answered_ms: answered,
          active_ms: answered - hidden,
          hidden_ms: hidden,
          hidden_count: hiddenCount,
          edits,
          error_runs: errorRuns,
          over_time: trial.time_limit_s > 0 && answered > trial.time_limit_s * 1000,
          rt: answered,
        });
      });
    });
  }
}

export { FermiEstimatePlugin as jsPsychFermiEstimate };
export default FermiEstimatePlugin;
