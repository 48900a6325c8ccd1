import { type Audience, apiEndpoints, type EndpointDef } from '@atrium/contract';

/**
 * What the OpenAPI document calls each contract endpoint. An endpoint's definition does not know
 * its own name: the registry does (`apiEndpoints.access.createDevice`), so names, tags and
 * summaries are read from there, and a new group or endpoint is named without further work.
 */
export interface NamedEndpoint {
  group: string;
  key: string;
  endpoint: EndpointDef;
  /** `group.key`, e.g. `access.createDevice`: unique, stable, and says where it is defined. */
  operationId: string;
  /** The tag of its domain group, e.g. `Access levels`. */
  tag: string;
  /** The OpenAPI path, e.g. `/api/access/devices/{id}`. */
  path: string;
  /** Lower-case method, as OpenAPI keys operations. */
  method: string;
}

type Groups = Record<string, Record<string, EndpointDef>>;

/** Every contract endpoint with its names, in registry order. */
export function namedEndpoints(groups: Groups = apiEndpoints): NamedEndpoint[] {
  return Object.entries(groups).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([key, endpoint]) => ({
      group,
      key,
      endpoint,
      operationId: `${group}.${key}`,
      tag: tagName(group),
      path: openApiPath(endpoint.path),
      method: endpoint.method.toLowerCase(),
    })),
  );
}

/** `/users/:id` -> `/api/users/{id}`: the contract's paths are relative to /api. */
export const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`;

/** `createDevice` -> ['create', 'device'], `myApplications` -> ['my', 'applications']. */
export function words(camel: string): string[] {
  return camel
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .filter(Boolean);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words a title writes in capitals: `apiTokens` is "API tokens", not "Api tokens". */
const ACRONYMS: Record<string, string> = { api: 'API', csv: 'CSV', pdf: 'PDF', sso: 'SSO', isapi: 'ISAPI' };

/** Words as a title reads them: joined, acronyms in capitals. */
const phrase = (list: string[]) => list.map((word) => ACRONYMS[word] ?? word).join(' ');

/** `accessLevels` -> `Access levels`, `apiTokens` -> `API tokens`. */
export const tagName = (group: string) => capital(phrase(words(group)));

/** Keys that are a bare verb: their summary names the group's subject too ("Correct attendance"). */
const VERBS = new Set([
  'apply',
  'approve',
  'cancel',
  'correct',
  'create',
  'decide',
  'disable',
  'enable',
  'end',
  'get',
  'list',
  'reject',
  'remove',
  'rename',
  'set',
]);

/** Summaries for keys whose words alone read badly. */
const SPECIAL: Record<string, string> = {
  'auth.me': 'Who I am',
  'system.openApi': 'This OpenAPI document',
};

/** A short readable title from the key name: `createDevice` -> "Create device". */
export function generatedSummary(named: Pick<NamedEndpoint, 'group' | 'key' | 'operationId'>): string {
  const special = SPECIAL[named.operationId];
  if (special) return special;
  const keyWords = words(named.key);
  const groupWords = words(named.group);
  if (keyWords.length > 1) return capital(phrase(keyWords));
  const [word = named.key] = keyWords;
  return capital(phrase(VERBS.has(word) ? [word, ...groupWords] : [...groupWords, word]));
}

/** Summaries past this length are shown as the description, and a generated title stands in. */
const MAX_SUMMARY = 60;

/** The operation's title: the contract's own when it is short enough, else one from its key. */
export function summaryOf(named: NamedEndpoint): string {
  const given = named.endpoint.summary;
  return given && given.length <= MAX_SUMMARY ? given : generatedSummary(named);
}

const WHO: Record<Audience, string> = {
  public: 'No sign-in needed.',
  user: 'Any signed-in person; the answer holds only what they may see.',
  manager: 'Administrators and managers (a manager sees their own teams); staff are answered 403 Forbidden.',
  admin: 'Administrators only; staff and managers are answered 403 Forbidden.',
};

/** The contract's sentence about the endpoint, then who may call it and how it authenticates. */
export function descriptionOf(named: NamedEndpoint): string {
  const { endpoint } = named;
  const lines = [`${endpoint.summary ?? generatedSummary(named)}.`, '', `**Who:** ${WHO[endpoint.audience]}`];
  if (endpoint.authenticatedBy === 'handler') {
    lines.push(
      '',
      'Media for `<video>` and `<img>`: besides the bearer token, the signed `t` query parameter of a ' +
        'link the app handed out authenticates the request.',
    );
  }
  return lines.join('\n');
}

/** What each domain tag covers; a group without a line here gets a generic one. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Liveness, public facts for the login page, and this document.',
  auth: 'Signing in and out, refreshing the access token, who the caller is.',
  sso: 'Single sign-on over OpenID Connect: the sign-in redirects and their settings.',
  passwordReset: 'Forgotten passwords: asking for a reset link and using it.',
  account: "The caller's own profile, password and sessions.",
  people: 'People: the directory, their records, invitations, enabling and disabling.',
  peopleImport: 'Importing people from CSV and exporting them as CSV.',
  attendance: 'Check-in, check-out, person-days, corrections by administrators and exports.',
  attendanceRequests: 'Correction requests: a person asks, an administrator decides.',
  dashboard: 'Figures for the dashboard tiles and the monitoring tab.',
  leave: 'Leave types, balances, applications and their decisions.',
  access: 'Access control: door controllers (Hikvision ISAPI), passages, alerts, badges.',
  accessLevels: 'Access levels (doors and hours) and who is granted them.',
  video: 'Cameras, their live view, recordings, clips and motion events.',
  counting: 'People counting: foot traffic by hour and by counter.',
  reports: 'Reports over a date range, as JSON or as PDF and xlsx downloads (payroll also as CSV).',
  organisation: 'Organisation settings and public holidays.',
  payroll: 'The pay period and overtime thresholds the payroll report applies.',
  departments: 'Departments, their tree, managers and work schedules.',
  sites: 'Sites: the buildings, each with its own time zone, work week and "today".',
  team: "A manager's view of their team: today and the month's leave.",
  delegation: 'Handing one’s approvals to someone else for a period.',
  mail: 'The outbox: messages Atrium sent or would send, and their delivery.',
  apiTokens: 'API tokens for other systems: created with scopes and an expiry, listed, revoked.',
  webhooks: 'Signed webhooks (Standard Webhooks): subscriptions, their delivery log, redelivery.',
};

/** One tag per domain group, in registry order, each with its description. */
export function tagsOf(groups: Groups = apiEndpoints): { name: string; description: string }[] {
  return Object.keys(groups).map((group) => ({
    name: tagName(group),
    description: TAG_DESCRIPTIONS[group] ?? `The ${words(group).join(' ')} endpoints.`,
  }));
}
