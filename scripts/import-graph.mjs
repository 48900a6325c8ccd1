// The server's import graph by folder (modules/<domain> and each top-level folder of
// apps/server/src), tests left out: how many folder-to-folder edges, and every folder-level
// cycle. `npm run graph` prints it; dependency-cruiser reads the imports, type-only ones included.
import { execFileSync } from 'node:child_process';

const json = execFileSync(
  'npx',
  [
    'depcruise',
    'src',
    '--no-config',
    '--ts-pre-compilation-deps',
    '--exclude',
    '\\.test\\.ts$|\\.test-support\\.ts$',
    '--collapse',
    '^src/(modules/[^/]+|[^/]+)',
    '--output-type',
    'json',
  ],
  { cwd: new URL('../apps/server/', import.meta.url), maxBuffer: 64 * 1024 * 1024 },
);
const graph = new Map();
let edges = 0;
for (const m of JSON.parse(json).modules) {
  for (const d of m.dependencies) {
    if (!d.resolved.startsWith('src') || d.resolved === m.source) continue;
    if (!graph.has(m.source)) graph.set(m.source, new Set());
    graph.get(m.source).add(d.resolved);
    edges += 1;
  }
}
// Tarjan's strongly connected components: each with more than one folder is a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const cycles = [];
let next = 0;
function visit(v) {
  index.set(v, next);
  low.set(v, next++);
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) !== index.get(v)) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    component.push(w);
  } while (w !== v);
  if (component.length > 1) cycles.push(component.sort());
}
const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
for (const v of nodes) if (!index.has(v)) visit(v);

console.info(
  `folders: ${nodes.size}, folder-to-folder imports: ${edges}, folder-level cycles: ${cycles.length}`,
);
for (const c of cycles) console.info(`  cycle through ${c.length}: ${c.join(', ')}`);
for (const [from, to] of [...graph].sort()) console.info(`${from} -> ${[...to].sort().join(', ')}`);
