// Consent, instructions, three Fermi estimates, a debrief with truths and scores, and the data saved as a file.
import { init, questions, fitTruth, score, readable } from '../../js/index.js';
import { jsPsychFermiEstimate } from '../../js/plugin.js';

const { initJsPsych } = window.jsPsychModule;
const jsPsychHtmlButtonResponse = window.jsPsychHtmlButtonResponse;

// Questions of the built-in pack; the truths are read only for the debrief.
const IDS = ['new-zealand-sheep-per-person-2024', 'canada-population-growth-2023', 'lightning-flashes-per-day-world'];

await init(); // the wasm loads once, here, for every trial
const pack = questions(undefined, { truths: true });
const picked = IDS.map((id) => pack.find((q) => q.id === id));

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

const trials = picked.map((question) => ({
  type: jsPsychFermiEstimate,
  question,
  formats: ['quick', 'squiggle'],
  samples: 10000,
  seed: 1,
  time_limit_s: 120,
}));

function debriefHtml() {
  const rows = jsPsych.data.get().filter({ trial_type: 'fermi-estimate' }).values().map((d, i) => {
    const question = picked[i];
    const truth = fitTruth(question);
    const { verdicts } = score({ program: d.program, samples: d.samples, seed: d.seed }, truth);
    return `<tr><td>${escape(question.text)}</td><td>${readable(d.summary.p50)}</td>`
      + `<td>${readable(truth.p50)} ${escape(question.unit)}</td><td>${verdicts.score}</td></tr>`;
  });
  return '<p>Thank you. Here are the answers (Cramér-log score: lower is better).</p><table class="debrief">'
    + '<tr><th>Question</th><th>Your median</th><th>Truth</th><th>Score</th></tr>'
    + `${rows.join('')}</table>`;
}

const debrief = {
  type: jsPsychHtmlButtonResponse,
  stimulus: debriefHtml,
  choices: ['Save my answers and finish'],
  on_finish: () => jsPsych.data.get().localSave('json', 'fermi-estimates.json'),
};

jsPsych.run([consent, instructions, ...trials, debrief]);
