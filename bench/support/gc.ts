import v8 from 'node:v8';
import vm from 'node:vm';

// The bench process is the load generator: a full collection of its own heap (prebuilt requests,
// latencies) in the middle of a measurement delays its sends and reads, and is charged to whatever
// server is being measured at the time (a 113 ms incremental mark during one 3-second slice set
// that slice's p99 to 66 ms). Collecting before each slice moves that work between measurements.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** A full garbage collection of the bench process, now rather than during the next measurement. */
export function collectBeforeMeasuring(): void {
  gc();
}
