import type { BodyIn, EndpointDef, ErrorCode } from '@atrium/contract';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { paramsOf, routeOf } from './contract-route';
import { type Answer, answerKind, failure, isSpecialAnswer } from './fake-answers';

export type { Answer, Fixture } from './fake-answers';
export { failure, proxyPage, unreachable } from './fake-answers';

/** One request the page under test sent to an endpoint, as it went over the wire. */
export interface SentRequest<E extends EndpointDef = EndpointDef> {
  readonly endpoint: E;
  readonly method: string;
  /** Path and query string as sent, e.g. `/api/access/logs?limit=10`. */
  readonly url: string;
  readonly params: Record<string, string>;
  readonly query: URLSearchParams;
  /**
   * The JSON body as sent. Typed as the contract's input: a body the contract refuses never
   * reaches a reply, and fails the test.
   */
  readonly body: BodyIn<E>;
  readonly headers: Headers;
  /** Whether cookies went along (the refresh cookie needs same-origin). */
  readonly credentials: RequestCredentials;
}

export type Reply<E extends EndpointDef> = (request: SentRequest<E>) => Answer<E> | Promise<Answer<E>>;

const API = '/api';
const nameOf = (endpoint: EndpointDef) => `${endpoint.method} ${endpoint.path}`;
const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

export const server = setupServer();
const sent: SentRequest[] = [];
// A handler cannot fail the test itself (msw turns a throw into a 500, which the page may even
// expect), so what went wrong is kept here and the setup file fails the test with it afterwards.
let problems: string[] = [];

/** The fixture as the server would send it: parsed by the endpoint's response schema. */
function checked(endpoint: EndpointDef, fixture: unknown): JsonBodyType {
  if (!endpoint.response) throw new Error(`${nameOf(endpoint)} answers with a file: use fakeApi.file`);
  const result = endpoint.response.safeParse(fixture);
  if (!result.success)
    throw new Error(
      `The fixture for ${nameOf(endpoint)} does not fit its response schema:\n${z.prettifyError(result.error)}`,
    );
  // The response schemas describe JSON, so what they yield is JSON.
  return result.data as JsonBodyType;
}

/** What the contract's params, query and body schemas refuse of a request, one line a part. */
function refusals(endpoint: EndpointDef, request: SentRequest): string[] {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(request.query.keys())) {
    const values = request.query.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  const parts = [
    ['params', endpoint.params, request.params],
    ['query', endpoint.query, query],
    ['body', endpoint.body, request.body],
  ] as const;
  return parts.flatMap(([part, schema, value]) => {
    const result = schema?.safeParse(value);
    return result && !result.success ? [`its ${part}: ${z.prettifyError(result.error)}`] : [];
  });
}

function toResponse(endpoint: EndpointDef, answer: unknown): Response {
  if (!isSpecialAnswer(answer))
    return HttpResponse.json(checked(endpoint, answer), { status: endpoint.status ?? 200 });
  switch (answer[answerKind]) {
    case 'unreachable':
      return HttpResponse.error();
    case 'proxy':
      return new HttpResponse(answer.text, { status: answer.status });
    case 'failure':
      return HttpResponse.json(answer.body, { status: answer.status });
  }
}

async function record<E extends EndpointDef>(endpoint: E, request: Request): Promise<SentRequest<E>> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  const entry: SentRequest<E> = {
    endpoint,
    method: request.method,
    url: `${url.pathname}${url.search}`,
    params: paramsOf(endpoint, url.pathname.slice(API.length)) ?? {},
    query: url.searchParams,
    body: text ? JSON.parse(text) : undefined,
    headers: request.headers,
    credentials: request.credentials,
  };
  sent.push(entry);
  return entry;
}

function answerWith<E extends EndpointDef>(
  endpoint: E,
  respond: (request: SentRequest<E>) => Promise<Response>,
) {
  server.use(
    methods[endpoint.method](`*${API}${endpoint.path}`, async ({ request }) => {
      // msw matched the pattern; the server routes a static path (/users/departments) elsewhere.
      if (routeOf(request.method, new URL(request.url).pathname.slice(API.length)) !== endpoint) return;
      const entry = await record(endpoint, request);
      const refused = refusals(endpoint, entry);
      if (refused.length) {
        problems.push(
          `The page sent ${entry.method} ${entry.url}, which the contract refuses:\n${refused.join('\n')}`,
        );
        return HttpResponse.json(failure(400, 'validation_failed', 'Refused by the contract', []).body, {
          status: 400,
        });
      }
      try {
        return await respond(entry);
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
        return HttpResponse.error();
      }
    }),
  );
}

/**
 * The one fake of the Atrium API for web tests, keyed by contract endpoint. Every JSON fixture is
 * parsed with the endpoint's response schema before it is served, and every request the page
 * sends is checked with the endpoint's params, query and body schemas, so no test passes against
 * an exchange the real server could not have. A later answer for an endpoint replaces an earlier.
 */
export const fakeApi = {
  /** Answers `endpoint` with a fixture (or an error answer), or with what `reply` makes of each request. */
  on<E extends EndpointDef>(endpoint: E, answer: NoInfer<Answer<E> | Reply<E>>): void {
    if (typeof answer === 'function') {
      const reply = answer as Reply<E>;
      answerWith(endpoint, async (request) => toResponse(endpoint, await reply(request)));
      return;
    }
    // A fixed fixture is checked now, so a wrong one fails at the line that wrote it.
    if (!isSpecialAnswer(answer)) checked(endpoint, answer);
    answerWith(endpoint, async () => toResponse(endpoint, answer));
  },

  /** Answers `endpoint` with the contract's error body `{ error: { code, message, details } }`. */
  fail(endpoint: EndpointDef, status: number, code: ErrorCode, message: string, details?: unknown): void {
    fakeApi.on(endpoint, failure(status, code, message, details));
  },

  /**
   * Answers a file endpoint (CSV, PDF) with a body of the given content type, or with what `body`
   * makes of each request (a promise holds the answer back, to see the page while it waits).
   */
  file<E extends EndpointDef>(
    endpoint: E,
    body: string | ((request: SentRequest<E>) => string | Promise<string>),
    contentType: string,
  ): void {
    if (endpoint.produces !== 'file')
      throw new Error(`${nameOf(endpoint)} answers with JSON: use fakeApi.on`);
    answerWith(endpoint, async (request) => {
      const text = typeof body === 'string' ? body : await body(request);
      return new HttpResponse(text, { headers: { 'Content-Type': contentType } });
    });
  },

  /** The requests sent in this test so far, to one endpoint or to any, oldest first. */
  requests<E extends EndpointDef>(endpoint?: E): SentRequest<E>[] {
    return sent.filter((request) => !endpoint || request.endpoint === endpoint) as SentRequest<E>[];
  },

  /** Notes a request nothing answered (msw's onUnhandledRequest calls this). */
  unhandled(request: Request): void {
    const url = new URL(request.url);
    problems.push(
      `No fake answer for ${request.method} ${url.pathname}${url.search}: give one with fakeApi.on`,
    );
  },

  /** Takes the problems met so far, leaving none. */
  takeProblems(): string[] {
    const taken = problems;
    problems = [];
    return taken;
  },

  /** Forgets this test's answers and requests, and hands back its problems. */
  reset(): string[] {
    server.resetHandlers();
    sent.length = 0;
    return fakeApi.takeProblems();
  },
};
