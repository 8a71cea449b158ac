// Builds the evaluator for node: cargo (wasm32, release, simd128) → wasm-bindgen --target nodejs → pkg/.
// Uses $CARGO_TARGET_DIR when set, else ./target.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const targetDir = process.env.CARGO_TARGET_DIR || join(here, "target");
const env = {
  ...process.env,
  CARGO_TARGET_DIR: targetDir,
  RUSTFLAGS: `${process.env.RUSTFLAGS ?? ""} -C target-feature=+simd128`.trim(),
};
const run = (cmd, args) => execFileSync(cmd, args, { cwd: here, env, stdio: "inherit" });

run("cargo", ["build", "--release", "--target", "wasm32-unknown-unknown"]);
run("wasm-bindgen", [
  "--target", "nodejs",
  "--out-dir", join(here, "pkg"),
  join(targetDir, "wasm32-unknown-unknown", "release", "fermi_bench_wasm.wasm"),
]);
// wasm-bindgen's nodejs output is CommonJS; this package is an ES module.
writeFileSync(join(here, "pkg", "package.json"), '{ "type": "commonjs" }\n');
