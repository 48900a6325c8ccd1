/**
 * Clients asking for month reports back to back, in a process of their own (report-load.bench.ts
 * forks it): the answers are megabytes each, and reading them in the process that times my-status
 * delayed its timing by the reading, not by the server. Each answer's body is read and dropped.
 * Starts on the message {base, token, range, clients, types}, stops on 'stop', and answers with
 * the count of answers by status and the latencies' p50 and p99.
 */
import http from 'node:http';

interface Start {
  base: string;
  token: string;
  range: string;
  clients: number;
  types: string[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const byStatus: Record<string, number> = {};
const latencies: number[] = [];
let stopping = false;

function ask(url: string, token: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
      res.on('error', () => resolve('error'));
    });
    req.on('error', () => resolve('error'));
  });
}

async function client(start: Start, first: number): Promise<void> {
  for (let n = first; !stopping; n += 1) {
    const type = start.types[n % start.types.length];
    const t0 = performance.now();
    const status = await ask(`${start.base}/api/reports/${type}?${start.range}`, start.token);
    latencies.push(performance.now() - t0);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  }
}

let running: Promise<unknown> | undefined;
process.on('message', async (message: Start | 'stop') => {
  if (message !== 'stop') {
    running = Promise.all(Array.from({ length: message.clients }, (_, i) => client(message, i)));
    process.send?.('started');
    return;
  }
  stopping = true;
  await running;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  process.send?.({ byStatus, p50: at(0.5), p99: at(0.99) }, () => process.exit(0));
});
// The benchmark ended (or failed) without a 'stop': these clients end with it.
process.on('disconnect', () => process.exit(0));
