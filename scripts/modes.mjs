// Trunk's post_build hook (Trunk.toml): each mode's module (src/bin/*.rs, index.html's rust links) gets a name
// that changes exactly when its content does, the page's loader gets the table of modules it picks from, and the
// question bank's data is written beside them (scripts/bank-data.mjs). Trunk names only its one main module by its
// content; the others are built as "worker" modules, which it names after their bin.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeBank } from "./bank-data.mjs";

const MODES = ["practice", "study", "lab", "class"];
const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("modes.mjs runs as Trunk's post_build hook (TRUNK_STAGING_DIR unset)");
const base = process.env.TRUNK_PUBLIC_URL ?? "/";
const files = readdirSync(staging);

const modules = {};
for (const mode of MODES) {
  // Trunk's own hash is hex without leading zeros: 8 to 16 digits (one build in 16 has 15).
  const hashed = files.find((f) => new RegExp(`^${mode}-[0-9a-f]{8,16}\\.js$`).test(f));
  let name = hashed?.slice(0, -".js".length);
  if (!name) {
    const [js, wasm] = [`${mode}.js`, `${mode}_bg.wasm`].map((f) => join(staging, f));
    if (!existsSync(js) || !existsSync(wasm)) throw new Error(`no module for ${mode} in ${staging}`);
    const hash = createHash("sha256").update(readFileSync(js)).update(readFileSync(wasm)).digest("hex");
    name = `${mode}-${hash.slice(0, 16)}`;
    renameSync(js, join(staging, `${name}.js`));
    renameSync(wasm, join(staging, `${name}_bg.wasm`));
  }
  modules[mode] = [`${base}${name}.js`, `${base}${name}_bg.wasm`];
}

const page = join(staging, "index.html");
const TABLE = "const modules = {};";
const html = readFileSync(page, "utf8");
if (!html.includes(TABLE)) throw new Error(`index.html has no "${TABLE}" for the loader's table`);
writeFileSync(
  page,
  html
    .replace(TABLE, `const modules = ${JSON.stringify(modules)};`)
    // What Trunk leaves of its main module's link when it injects no script.
    .replace(/\s*<link data-trunk rel="rust"[^>]*>/, "")
    .replace("</head>", `${writeBank(staging, base)}</head>`),
);
