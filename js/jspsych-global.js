// For pages that load jsPsych with a <script> tag (its browser build defines `window.jsPsychModule`): an import
// map sending `jspsych` here lets the plugin's `import { ParameterType } from 'jspsych'` work without a bundler.
export const { ParameterType, initJsPsych, JsPsych } = globalThis.jsPsychModule;
