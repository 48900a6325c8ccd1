/**
 * An integrator's program, written against types generated from Atrium's served OpenAPI document
 * (openapi-typescript, into ./generated/, which generated-client.test.ts writes first) and called
 * with openapi-fetch and an API token. The test type-checks this file with the TypeScript compiler
 * (0 diagnostics: the error branches have real types, not `never`) and then runs it.
 *
 * Left out of `npm run typecheck` (apps/server/tsconfig.json): ./generated/ does not exist on a
 * fresh clone.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/atrium-api';

type ErrorBody = components['schemas']['Error'];

/** What each call answered: successes by a figure from their typed body, errors by their typed envelope. */
export interface ClientReport {
  attendanceRecords: number;
  leaveApplications: number;
  people: number;
  holidays: number;
  accessLogs: number;
  departmentNames: string[];
  createdPersonId: number;
  duplicate: { status: number; code: string; fields: string[] };
  invalid: { status: number; code: string; fields: string[] };
  refused: { status: number; code: string; message: string };
}

/** The fields a 400 or 409 names, read from the typed `details` (a list of {field, rule, message}). */
function fieldsOf(body: ErrorBody): string[] {
  const details = body.error.details;
  return Array.isArray(details) ? details.map((d) => `${d.field}:${d.rule}`) : [];
}

function fail(what: string, status: number, body: ErrorBody | undefined): never {
  throw new Error(`${what} answered ${status}: ${body?.error.message ?? 'no body'}`);
}

export async function runClient(baseUrl: string, token: string, year: number): Promise<ClientReport> {
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });

  const attendance = await client.GET('/api/attendance', { params: { query: { pageSize: 10 } } });
  if (!attendance.data) fail('attendance', attendance.response.status, attendance.error);
  const leave = await client.GET('/api/leave/applications', {});
  if (!leave.data) fail('leave', leave.response.status, leave.error);
  const people = await client.GET('/api/users', { params: { query: { limit: 20 } } });
  if (!people.data) fail('people', people.response.status, people.error);
  const holidays = await client.GET('/api/holidays', { params: { query: { year } } });
  if (!holidays.data) fail('holidays', holidays.response.status, holidays.error);
  const logs = await client.GET('/api/access/logs', {});
  if (!logs.data) fail('access logs', logs.response.status, logs.error);
  const departments = await client.GET('/api/users/departments', {});
  if (!departments.data) fail('departments', departments.response.status, departments.error);

  const person = {
    firstName: 'Api',
    lastName: 'Client',
    email: `api.client.${year}@example.test`,
    employeeNumber: `API-${year}`,
    badgeNumber: `B-API-${year}`,
    departmentId: null,
    role: 'staff' as const,
    startDate: null,
  };
  const created = await client.POST('/api/users', { body: person });
  if (!created.data) fail('create person', created.response.status, created.error);

  // The error branches: typed as the error envelope, so a 409's and a 400's details can be read.
  const again = await client.POST('/api/users', { body: person });
  if (again.data || !again.error) throw new Error('a second person with the same email was accepted');
  const bad = await client.POST('/api/users', { body: { ...person, email: 'not-an-email' } });
  if (bad.data || !bad.error) throw new Error('an invalid email was accepted');
  const stats = await client.GET('/api/dashboard/stats', {});
  if (stats.data || !stats.error) throw new Error('a scope the token lacks was allowed');

  return {
    attendanceRecords: attendance.data.attendance.length,
    leaveApplications: leave.data.applications.length,
    people: people.data.users.length,
    holidays: holidays.data.holidays.length,
    accessLogs: logs.data.logs.length,
    departmentNames: departments.data.departments.map((d) => d.name),
    createdPersonId: created.data.person.id,
    duplicate: { status: again.response.status, code: again.error.error.code, fields: fieldsOf(again.error) },
    invalid: { status: bad.response.status, code: bad.error.error.code, fields: fieldsOf(bad.error) },
    refused: {
      status: stats.response.status,
      code: stats.error.error.code,
      message: stats.error.error.message,
    },
  };
}
