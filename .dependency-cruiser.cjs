/**
 * The server's layers (docs/architecture.md, "Layers"). A module imports core/, infrastructure
 * and the modules on lower levels, never one on its own level or above. Biome's noImportCycles
 * catches file cycles; these rules catch the folder-level ones and the wrong-way imports.
 */
const src = '^apps/server/src/';
const levels = [
  ['auth'],
  ['people'],
  ['organisation', 'sites'],
  ['attendance', 'leave'],
  ['access'],
  ['video', 'counting'],
  ['person', 'dashboard', 'reports', 'system', 'team'],
];
const mod = (names) => `${src}modules/(${names.join('|')})/`;
const infrastructure = `${src}(db|http|live|devices|video)/`;

const levelRules = levels.flatMap((names, i) => {
  const sameOrAbove = levels.slice(i).flat();
  return names.map((name) => ({
    name: `level-${i + 1}-${name}`,
    comment: `modules/${name} (level ${i + 1}) may import core/, infrastructure and modules of lower levels only`,
    severity: 'error',
    from: { path: `${src}modules/${name}/` },
    to: { path: mod(sameOrAbove.filter((n) => n !== name)), pathNot: `${src}modules/${name}/` },
  }));
});

module.exports = {
  forbidden: [
    {
      name: 'core-imports-nothing-above',
      comment: 'core/ sits below every domain: it imports only core/ and the database types',
      severity: 'error',
      from: { path: `${src}core/` },
      to: { path: src, pathNot: [`${src}core/`, `${src}db/schema\\.ts$`, `${src}db/connection\\.ts$`] },
    },
    {
      name: 'infrastructure-imports-core-only',
      comment:
        'db/, http/, live/, devices/ and video/ hold no domain logic: they import core/ and each other, never a module',
      severity: 'error',
      from: { path: infrastructure },
      to: { path: `${src}(modules|demo|cli)/|${src}(app|main|exposure)\\.ts$` },
    },
    {
      name: 'infrastructure-runs-no-domain-sql',
      comment: 'no file under devices/ or video/ imports a repository (core/ ones included)',
      severity: 'error',
      from: { path: `${src}(devices|video)/` },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'only-the-composition-imports-demo',
      comment: 'the demo is an application of the modules: only main.ts (and the demo itself) imports it',
      severity: 'error',
      from: { path: src, pathNot: [`${src}demo/`, `${src}main\\.ts$`] },
      to: { path: `${src}demo/` },
    },
    ...levelRules,
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: src },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$|\\.test-support\\.ts$' },
    tsPreCompilationDeps: true,
  },
};
