import { type DeviceEndpoint, DeviceUnreachable, isapi } from './client';

/**
 * Writing people, cards and time plans to a controller over ISAPI's JSON endpoints
 * (`?format=json`): UserInfo and CardInfo SetUp, Delete and Search, UserRightWeekPlanCfg and
 * UserRightPlanTemplate. A controller decides a swipe by these lists alone.
 */

export interface DevicePerson {
  employeeNo: string;
  name: string;
  /** Calendar dates on the device's (the organisation's) clock; null is open-ended. */
  validFrom: string | null;
  validUntil: string | null;
  /** Plan template numbers that open door 1 for this person. */
  plans: number[];
  cardNo: string;
}

/** A weekly plan: the days (1 Monday .. 7 Sunday) it opens, from `starts` to `ends` (HH:MM, 24:00). */
export interface WeekPlan {
  planNo: number;
  days: number[];
  starts: string;
  ends: string;
}

/** The device answered, and said no: what it said is kept for the device page. */
export class DeviceRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly subStatusCode: string | undefined,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 5000;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** ISAPI's own limits: a device keeps dates to 2037, and reads 23:59:59 as the day's end. */
const OPEN_FROM = '2000-01-01T00:00:00';
const OPEN_UNTIL = '2037-12-31T23:59:59';
const deviceTime = (hhmm: string) => (hhmm === '24:00' ? '23:59:59' : `${hhmm}:00`);

async function call(
  device: DeviceEndpoint,
  method: 'PUT' | 'POST',
  path: string,
  doc: unknown,
): Promise<Record<string, unknown>> {
  const res = await isapi(device, method, `${path}?format=json`, JSON.stringify(doc), TIMEOUT_MS);
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    // An answer that is not JSON is judged by its status alone.
  }
  if (res.status === 401) throw new DeviceRefused('The device refused the credentials', 401, undefined);
  const code = body.statusCode === undefined ? 1 : Number(body.statusCode);
  if (res.status !== 200 || code !== 1) {
    const sub = typeof body.subStatusCode === 'string' ? body.subStatusCode : undefined;
    const said = typeof body.errorMsg === 'string' ? body.errorMsg : (sub ?? `HTTP ${res.status}`);
    if (res.status >= 500) throw new DeviceUnreachable(`The device failed: ${said.slice(0, 200)}`);
    throw new DeviceRefused(
      `The device refused ${path.split('/').slice(-2).join(' ')}: ${said.slice(0, 200)}`,
      res.status,
      sub,
    );
  }
  return body;
}

export async function setWeekPlan(device: DeviceEndpoint, plan: WeekPlan): Promise<void> {
  await call(device, 'PUT', `/ISAPI/AccessControl/UserRightWeekPlanCfg/${plan.planNo}`, {
    UserRightWeekPlanCfg: {
      enable: true,
      WeekPlanCfg: WEEKDAYS.map((week, i) => ({
        week,
        id: 1,
        enable: plan.days.includes(i + 1),
        TimeSegment: { beginTime: deviceTime(plan.starts), endTime: deviceTime(plan.ends) },
      })),
    },
  });
  await call(device, 'PUT', `/ISAPI/AccessControl/UserRightPlanTemplate/${plan.planNo}`, {
    UserRightPlanTemplate: {
      enable: true,
      templateName: `Atrium ${plan.planNo}`,
      weekPlanNo: plan.planNo,
      holidayGroupNo: '',
    },
  });
}

/** Adds the person or replaces what the device holds of them (SetUp), then their card. */
export async function setUpPerson(device: DeviceEndpoint, p: DevicePerson): Promise<void> {
  await call(device, 'PUT', '/ISAPI/AccessControl/UserInfo/SetUp', {
    UserInfo: {
      employeeNo: p.employeeNo,
      name: p.name.slice(0, 32),
      userType: 'normal',
      Valid: {
        enable: true,
        beginTime: p.validFrom ? `${p.validFrom}T00:00:00` : OPEN_FROM,
        endTime: p.validUntil && p.validUntil < '2038-01-01' ? `${p.validUntil}T23:59:59` : OPEN_UNTIL,
        timeType: 'local',
      },
      doorRight: '1',
      RightPlan: [{ doorNo: 1, planTemplateNo: p.plans.join(',') }],
    },
  });
  await call(device, 'PUT', '/ISAPI/AccessControl/CardInfo/SetUp', {
    CardInfo: { employeeNo: p.employeeNo, cardNo: p.cardNo, cardType: 'normalCard' },
  });
}

/** Deletes people (and with them their cards), as many as the device takes in one request. */
export async function deletePeople(device: DeviceEndpoint, employeeNos: string[]): Promise<void> {
  if (employeeNos.length === 0) return;
  await call(device, 'PUT', '/ISAPI/AccessControl/UserInfo/Delete', {
    UserInfoDelCond: { EmployeeNoList: employeeNos.map((employeeNo) => ({ employeeNo })) },
  });
}

export async function deleteCards(device: DeviceEndpoint, cardNos: string[]): Promise<void> {
  if (cardNos.length === 0) return;
  await call(device, 'PUT', '/ISAPI/AccessControl/CardInfo/Delete', {
    CardInfoDelCond: { CardNoList: cardNos.map((cardNo) => ({ cardNo })) },
  });
}

/** Every employee number the device holds, read page by page (devices answer 30 or so at a time). */
export async function listPeople(device: DeviceEndpoint): Promise<string[]> {
  const found: string[] = [];
  for (let page = 0; page < 10_000; page++) {
    const body = await call(device, 'POST', '/ISAPI/AccessControl/UserInfo/Search', {
      UserInfoSearchCond: { searchID: 'atrium', searchResultPosition: found.length, maxResults: 100 },
    });
    const search = (body.UserInfoSearch ?? {}) as { responseStatusStrg?: string; UserInfo?: unknown };
    const users = Array.isArray(search.UserInfo) ? (search.UserInfo as { employeeNo?: unknown }[]) : [];
    for (const u of users) if (typeof u.employeeNo === 'string') found.push(u.employeeNo);
    if (search.responseStatusStrg !== 'MORE' || users.length === 0) return found;
  }
  return found;
}
