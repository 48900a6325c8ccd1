// temporary micro benchmark (not committed)
import { attendanceCsv } from './src/modules/attendance/attendance.export';
const N = 50_000, DAYS = 30;
const people = Array.from({ length: N }, (_, i) => ({ id: i + 1, first_name: `First${i % 977}`, last_name: `Last${(i * 7919) % 50000}`, email: `person${i}@bench.local`, employee_number: `E${100000 + i}`, department_name: `Department ${i % 50}`, dept_key: (i % 50) + 1 }));
const start = '2026-10-01';
const dates: string[] = []; for (let d = 0; d < DAYS; d++) dates.push(new Date(Date.parse(start) + d * 86400000).toISOString().slice(0, 10));
const calendar = new Map(dates.map((d) => [d, new Map(Array.from({ length: 51 }, (_, k) => [k, 'Absent' as const]))]));
async function* records() {
  for (const date of dates) {
    const base = Date.parse(`${date}T08:00:00Z`);
    for (let u = 1; u <= N; u++) {
      if (u % 10 < 3) continue;
      const inT = base + ((u * 37) % 7200) * 1000;
      yield { user_id: u, date, check_in_time: new Date(inT), check_out_time: u % 13 ? new Date(inT + 8.5 * 3600e3 + (u % 900) * 1000) : null, late: u % 7 === 0, early_exit: u % 11 === 0, source: 'web' as const };
    }
  }
}
const t0 = performance.now(); let bytes = 0, chunks = 0;
for await (const piece of attendanceCsv(people, records(), calendar, { start, end: dates.at(-1)! }, 'Europe/London')) { bytes += piece.length; chunks++; }
console.log(`${((performance.now() - t0) / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
