import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrgClock } from '../src/core/clock';
import {
  seedDemo,
  seedDemoAccess,
  seedDemoAttendance,
  seedDemoCorrections,
  seedDemoCounting,
  seedDemoLeave,
} from '../src/demo';
import type { LoggedIn } from './fixtures';
import { buildRequest } from './hostile-input';
import { type RouteInfo, routeTable } from './route-table';
import { useSuite } from './suite';

/**
 * Every GET the contract declares, asked as an administrator and as staff on a seeded database,
 * and each answer held against the document the server serves, with ajv in strict mode: the
 * status must be one the operation documents, a JSON answer must match its schema, a download
 * must come in one of its media types. What an integrator's generated client would trip on
 * fails here first.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
type Schema = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const suite = useSuite();
let doc: Document;
let staff: LoggedIn;
let ajv: Ajv2020;
const compiled = new Map<Schema, ValidateFunction>();

beforeAll(async () => {
  // The demo organisation with a few weeks of attendance, leave, passages and counts, so lists
  // and reports answer with real rows (nulls, enums, nested objects), not only empty arrays.
  const clock = new OrgClock(suite.db);
  await seedDemo(suite.db);
  await seedDemoAttendance(suite.db, clock);
  await seedDemoLeave(suite.db, clock);
  await seedDemoCorrections(suite.db, clock);
  await seedDemoAccess(suite.db, clock);
  await seedDemoCounting(suite.db, clock);
  staff = await suite.signedIn();
  await suite.http.post('/api/attendance/check-in', staff);
  doc = (await suite.http.get('/api/openapi.json', suite.admin)).json();
  // Strict: unknown keywords, formats and ambiguous types are errors, not ignored. Union types
  // (`type: ['string', 'number']`) are JSON Schema 2020-12 and stay allowed.
  ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
}, 120_000);

/** A schema's validator; `$ref`s to the document's components are resolved from there. */
function validatorOf(schema: Schema): ValidateFunction {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  const target = ref?.startsWith('#/components/schemas/')
    ? doc.components.schemas[ref.slice('#/components/schemas/'.length)]
    : schema;
  if (!target) throw new Error(`unresolved ${ref}`);
  let validate = compiled.get(target);
  if (!validate) {
    validate = ajv.compile(target);
    compiled.set(target, validate);
  }
  return validate;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const today = new Date().toISOString().slice(0, 10);
// A week: long enough for rows of every kind, short enough that the month's PDFs stay quick.
const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

/** The requests for one route: each value of an enum path parameter, recent dates in ranges. */
function requestsFor(route: RouteInfo): string[] {
  const url = new URL(buildRequest(route, [], true).url, 'http://x');
  for (const [name, value] of [
    ['startDate', weekAgo],
    ['endDate', today],
    ['from', weekAgo],
    ['to', today],
  ] as const)
    if (url.searchParams.has(name) && /^\d{4}-\d\d-\d\d$/.test(url.searchParams.get(name) ?? ''))
      url.searchParams.set(name, value);
  const search = url.search;
  const enumParam = Object.entries(route.params).find(([, s]) => s.enum && s.enum.length > 1);
  if (!enumParam) return [`${url.pathname}${search}`];
  const [name, schema] = enumParam;
  return (schema.enum ?? []).map((value) => {
    const params = { ...route.params, [name]: { const: value } };
    return `${new URL(buildRequest({ ...route, params }, [], true).url, 'http://x').pathname}${search}`;
  });
}

/** What is wrong with one answer against its operation, or nothing. */
function mismatch(op: Operation, res: LightMyRequestResponse): string | undefined {
  const documented = op.responses[String(res.statusCode)];
  if (!documented) return `answered ${res.statusCode}, documented ${Object.keys(op.responses).join(', ')}`;
  const content = documented.content ?? {};
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim();
  if (Object.keys(content).length === 0) return res.body === '' ? undefined : `an undocumented ${type} body`;
  const media = content[type ?? ''];
  if (!media) return `answered ${type}, documented ${Object.keys(content).join(', ')}`;
  if (type !== 'application/json' || !media.schema) return undefined;
  let validate: ValidateFunction;
  try {
    validate = validatorOf(media.schema);
  } catch (error) {
    return `its schema does not compile: ${(error as Error).message}`;
  }
  if (validate(res.json())) return undefined;
  return ajv.errorsText(validate.errors?.slice(0, 3));
}

describe('live answers against the served OpenAPI document (ajv, strict)', () => {
  it('every GET, as an administrator and as staff, answers as the document says', async () => {
    const gets = routeTable(suite.app).filter(
      (r) => r.method === 'GET' && r.audience && suite.app.hasRoute({ method: 'GET', url: r.path }),
    );
    expect(gets.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let checked = 0;
    for (const route of gets) {
      const op = doc.paths[openApiPath(route.path)]?.get;
      if (!op) {
        problems.push(`GET ${route.path}: not in the document`);
        continue;
      }
      for (const [who, as] of [
        ['admin', suite.admin],
        ['staff', staff],
      ] as const) {
        for (const url of requestsFor(route)) {
          const res = await suite.http.get(url, as);
          checked += 1;
          const wrong = mismatch(op, res);
          if (wrong) problems.push(`GET ${url} as ${who}: ${wrong}`);
        }
      }
    }
    if (problems.length) console.info(`${problems.length} mismatches:\n${problems.join('\n')}`);
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 120_000);
});
