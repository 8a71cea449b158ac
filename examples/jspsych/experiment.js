// Consent, instructions, three Fermi estimates of a study file (`study.toml`: the participant's order and per-item
// seeds), a debrief with truths and scores, and the study response record saved as a file, ready for
// `fermi-playground study score --study examples/jspsych/study.toml`.
import { init, questions, fitTruth, score, valueIn, quantity, studyPlan, studyRecord } from '../../js/index.js';
import { jsPsychFermiEstimate } from '../../js/plugin.js';

const { initJsPsych } = window.jsPsychModule;
const jsPsychHtmlButtonResponse = window.jsPsychHtmlButtonResponse;

await init(); // the wasm loads once, here, for every trial
const studyToml = await (await fetch('study.toml')).text();
// The participant id from the address (`?pid=…`), else a fresh one.
const pid = new URLSearchParams(location.search).get('pid');
const participant = pid ? { id: pid, source: 'pid' } : { id: crypto.randomUUID(), source: 'typed' };
const plan = studyPlan(studyToml, participant.id);
const startedAt = new Date().toISOString();
// Questions of the built-in pack in the participant's order; the truths are read only for the debrief.
const pack = questions(undefined, { truths: true });
const picked = plan.items.map((item) => pack.find((q) => `${q.pack}/${q.id}` === item.question));

const escape = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const jsPsych = initJsPsych();

const consent = {
  type: jsPsychHtmlButtonResponse,
  stimulus: '<p>This study asks you for three estimates. Your answers are kept on this computer and saved as a '
    + 'file at the end; nothing is sent anywhere.</p><p>Do you agree to take part?</p>',
  choices: ['I agree', 'I do not agree'],
  on_finish: (data) => {
    if (data.response !== 0) jsPsych.abortExperiment('<p>Thank you. Nothing was recorded.</p>');
  },
};

const instructions = {
  type: jsPsychHtmlButtonResponse,
  stimulus: '<p>For each question, give a range you are 90% sure holds the answer (low and high), or write a '
    + 'short Squiggle program such as <code>to(2e6, 8e6) * 0.3</code>. Your own 5%, 50% and 95% are shown as you '
    + 'type. Take about two minutes per question; do not look anything up.</p>',
  choices: ['Start'],
};

// Each trial takes its formats, sample count, per-item seed and time limit from the plan.
const trials = plan.items.map(({ question: _, ...spec }, i) => ({
  type: jsPsychFermiEstimate,
  question: picked[i],
  ...spec,
}));

function debriefHtml() {
  const rows = jsPsych.data.get().filter({ trial_type: 'fermi-estimate' }).values().map((d, i) => {
    const question = picked[i];
    const truth = fitTruth(question);
    const { verdicts } = score({ program: d.program, samples: d.samples, seed: BigInt(d.seed) }, truth);
    // The question's numbers as the app shows them (a share in percent), from the core's printer.
    return `<tr><td>${escape(question.text)}</td><td>${valueIn(question.unit, d.summary.p50)}</td>`
      + `<td>${escape(quantity(question.unit, truth.p50))}</td><td>${verdicts.score}</td></tr>`;
  });
  return '<p>Thank you. Here are the answers (Cramér-log score: lower is better).</p><table class="debrief">'
    + '<tr><th>Question</th><th>Your median</th><th>Truth</th><th>Score</th></tr>'
    + `${rows.join('')}</table>`;
}

/** The timeline's data as a study response record (JSON text), built by the study core. */
function record() {
  return studyRecord(studyToml, {
    participant,
    submission_id: crypto.randomUUID(),
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    user_agent: navigator.userAgent,
  }, jsPsych.data.get().values());
}

function save(name, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  a.download = name;
  a.click();
}

const debrief = {
  type: jsPsychHtmlButtonResponse,
  stimulus: debriefHtml,
  choices: ['Save my answers and finish'],
  on_finish: () => save(`${plan.id}-${participant.id}.json`, record()),
};

jsPsych.run([consent, instructions, ...trials, debrief]);
