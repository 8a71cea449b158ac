// The built-in question pack as data for the web app: every assets/questions/*.toml as JSON `[[file name, text], …]`
// sorted by name (what fermi_bank::install_builtin reads), written by Trunk's post_build hook (scripts/modes.mjs)
// to `bank-<content hash>.json` beside the build's other files, with a preload link for it in the page: the app
// fetches it while its wasm downloads, and the name changes exactly when the bank does (the service worker keeps
// such files until no page names them). `node scripts/bank-data.mjs --print` writes the JSON to stdout (the bank's
// tests).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const folder = join(dirname(fileURLToPath(import.meta.url)), "..", "assets", "questions");

function bankJson() {
  // Sorted by UTF-16 code units like build.rs's byte order for these ASCII names.
  const names = readdirSync(folder).filter((f) => f.endsWith(".toml")).sort();
  return JSON.stringify(names.map((name) => [name, readFileSync(join(folder, name), "utf8")]));
}

/** Writes the bank's data into `staging`; returns the page's preload link for it (`base`: the public URL). */
export function writeBank(staging, base) {
  const json = bankJson();
  const file = `bank-${createHash("sha256").update(json).digest("hex").slice(0, 16)}.json`;
  writeFileSync(join(staging, file), json);
  return `<link rel="preload" href="${base}${file}" as="fetch" type="application/json" crossorigin="anonymous">`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes("--print")) throw new Error("usage: node scripts/bank-data.mjs --print (the build writes the data through scripts/modes.mjs)");
  process.stdout.write(bankJson());
}
