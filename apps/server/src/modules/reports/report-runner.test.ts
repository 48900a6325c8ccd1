import { readdir, readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { REPORTS_NICE } from '../../db/reports-pool';
import { ReportRunner } from './report-runner';

// The report worker (report-worker.ts) through its main-thread side, on a real database.
const suite = useSuite();
const today = new Date().toISOString().slice(0, 10);
const month = { startDate: `${today.slice(0, 8)}01`, endDate: today };
const runners: ReportRunner[] = [];
afterAll(() => Promise.all(runners.map((r) => r.close())));

function runner(): ReportRunner {
  const made = new ReportRunner(suite.database.reports.settings);
  runners.push(made);
  return made;
}

/** The nice value of each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
async function threadNices(): Promise<Map<string, number>> {
  const nices = new Map<string, number>();
  for (const tid of await readdir('/proc/self/task')) {
    const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, so nice (field 19) is the 17th of these.
    if (fields.length > 17) nices.set(tid, Number(fields[16]));
  }
  return nices;
}

describe('the report worker', () => {
  it('answers a report with the same JSON as the API, from a thread of lower priority than this one', async () => {
    const reports = runner();
    const body = await reports.run(
      { type: 'department', query: month, format: 'json', now: Date.now() },
      new AbortController().signal,
    );
    const fromWorker = JSON.parse(await text(body));
    const fromApi = await suite.http.get(
      `/api/reports/department?startDate=${month.startDate}&endDate=${month.endDate}`,
      suite.admin,
    );
    expect(fromApi.statusCode).toBe(200);
    expect(fromWorker).toEqual(fromApi.json());
    expect(fromWorker.report.rows.length).toBeGreaterThan(0);

    const nices = await threadNices();
    expect(nices.get(String(process.pid))).toBe(0);
    if (process.platform === 'linux') expect([...nices.values()]).toContain(REPORTS_NICE);
  });

  it('fails the jobs of a worker that stops, and starts a new one for the next report', async () => {
    const reports = runner();
    const job = { type: 'attendance' as const, query: month, format: 'json' as const, now: Date.now() };
    await text(await reports.run(job, new AbortController().signal));
    // The worker is closed while a report is under way (its statements take longer than a message).
    const stuck = reports.run({ ...job, type: 'people-analytics' }, new AbortController().signal);
    await reports.close();
    await expect(stuck).rejects.toThrow(/report worker stopped|went away/);
    const again = JSON.parse(await text(await reports.run(job, new AbortController().signal)));
    expect(again.report.type).toBe('attendance');
  });

  it('rejects at once for a client gone before the job starts, and stops a running one when it goes', async () => {
    const reports = runner();
    const job = { type: 'leave' as const, query: month, format: 'pdf' as const, now: Date.now() };
    const gone = new AbortController();
    gone.abort();
    await expect(reports.run(job, gone.signal)).rejects.toThrow(/went away/);
    const leaving = new AbortController();
    const body = await reports.run(job, leaving.signal);
    leaving.abort();
    await expect(text(body)).rejects.toThrow(/went away/);
    // The worker goes on serving others.
    const pdf = await reports.run(job, new AbortController().signal);
    expect((await text(pdf)).startsWith('%PDF')).toBe(true);
  });
});
