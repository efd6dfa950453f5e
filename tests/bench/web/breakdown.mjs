// The first-render JS of a route, gzipped (-9), split by package and source folder from the build's
// sourcemaps: what the speed budget counts (tests/budget), broken down. Build the web app first.
// Usage: node tests/bench/web/breakdown.mjs <web dir> <route module> [<entry>]
//   e.g. node tests/bench/web/breakdown.mjs web src/features/shop/routes.tsx
//        node tests/bench/web/breakdown.mjs web src/features/public-card/CardConnectVisit.tsx src/app/visitor-entry.tsx
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
const [web, route, entryArg] = process.argv.slice(2);
const dist = join(web, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entry = entryArg ?? Object.keys(manifest).find((k) => manifest[k].isEntry && k === 'index.html');
const seen = new Set();
const visit = (k) => { if (seen.has(k)) return; seen.add(k); for (const i of manifest[k].imports ?? []) visit(i); };
visit(entry); if (route) visit(route);
const totals = new Map(); let all = 0;
for (const k of seen) {
  const file = manifest[k].file; if (!file.endsWith('.js')) continue;
  const code = readFileSync(join(dist, file), 'utf8');
  const gz = gzipSync(code, { level: 9 }).length; all += gz;
  let raw; try { raw = readFileSync(join(dist, file + '.map'), 'utf8'); } catch { totals.set(file, gz); console.log(file, (gz/1000).toFixed(1)); continue; } const map = new SourceMapConsumer(JSON.parse(raw));
  const lines = code.split('\n'); const bytes = new Map(); let mapped = 0;
  const mappings = []; map.eachMapping((m) => mappings.push(m));
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i]; const n = mappings[i + 1];
    const len = n && n.generatedLine === m.generatedLine ? n.generatedColumn - m.generatedColumn : lines[m.generatedLine - 1].length - m.generatedColumn;
    let src = m.source ?? '?';
    src = src.replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, 'pkg:').replace(/^pkg:(@[^/]+\/[^/]+|[^/]+)\/.*/, 'pkg:$1').replace(/.*\/shared\/src\/([^/]+)\/.*/, 'shared/$1').replace(/.*\/src\/features\/([^/]+)\/.*/, 'feature/$1').replace(/.*\/web\/src\/([^/]+)\/.*/, 'web/$1');
    bytes.set(src, (bytes.get(src) ?? 0) + len); mapped += len;
  }
  for (const [s, b] of bytes) totals.set(s, (totals.get(s) ?? 0) + (b / mapped) * gz);
  console.log(file, (gz/1000).toFixed(1));
}
console.log('total', (all / 1000).toFixed(1));
for (const [s, b] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((b / 1000).toFixed(1).padStart(6), s);
