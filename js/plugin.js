// jsPsychFermiEstimate: one Fermi estimate per trial, as a 90% interval ("quick") or a program, evaluated live by
// the wasm core. The answer, its clock and the trial's data live in the core's item session (`ItemSession`): the
// data are the item fields of a study response record, built by the same code as study mode's (docs/embedding.md).
import { ParameterType } from 'jspsych';
import { init, evaluate, valueIn, unitWarning, ItemSession } from './index.js';

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
    /** Seed of the random generator: with the program and the sample count, it fixes the samples. A study's
     * per-item seed comes from `studyPlan` (a BigInt above 2^53). */
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
    /** Seed used (a decimal string above 2^53, which a JavaScript number cannot hold exactly). */
    seed: { type: ParameterType.INT },
    /** The scorer's `{p5, p50, p95, mean_ln, sd_ln}` of the answer's samples, as `study score` recomputes it. */
    summary: { type: ParameterType.OBJECT },
    /** When the question was shown (RFC 3339, UTC). */
    shown_at: { type: ParameterType.STRING },
    /** Milliseconds from showing to the first edit; null if none. */
    first_edit_ms: { type: ParameterType.INT },
    /** Milliseconds from showing to the click on the button. */
    answered_ms: { type: ParameterType.INT },
    /** Milliseconds the page was visible while the question was shown. */
    active_ms: { type: ParameterType.INT },
    /** Milliseconds the page was hidden (another tab or window) while the question was shown. */
    hidden_ms: { type: ParameterType.INT },
    /** How many times the page was hidden. */
    hidden_count: { type: ParameterType.INT },
    /** Changes to the answer (typing in its boxes, a change of format). */
    edits: { type: ParameterType.INT },
    /** Runs that ended in an error. */
    error_runs: { type: ParameterType.INT },
    /** Whether the question was open longer than the time limit. */
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
    let changeFormat = () => {}; // set once the item session exists
    if (formats.length > 1) {
      const choice = element('div', 'formats');
      for (const f of formats) {
        const label = element('label', null);
        const radio = document.createElement('input');
        Object.assign(radio, { type: 'radio', name: 'jspsych-fermi-estimate-format', value: f, checked: f === format });
        radio.id = `jspsych-fermi-estimate-format-${f}`;
        radio.addEventListener('change', () => { format = f; show(); changeFormat(); });
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
    const warning = element('p', 'unit-warning');
    warning.setAttribute('role', 'status');
    const countdown = element('p', 'countdown');
    const button = element('button', 'next', trial.button_label);
    button.classList.add('jspsych-btn');
    button.disabled = true;
    root.append(quickBox, programBox, message, percentiles, warning, countdown, button);
    display_element.replaceChildren(root);

    const now = () => ({ wall_ms: Date.now(), mono_ms: performance.now(), visible: !document.hidden });
    const questionId = q ? (q.pack ? `${q.pack}/${q.id}` : q.id) : trial.question_id;
    const spec = { formats, samples: trial.samples, seed: trial.seed, time_limit_s: trial.time_limit_s };
    const session = new ItemSession(questionId ?? null, spec, now());
    let ready = false; // whether the answer as typed has run and can be recorded
    let timer = null;

    const onVisibility = () => session.tick(now());
    document.addEventListener('visibilitychange', onVisibility);

    function show() {
      quickBox.hidden = format !== 'quick';
      programBox.hidden = format === 'quick';
    }

    const answer = () => (format === 'quick'
      ? { way: 'quick', low: low.value, high: high.value }
      : { way: 'program', dialect: format, source: programBox.value });

    /** The run of what is typed now: whether it can be recorded, and what the page shows. */
    function run() {
      timer = null;
      ready = false;
      percentiles.textContent = '';
      warning.textContent = '';
      let program;
      try {
        program = session.program(); // or why the answer is not ready yet, in the core's words
      } catch (e) {
        message.textContent = e.message;
        button.disabled = true;
        return;
      }
      try {
        const result = evaluate(program.source, { dialect: program.dialect, samples: trial.samples, seed: trial.seed });
        session.ran(program.source, false);
        message.textContent = '';
        const { p5, p50, p95 } = result.summary ?? result.quantiles;
        if (trial.show_percentiles) {
          // The question's numbers as the app shows them: a share in percent (the core's printer).
          percentiles.textContent = `5%: ${valueIn(unit, p5)}   50%: ${valueIn(unit, p50)}   95%: ${valueIn(unit, p95)}`;
        }
        // A likely unit slip (a bare `15` on a share reads as 1,500%), in the core's words, before Next.
        warning.textContent = unitWarning(unit, p5, p95) ?? '';
        ready = result.summary !== null;
        if (!ready) {
          // Samples at or below 0 cannot be scored: the core's record says why.
          try { session.finish(now()); } catch (e) { message.textContent = e.message; }
        }
      } catch (e) {
        if (e.diagnostics) session.ran(program.source, true);
        message.textContent = describe(e);
      }
      button.disabled = !ready;
    }

    // jsPsych's timeouts are cleared with the trial, however it ends.
    const later = (f, ms) => this.jsPsych.pluginAPI.setTimeout(f, ms);

    function schedule() {
      if (timer !== null) clearTimeout(timer);
      button.disabled = true;
      timer = later(run, RUN_DELAY_MS);
    }

    const onEdit = () => {
      session.edit(answer(), now());
      schedule();
    };
    for (const input of [low, high, programBox]) input.addEventListener('input', onEdit);
    changeFormat = onEdit;

    let ticker = null;
    if (trial.time_limit_s > 0) {
      const tick = () => {
        session.tick(now());
        const [text] = session.countdown();
        countdown.textContent = text;
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
        if (!ready) return;
        let data;
        try {
          data = session.finish(now());
        } catch (e) {
          message.textContent = e.message;
          return;
        }
        clearTimeout(ticker);
        document.removeEventListener('visibilitychange', onVisibility);
        session.free();
        resolve({ ...data, rt: data.answered_ms });
      });
    });
  }
}

export { FermiEstimatePlugin as jsPsychFermiEstimate };
export default FermiEstimatePlugin;
