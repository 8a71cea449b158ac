// The built-in question pack as data for the web app (a Trunk post_build hook, Trunk.toml): every
// assets/questions/*.toml as JSON `[[file name, text], …]` sorted by name (what fermi_bank::install_builtin reads),
// written to `bank-<content hash>.json` beside the build's other files, and a preload link for it added to the page:
// the app fetches it while its wasm downloads, and the name changes exactly when the bank does (the service worker
// keeps such files until no page names them). `--print` writes the JSON to stdout instead (the bank's tests).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const folder = join(dirname(fileURLToPath(import.meta.url)), "..", "assets", "questions");
// Sorted by UTF-16 code units like build.rs's byte order for these ASCII names.
const names = readdirSync(folder).filter((f) => f.endsWith(".toml")).sort();
const json = JSON.stringify(names.map((name) => [name, readFileSync(join(folder, name), "utf8")]));

if (process.argv.includes("--print")) {
  process.stdout.write(json);
} else {
  const staging = process.env.TRUNK_STAGING_DIR;
  if (!staging) throw new Error("bank-data.mjs runs as Trunk's post_build hook (TRUNK_STAGING_DIR unset); --print prints the data");
  const file = `bank-${createHash("sha256").update(json).digest("hex").slice(0, 16)}.json`;
  writeFileSync(join(staging, file), json);
  const page = join(staging, "index.html");
  const href = `${process.env.TRUNK_PUBLIC_URL ?? "/"}${file}`;
  const link = `<link rel="preload" href="${href}" as="fetch" type="application/json" crossorigin="anonymous">`;
  writeFileSync(page, readFileSync(page, "utf8").replace("</head>", `${link}</head>`));
}
