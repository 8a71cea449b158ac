// The study the share journeys run (study mode and the jsPsych plugin): one share question, unit "percent of …",
// its truth stored as the fraction 0.207; a fixed seed, so two participants' equal answers share their samples.

/** The study file, with its id, sample count and answer formats. */
export function shareStudy({ id, samples, formats }) {
  return `[study]
id = "${id}"
version = 1
title = "One share"
consent = "A test."
instructions = "Give a range you are 90% sure of."
samples = ${samples}
seed = 42
order = "fixed"
formats = ${JSON.stringify(formats)}
time_limit_s = 0
reveal = "end"
allow_skip = false
participant_params = ["pid"]

[[study.item]]
question = "open/ireland-data-centre-share-electricity-2023"
`;
}
