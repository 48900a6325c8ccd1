import fc from 'fast-check';
import type { JsonSchema, RouteInfo } from './route-table';

/**
 * Inputs for the fuzz test: a valid request for every route (so a hostile value in one field is
 * what reaches the handler, not a 400 about another field), and the hostile values themselves.
 */

const firstType = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

function stringMatching(pattern: string): string {
  return fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 1, seed: 42 })[0] ?? '';
}

/**
 * A value the schema accepts, with the smallest sensible numbers: required properties only, or
 * with `full` every property (for rules across fields, such as "give one of these two").
 */
export function validValue(schema: JsonSchema | undefined, full = false): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return validValue(options.find((o) => firstType(o) !== 'null') ?? options[0], full);
  switch (firstType(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const names = full ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
      for (const name of names) out[name] = validValue(schema.properties?.[name], full);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => validValue(schema.items, full));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      // Years (2000..2200) get this year; everything else its smallest positive value.
      if (min >= 1000 && max >= 2026) return Math.max(min, 2026);
      return Math.min(Math.max(min, 1), max);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      // A workday ahead, so leave applications for it get past the "not in the past" rule.
      if (schema.format === 'date') return '2027-03-01';
      if (schema.format === 'date-time') return '2027-03-01T09:00:00Z';
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.pattern) return stringMatching(schema.pattern);
      return 'fuzz'.padEnd(schema.minLength ?? 1, 'z');
    }
  }
}

/** JSON nested `levels` deep, as text (JSON.stringify would recurse as deep). */
export const deepJson = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Strings that break a path segment or a query value. */
export const hostileText: { label: string; value: string }[] = [
  { label: 'int32+1', value: '2147483648' },
  { label: 'int64', value: '9223372036854775808' },
  { label: 'negative', value: '-1' },
  { label: 'zero', value: '0' },
  { label: 'fraction', value: '1.5' },
  { label: 'exponent', value: '1e400' },
  { label: 'word', value: 'abc' },
  { label: 'empty', value: '' },
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'control', value: 'a\u001bb' },
  { label: 'year 0000', value: '0000-01-01' },
  { label: 'year 9999', value: '9999-12-31' },
  { label: 'year 2201', value: '2201-01-01' },
  { label: 'year 1899', value: '1899-12-31' },
  { label: 'month 0000', value: '0000-01' },
  { label: 'month 9999', value: '9999-12' },
  { label: 'Feb 30', value: '2026-02-30' },
  { label: 'timestamp year 0000', value: '0000-01-01T00:00:00Z' },
  { label: 'huge', value: 'a'.repeat(5000) },
  { label: 'unicode', value: '\u{1F600}\uFFFF' },
  { label: 'lone surrogate', value: '\uD800' },
];

/**
 * Text PostgreSQL cannot store, for every string slot: NUL, and each way a surrogate can be
 * unpaired. JSON carries them as they are; a URL can carry NUL (%00), but a surrogate only as the
 * bytes UTF-8 would give it, which are not UTF-8 (see `encode`).
 */
export const unstorableText: { label: string; value: string; surrogate: boolean }[] = [
  { label: 'high surrogate alone', value: 'a\uD800b', surrogate: true },
  { label: 'low surrogate alone', value: 'a\uDC00b', surrogate: true },
  { label: 'reversed surrogate pair', value: '\uDC00\uD800', surrogate: true },
  { label: 'NUL', value: 'a\u0000b', surrogate: false },
];

/** JSON values that break a body field. */
export const hostileJson: { label: string; value: unknown }[] = [
  ...hostileText,
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'int32+1 number', value: 2_147_483_648 },
  { label: 'int32-1 number', value: -2_147_483_649 },
  { label: 'unsafe integer', value: 2 ** 53 + 2 },
  { label: 'max double', value: 1.7976931348623157e308 },
  { label: 'negative number', value: -1 },
  { label: 'zero number', value: 0 },
  { label: 'fraction number', value: 0.5 },
  { label: 'empty array', value: [] },
  { label: 'array of int32+1', value: [2_147_483_648] },
  { label: 'array of NUL', value: ['\u0000'] },
  { label: 'array of far dates', value: ['9999-12-31'] },
  { label: 'object', value: { a: 1 } },
  { label: 'huge string', value: 'x'.repeat(200_000) },
  { label: 'long array', value: Array.from({ length: 20_000 }, (_, i) => i + 1) },
];

