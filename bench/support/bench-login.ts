/** The password of every person in the generated data set (admin@bench.local, personN@bench.local). */
export const BENCH_PASSWORD = 'Bench#2026';

/** Signs in at the Atrium on `base`; the access token. A generated person's password unless given. */
export async function signIn(base: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
