// The page's loader (index.html) fetches only the module of the mode an address asks for. Its rule runs before any
// wasm, so it is JavaScript; tests/data/addresses.json is the table it must follow, and crates/study/tests/link.rs
// checks the core's readers of an address (the study link, class pages) against the same rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const page = readFileSync(new URL('index.html', root), 'utf8');
const rule = page.match(/const mode = \(at\) =>[\s\S]*?;\n/)?.[0];
const mode = new Function(`${rule}; return mode;`)();
const rows = JSON.parse(readFileSync(new URL('tests/data/addresses.json', root), 'utf8'));

test('the loader picks the module each address asks for', () => {
  assert.ok(rule, 'index.html has the loader\'s `const mode = (at) => …;`');
  for (const { path, search, hash, mode: expected } of rows) {
    const at = new URL(`${path}${search}${hash}`, 'https://example.org');
    assert.equal(mode(at), expected, `${path}${search}${hash}`);
  }
});
