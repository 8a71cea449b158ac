// The built-in question pack as data for the web app, in two files written by Trunk's post_build hook
// (scripts/modes.mjs) beside the build's other files, each named by its content (the service worker keeps such
// files until no page names them), both JSON `[[file name, text], …]` of every assets/questions/*.toml sorted by
// name (what fermi_bank::read_builtin reads):
// - `bank-<hash>.json`: what a first screen needs, each file without the keys shown only after the reveal
//   (DETAILS), with a preload link in the page: every mode fetches it while its wasm downloads;
// - `bank-details-<hash>.json`: the whole files, named by a `<meta name="bank-details">`: practice fetches it once
//   its first screen is up (fermi_bank::install_builtin_details); no other mode shows what it adds.
// `node scripts/bank-data.mjs --print first|whole` writes one of them to stdout (the bank's tests).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "smol-toml";

const folder = join(dirname(fileURLToPath(import.meta.url)), "..", "assets", "questions");
// A question's keys shown only after the reveal; crates/bank/tests/builtin.rs checks that leaving them out leaves
// every other key of every question as it was.
const DETAILS = ["explanation", "trap", "derivation", "no_primary_source", "sources", "factor", "reference", "trap_value"];

function files() {
  // Sorted by UTF-16 code units like build.rs's byte order for these ASCII names.
  const names = readdirSync(folder).filter((f) => f.endsWith(".toml")).sort();
  return names.map((name) => [name, readFileSync(join(folder, name), "utf8")]);
}

/** A pack file without the keys shown after the reveal; integers stay integers and floats floats. */
function beforeReveal(text) {
  const doc = parse(text, { integersAsBigInt: true });
  for (const question of doc.question ?? []) for (const key of DETAILS) delete question[key];
  return stringify(doc, { numbersAsFloat: true });
}

const parts = {
  first: () => JSON.stringify(files().map(([name, text]) => [name, beforeReveal(text)])),
  whole: () => JSON.stringify(files()),
};

function write(staging, prefix, json) {
  const file = `${prefix}-${createHash("sha256").update(json).digest("hex").slice(0, 16)}.json`;
  writeFileSync(join(staging, file), json);
  return file;
}

/** Writes both files into `staging`; returns what the page's head gets for them (`base`: the public URL). */
export function writeBank(staging, base) {
  const first = write(staging, "bank", parts.first());
  const whole = write(staging, "bank-details", parts.whole());
  return (
    `<link rel="preload" href="${base}${first}" as="fetch" type="application/json" crossorigin="anonymous">` +
    `<meta name="bank-details" content="${base}${whole}">`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const part = parts[process.argv[process.argv.indexOf("--print") + 1]];
  if (!process.argv.includes("--print") || !part) {
    throw new Error("usage: node scripts/bank-data.mjs --print first|whole (the build writes the data through scripts/modes.mjs)");
  }
  process.stdout.write(part());
}