/** Whole bodies that break the parser or the top-level schema. */
export const hostileBodies: { label: string; payload: string }[] = [
  { label: 'invalid JSON', payload: '{"a":' },
  { label: 'JSON null', payload: 'null' },
  { label: 'JSON array', payload: '[]' },
  { label: 'JSON string', payload: '"x"' },
  { label: 'deep JSON', payload: deepJson(20_000) },
  { label: 'deep object', payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
  { label: 'prototype pollution', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
  { label: 'NUL in key', payload: '{"a\\u0000":1}' },
  { label: 'empty', payload: '' },
];

/** Every place a hostile value can go in a request of `route`; `format` says what it holds. */
export type Slot =
  | { in: 'path'; name: string; format?: string }
  | { in: 'query'; name: string; format?: string }
  | { in: 'body'; path: string[]; format?: string };

const formatOf = (schema: JsonSchema | undefined): string | undefined =>
  schema?.format ?? (schema?.anyOf ?? schema?.oneOf)?.find((o) => o.format)?.format;

export function slotsOf(route: RouteInfo): Slot[] {
  const slots: Slot[] = [];
  for (const [name, schema] of Object.entries(route.params))
    slots.push({ in: 'path', name, format: formatOf(schema) });
  for (const [name, schema] of Object.entries(route.query))
    slots.push({ in: 'query', name, format: formatOf(schema) });
  const visit = (schema: JsonSchema | undefined, path: string[]) => {
    if (!schema || path.length > 3) return;
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      slots.push({ in: 'body', path: [...path, name], format: formatOf(child) });
      visit(child, [...path, name]);
    }
  };
  visit(route.body, []);
  return slots;
}

/**
 * Slots that only make sense together (a start and an end date): a far year in one of them alone
 * is refused as an inverted range long before it reaches the code that breaks on it.
 */
export function slotGroups(route: RouteInfo): Slot[][] {
  const byFormat = new Map<string, Slot[]>();
  for (const slot of slotsOf(route)) {
    if (!slot.format || slot.in === 'path') continue;
    const key = `${slot.in} ${slot.format}`;
    byFormat.set(key, [...(byFormat.get(key) ?? []), slot]);
  }
  return [...byFormat.values()].filter((group) => group.length > 1);
}

export const slotName = (slot: Slot) =>
  slot.in === 'body' ? `body.${slot.path.join('.')}` : `${slot.in}.${slot.name}`;

/** The `field` a 400 about the slot names: the schema errors' spelling, without the part. */
export const slotField = (slot: Slot) => (slot.in === 'body' ? slot.path.join('.') : slot.name);

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate as the invalid UTF-8 it would be. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: string;
}

/**
 * A value as the text a URL carries. Generated objects may have no usable toString (fast-check
 * makes `{toString: null}`): those travel as their JSON, as a client that serialised them would.
 */
function asText(value: unknown): string {
  try {
    return String(value);
  } catch {
    try {
      return JSON.stringify(value) ?? Object.prototype.toString.call(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
}

/**
 * A request for `route` whose inputs are all valid, except the `hostile` values put in their
 * slots; `full` fills every body property, not only the required ones.
 */
export function buildRequest(
  route: RouteInfo,
  hostile: { slot: Slot; value: unknown }[] = [],
  full = false,
): FuzzRequest {
  const valid = (schema: JsonSchema | undefined) => validValue(schema, full);
  const params: Record<string, string> = {};
  for (const [name, schema] of Object.entries(route.params)) params[name] = String(valid(schema));
  const query: Record<string, unknown> = {};
  for (const name of route.requiredQuery) query[name] = valid(route.query[name]);
  let body = route.body ? (valid(route.body) as Record<string, unknown>) : undefined;
  for (const { slot, value } of hostile) {
    if (slot.in === 'path') params[slot.name] = asText(value);
    else if (slot.in === 'query') query[slot.name] = value;
    else {
      body = structuredClone(body ?? {});
      let target = body as Record<string, unknown>;
      for (const part of slot.path.slice(0, -1)) {
        const next = target[part];
        target[part] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
        target = target[part] as Record<string, unknown>;
      }
      target[slot.path.at(-1)!] = value;
    }
  }
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encode(params[name] ?? '1'));
  const search = Object.entries(query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${encode(k)}=${encode(asText(item))}`))
    .join('&');
  return {
    method: route.method,
    url: search ? `${path}?${search}` : path,
    payload: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** fast-check arbitraries of hostile values beyond the fixed lists: random text with NUL, control characters or an unpaired surrogate, far numbers and dates. */
export const hostileArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileJson.map((h) => h.value)),
  fc
    .tuple(
      fc.string(),
      fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\uD800', '\uDBFF', '\uDC00', '\uDC00\uD800'),
      fc.string(),
    )
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.oneof(fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }), fc.integer({ max: 0 })),
  fc.double({ noNaN: true }),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
    )
    .filter(([y]) => y < 2000 || y > 2100)
    .map(
      ([y, m, d]) =>
        `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
    ),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.jsonValue({ maxDepth: 4 }),
);
