// A minimal static server for dist/ on 127.0.0.1 (`port` 0, the default, = any free port); `routes` adds in-memory files by path
// (`{'/s.toml': {type, body}}`), as a test's own study file; `gzip` compresses what it sends as a web host does (the
// benchmarks' download times).
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.json': 'application/json', '.toml': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml',
};

export async function serve(root, routes = {}, port = 0, { gzip = false } = {}) {
  const zipped = new Map();
  const server = createServer(async (req, res) => {
    const extra = routes[new URL(req.url, 'http://x').pathname];
    if (extra) {
      res.writeHead(200, { 'content-type': extra.type });
      res.end(extra.body);
      return;
    }
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path.endsWith('/') ? path + 'index.html' : path);
    try {
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        if (!zipped.has(file)) zipped.set(file, gzipSync(body, { level: 9 }));
        res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' });
        res.end(zipped.get(file));
        return;
      }
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}
