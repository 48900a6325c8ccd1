/**
 * The file downloads, against the large data set (npm run bench -- generate first):
 * npm run bench -- exports [--people 50000] [--days 30] [--only substring]
 * (the payroll exports cover the last whole calendar month, whatever --days says)
 *
 * Atrium runs in a process of its own against that database (DEMO=0). Each export is read to the
 * end once, and for each it prints the time to the first byte and to the last, the bytes, a
 * sha256 of the body (to compare files across versions), and the server's resident memory
 * before the download and at its highest during it (sampled every 50 ms from /proc).
 * Asserts nothing.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { benchDatabase } from './support/bench-db';
import { BENCH_PASSWORD } from './support/bench-login';
import { residentMb, startProcess } from './support/process';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const people = Number(arg('--people') ?? 50_000);
const days = Number(arg('--days') ?? 30);
const only = arg('--only');
const target = benchDatabase(people);
const root = path.resolve(import.meta.dirname, '..');

const atrium = await startProcess('Atrium', ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  DATABASE_URL: target.url,
  DEMO: '0',
  LOG_LEVEL: 'warn',
  SIMULATE_CAMERAS: '0',
});

const rssMb = () => residentMb(atrium.child.pid);

async function download(name: string, url: string, init: RequestInit) {
  const before = await rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    rssMb().then(
      (mb) => {
        peak = Math.max(peak, mb);
      },
      () => {},
    );
  }, 50);
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
    const firstByte = performance.now() - started;
    const hash = createHash('sha256');
    let bytes = 0;
    const reader = res.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      bytes += part.value.byteLength;
      hash.update(part.value);
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `${name.padEnd(30)} ${seconds.toFixed(1).padStart(6)} s  first byte ${Math.round(firstByte)} ms  ${(bytes / 1e6).toFixed(1).padStart(6)} MB  RSS ${Math.round(before)} -> peak ${Math.round(peak)} MB  sha256 ${hash.digest('hex').slice(0, 16)}`,
    );
  } finally {
    clearInterval(sampler);
  }
}

try {
  const login = await fetch(`${atrium.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.local', password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  // The last full day, so two runs on different days of the same data set export the same rows.
  const endDate = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const startDate = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const range = `startDate=${startDate}&endDate=${endDate}`;
  console.info(`${target.name}: ${startDate} to ${endDate}, everyone`);

  // Payroll over the last whole calendar month: with the default monthly pay period, one row a person.
  const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 0));
  const month = `startDate=${monthStart.toISOString().slice(0, 10)}&endDate=${monthEnd.toISOString().slice(0, 10)}`;

  const exports: [string, string, RequestInit][] = [
    [
      'attendance CSV',
      `${atrium.base}/api/attendance/export`,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ startDate, endDate, format: 'csv' }),
      },
    ],
    [
      'attendance report xlsx',
      `${atrium.base}/api/reports/attendance/export?format=xlsx&${range}`,
      { headers },
    ],
    [
      'attendance report pdf',
      `${atrium.base}/api/reports/attendance/export?format=pdf&${range}`,
      { headers },
    ],
    [
      'payroll CSV (last month)',
      `${atrium.base}/api/reports/payroll/export?format=csv&${month}`,
      { headers },
    ],
    [
      'payroll xlsx (last month)',
      `${atrium.base}/api/reports/payroll/export?format=xlsx&${month}`,
      { headers },
    ],
  ];
  for (const [name, url, init] of exports) {
    if (only && !name.includes(only)) continue;
    try {
      await download(name, url, init);
    } catch (error) {
      console.info(`${name.padEnd(30)} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await atrium.stop();
}
