// What the app's download weighs: compressed sizes of files, and a wasm file's breakdown by section (the binary
// format's own framing: no tool needed), with the share of the data section that is question-bank text.
// `node tools/bench-browser/sizes.mjs FILE.wasm` prints the breakdown of a wasm file; `--by-crate[=DEPTH] FILE.wasm`
// its code by crate (module paths to DEPTH segments), from the linker's output (target/wasm32-unknown-unknown/release/
// practice.wasm and the other modes' modules, which still have function names).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

/** gzip -9 and brotli -11 sizes of `bytes`, in bytes. */
export function compressed(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

const NAMES = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"];

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

/** The sections of a wasm module: name, raw bytes and their compressed sizes alone. */
export function sections(bytes) {
  const out = [];
  for (let at = 8; at < bytes.length; ) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    const body = bytes.subarray(start, start + size);
    out.push({ name: NAMES[id] ?? `section ${id}`, ...compressed(body), body });
    at = start + size;
  }
  return out;
}

/** Bytes of `files` (paths) found verbatim in `bytes`: how much of a wasm is embedded text. */
export function embedded(bytes, files) {
  const buf = Buffer.from(bytes);
  const found = files.map((f) => readFileSync(f)).filter((text) => buf.includes(text));
  return { files: found.length, ...compressed(Buffer.concat(found)) };
}

/** Every question-bank file (assets/questions/*.toml). */
export function bankFiles(root) {
  const dir = join(root, "assets", "questions");
  return readdirSync(dir).filter((f) => f.endsWith(".toml")).sort().map((f) => join(dir, f));
}

/** Code bytes by the crate a function's (legacy-mangled) name starts with, or by the crate's module to `depth`
 * segments; needs the `name` section, which the linker's output has and wasm-opt's has not. A generic function
 * counts where it is defined (leptos's view code for a lab component counts as leptos). */
export function codeByCrate(bytes, depth = 1) {
  const list = sections(bytes);
  const body = (name) => list.find((s) => s.name === name)?.body;
  // Imported functions come first in the function index space.
  let imported = 0;
  const imports = body("import");
  if (imports) {
    let [count, at] = leb(imports, 0);
    for (; count > 0; count--) {
      for (let k = 0; k < 2; k++) {
        const [len, next] = leb(imports, at);
        at = next + len;
      }
      const kind = imports[at++];
      if (kind === 0) {
        imported++;
        at = leb(imports, at)[1];
      } else if (kind === 1 || kind === 2) {
        if (kind === 1) at++;
        const flags = imports[at++];
        at = leb(imports, at)[1];
        if (flags & 1) at = leb(imports, at)[1];
      } else if (kind === 3) at += 2;
      else at = leb(imports, at + 1)[1];
    }
  }
  const names = new Map();
  for (const s of list.filter((s) => s.name === "custom")) {
    const [len, at0] = leb(s.body, 0);
    if (Buffer.from(s.body.subarray(at0, at0 + len)).toString() !== "name") continue;
    for (let at = at0 + len; at < s.body.length; ) {
      const id = s.body[at];
      const [size, start] = leb(s.body, at + 1);
      if (id === 1) {
        let [count, p] = leb(s.body, start);
        for (; count > 0; count--) {
          const [index, q] = leb(s.body, p);
          const [n, r] = leb(s.body, q);
          names.set(index, Buffer.from(s.body.subarray(r, r + n)).toString());
          p = r + n;
        }
      }
      at = start + size;
    }
  }
  const code = body("code");
  const out = new Map();
  if (!code || names.size === 0) return out;
  let [count, at] = leb(code, 0);
  for (let i = 0; i < count; i++) {
    const [size, start] = leb(code, at);
    const key = owner(names.get(imported + i) ?? "", depth);
    out.set(key, (out.get(key) ?? 0) + size + (start - at));
    at = start + size;
  }
  return out;
}

/** The crate (and modules, to `depth` segments) a legacy-mangled Rust name (`_ZN4core3fmt…`) belongs to. */
function owner(name, depth) {
  const segments = [];
  const m = name.match(/^_ZN(.*)E$/);
  if (!m) return "(not Rust)";
  for (let rest = m[1]; rest.length > 0 && segments.length < depth; ) {
    const n = rest.match(/^(\d+)/);
    if (!n) break;
    let seg = rest.slice(n[1].length, n[1].length + Number(n[1]));
    rest = rest.slice(n[1].length + Number(n[1]));
    // `<T as Trait>::f` starts with `_$LT$T$u20$as$u20$Trait$GT$`: count it for T's crate.
    if (seg.startsWith("_$LT$")) seg = seg.slice(5).replace(/^\$RF\$|^\$BP\$|^mut\$u20\$/g, "").split(/\.\.|\$/)[0];
    segments.push(seg);
  }
  return segments.join("::") || "(unnamed)";
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

/** Prints a wasm file's sections and the bank text inside it. */
export function printBreakdown(path, root) {
  const bytes = readFileSync(path);
  const whole = compressed(bytes);
  console.log(`${path}: ${kb(whole.raw)} raw, ${kb(whole.gzip)} gzip, ${kb(whole.brotli)} brotli`);
  console.log(`${"section".padEnd(10)}${"raw".padStart(10)}${"gzip".padStart(10)}${"brotli".padStart(10)}`);
  for (const s of sections(bytes).filter((s) => s.raw > 1024)) {
    console.log(`${s.name.padEnd(10)}${kb(s.raw).padStart(10)}${kb(s.gzip).padStart(10)}${kb(s.brotli).padStart(10)}`);
  }
  const bank = embedded(bytes, bankFiles(root));
  console.log(`bank text inside: ${bank.files} files, ${kb(bank.raw)} raw, ${kb(bank.gzip)} gzip, ${kb(bank.brotli)} brotli`);
}

/** Prints the code bytes per crate (or module, to `depth`), largest first, down to 1% of the code. */
export function printByCrate(path, depth = 1) {
  const byCrate = [...codeByCrate(readFileSync(path), depth)].sort((a, b) => b[1] - a[1]);
  const total = byCrate.reduce((sum, [, n]) => sum + n, 0);
  console.log(`${path}: code ${kb(total)} by crate (before wasm-opt; names from the name section)`);
  for (const [name, n] of byCrate.filter(([, n]) => n >= total / 100)) {
    console.log(`${name.padEnd(40)}${kb(n).padStart(10)}${`${((100 * n) / total).toFixed(1)}%`.padStart(8)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(import.meta.url), "..", "..", "..");
  const [flag, ...paths] = process.argv.slice(2);
  if (flag?.startsWith("--by-crate")) for (const path of paths) printByCrate(path, Number(flag.split("=")[1] ?? 1));
  else for (const path of [flag, ...paths].filter(Boolean)) printBreakdown(path, root);
}
