import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../suite';

/**
 * The bar for the API description: a client generated from the served document, used
 * with an API token, calls eight endpoints, and its error branches type-check (a document with no
 * 4xx answers types them `never`, and reading `error.error.message` would not compile).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const generatedDir = path.join(here, 'generated');
const typesFile = path.join(generatedDir, 'atrium-api.d.ts');
const clientFile = path.join(here, 'atrium-client.ts');
const wrongFile = path.join(generatedDir, 'wrong-call.ts');

/** atrium-client.ts's entry point, as far as this file needs to know it. */
type RunClient = (baseUrl: string, token: string, year: number) => Promise<{ people: number }>;

const suite = useSuite();
let baseUrl: string;

beforeAll(async () => {
  await suite.app.listen({ port: 0, host: '127.0.0.1' });
  const address = suite.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

/** Type-checks `files` with the server's compiler options; answers every diagnostic as text. */
function typeCheck(files: string[]): string[] {
  const configPath = path.join(here, '../../tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configPath));
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} `
      : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

async function newToken(scopes: string[]) {
  const res = await suite.http.post('/api/tokens', suite.admin, {
    name: 'Generated client',
    scopes,
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  expect(res.statusCode).toBe(201);
  return res.json().token as string;
}

describe('a client generated from /api/openapi.json', () => {
  it('generates, type-checks (and a wrong call does not), and calls eight endpoints with a token', async () => {
    const token = await newToken([
      'attendance.view',
      'leave.view',
      'people.view',
      'people.manage',
      'people.departments',
      'organisation.calendar',
      'access.view',
    ]);
    // The document as an integrator fetches it: served by the running app, with the token.
    const served = await fetch(`${baseUrl}/api/openapi.json`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.status).toBe(200);
    const document = (await served.json()) as Parameters<typeof openapiTS>[0];
    await mkdir(generatedDir, { recursive: true });
    await writeFile(typesFile, astToString(await openapiTS(document)));

    expect(typeCheck([clientFile])).toEqual([]);

    // The check can fail: a body missing required fields, an unknown query parameter, and reading
    // a property the error envelope does not have are each a diagnostic.
    await writeFile(
      wrongFile,
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './atrium-api';",
        "const client = createClient<paths>({ baseUrl: 'http://localhost' });",
        "export const a = client.POST('/api/users', { body: { firstName: 'Only' } });",
        "export const b = client.GET('/api/holidays', { params: { query: { yaer: 2026 } } });",
        'export async function c() {',
        "  const { error } = await client.GET('/api/attendance', {});",
        '  return error?.error.reason;',
        '}',
        '',
      ].join('\n'),
    );
    const wrong = typeCheck([wrongFile]);
    expect(wrong.some((d) => d.startsWith('wrong-call.ts:4 '))).toBe(true);
    expect(wrong.some((d) => d.startsWith('wrong-call.ts:5 '))).toBe(true);
    expect(wrong.some((d) => d.startsWith('wrong-call.ts:8 ') && d.includes("'reason'"))).toBe(true);

    // The same source, run: it imports openapi-fetch only (the generated file holds types alone).
    // Imported by URL, so `npm run typecheck` does not follow it to the generated types.
    const { runClient } = (await import(pathToFileURL(clientFile).href)) as { runClient: RunClient };
    const report = await runClient(baseUrl, token, new Date().getFullYear());
    expect(report).toMatchObject({
      people: expect.any(Number),
      departmentNames: expect.arrayContaining(['Admins']),
      createdPersonId: expect.any(Number),
      duplicate: { status: 409, code: 'conflict' },
      invalid: { status: 400, code: 'validation_failed', fields: ['email:invalid_format'] },
      refused: { status: 403, code: 'forbidden', message: expect.stringContaining('dashboard.organisation') },
    });
    expect(report.people).toBeGreaterThan(0);
  }, 120_000);
});
