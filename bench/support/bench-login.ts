/** The password of every person in the generated data set (admin@bench.local, personN@bench.local). */
export const BENCH_PASSWORD = 'Bench#2026';
