import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error statuses an endpoint may declare in `errors` (the others follow from its shape). */
export type ErrorStatus = 409 | 413 | 415 | 422 | 429;

/**
 * Who may call an endpoint: `public` without a token, `user` any signed-in person (the service
 * still scopes to their own data), `manager` administrators and managers (staff get 403; a
 * manager's answers are their team's), `admin` administrators only (staff and managers get 403).
 * The server's policies decide for real; this declaration drives the generated 403 matrix and
 * fuzz tests.
 */
export type Audience = 'public' | 'user' | 'manager' | 'admin';

/**
 * One HTTP endpoint, defined once: the server registers its route from it, the web client calls
 * it through it, and the OpenAPI document and the generated tests read it.
 * `path` is relative to /api and names parameters as `:id`.
 * `produces: 'file'` marks a download (CSV, PDF, xlsx, media): no JSON response schema.
 */
export interface EndpointDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly audience: Audience;
  readonly summary?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
  /** The status of a successful answer: 200 unless the endpoint creates something (201). */
  readonly status?: 200 | 201;
  /**
   * Other answers with a body of their own besides the error shape, by status: e.g. the health
   * check's 503 `{status: 'degraded'}`. Documented and serialized like the success response.
   */
  readonly otherResponses?: Readonly<Record<number, z.ZodType>>;
  readonly produces?: 'json' | 'file';
  /**
   * The media types a `file` endpoint answers with (e.g. `['text/csv']`), for the OpenAPI
   * document; without it the server's document takes them from its own table of known downloads.
   */
  readonly mediaTypes?: readonly string[];
  /**
   * Error statuses this endpoint answers besides those its shape already implies (400 for any
   * input, 401 and 403 unless public, 404 for a path that names a record): e.g. 409 when a
   * change conflicts with the stored state. Documented with the error envelope, so a generated
   * client can handle them.
   */
  readonly errors?: readonly ErrorStatus[];
  /**
   * How an answer is checked against `response` before it is sent: `schema` (the default) runs
   * the schema on every answer; `types` trusts the typed server code that built it and sends
   * plain JSON, for answers too large to check (a report over 50,000 people: 250 ms) or too
   * frequent (device pushes, thousands a second). The schema still types and documents them.
   */
  readonly responseCheck?: 'schema' | 'types';
  /**
   * Who checks the caller's token: `hook` (the default) refuses a request without a valid bearer
   * token before the handler runs; `handler` lets it through to a handler that authenticates by
   * itself, for media that <video> and <img> fetch with a signed URL instead of a header. The
   * audience still says who may have the answer.
   */
  readonly authenticatedBy?: 'hook' | 'handler';
}

/** The `:name` segments of a path, e.g. 'year' | 'month' for '/leave/calendar/:year/:month'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A path with `:name` segments needs a params schema that yields every one of them; otherwise
 * the definition does not compile (rather than the client failing to fill the path at run time).
 */
type ParamsMatchPath<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never]
  ? unknown
  : E['params'] extends z.ZodType
    ? [Exclude<PathParamNames<E['path']>, keyof z.output<E['params']>>] extends [never]
      ? unknown
      : { params: { error: 'the params schema must yield every :segment of the path' } }
    : { params: { error: 'a path with :segments needs a params schema' } };

/** Declares an endpoint; keeps the literal types so server and client infer from it. */
export function endpoint<const E extends EndpointDef>(def: E & ParamsMatchPath<E>): E {
  return def;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What a caller passes: the schema's input (before defaults), except that a field read from text
 * with `z.coerce` (its input is `unknown`) takes the type it is coerced to, so a page number must
 * be a number and a wrong value fails to compile rather than reaching the server.
 */
export type CallerInput<S> = S extends z.ZodType ? Tightened<z.input<S>, z.output<S>> : undefined;
type Tightened<In, Out> = In extends object
  ? { [K in keyof In]: unknown extends In[K] ? (K extends keyof Out ? Out[K] : In[K]) : In[K] }
  : In;

/** What a caller passes (before coercion and defaults). */
export type ParamsIn<E extends EndpointDef> = CallerInput<E['params']>;
export type QueryIn<E extends EndpointDef> = CallerInput<E['query']>;
export type BodyIn<E extends EndpointDef> = InputOf<E['body']>;
/** What a handler receives (after validation). */
export type ParamsOf<E extends EndpointDef> = OutputOf<E['params']>;
export type QueryOf<E extends EndpointDef> = OutputOf<E['query']>;
export type BodyOf<E extends EndpointDef> = OutputOf<E['body']>;
/** The JSON body of a 200 answer. */
export type ResponseOf<E extends EndpointDef> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : undefined;

/** Fills `:name` segments of a path; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string from an object: undefined, null and '' are left out; arrays repeat the key. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  const add = (key: string, value: unknown) =>
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Flattens `{ domain: { name: endpoint } }` groups into one list (for the generated tests). */
export function listEndpoints(groups: Record<string, Record<string, EndpointDef>>): EndpointDef[] {
  return Object.values(groups).flatMap((group) => Object.values(group));
}
