/**
 * A simulated controller's own people and cards, kept as a real controller keeps them and written
 * over ISAPI's JSON endpoints (UserInfo and CardInfo: Record, Modify, SetUp, Delete, Search).
 * Once anything has been written to it the controller decides a swipe by this list alone, as a
 * real door does: a card it does not know, or a person outside their validity, is refused.
 */

export interface SimUser {
  employeeNo: string;
  name: string;
  /** Validity: the door opens for them only between these local times, when enabled. */
  valid: { enable: boolean; beginTime: string; endTime: string };
  /** Door numbers this person may open ("1", "1,2"). */
  doorRight: string;
  /** Door number -> plan template numbers that open it; a door without one opens at all hours. */
  rightPlans: Map<number, number[]>;
}

/** A weekly plan as written (UserRightWeekPlanCfg): per weekday (1 Monday), its open segment. */
type WeekPlan = Map<number, { begin: string; end: string }>;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface IsapiAnswer {
  status: number;
  body: unknown;
}

/** What the list decides for a card at a door. */
export type SwipeDecision =
  | { granted: true; user: SimUser }
  | { granted: false; reason: 'unknown_card' | 'no_permission'; user?: SimUser };

const ok = (): IsapiAnswer => ({
  status: 200,
  body: { statusCode: 1, statusString: 'OK', subStatusCode: 'ok' },
});
const refuse = (sub: string, message: string): IsapiAnswer => ({
  status: 400,
  body: { statusCode: 6, statusString: 'Invalid Content', subStatusCode: sub, errorMsg: message },
});

const text = (v: unknown, max = 64) =>
  typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, max) : '';

/** RightPlan: [{doorNo: 1, planTemplateNo: "1,3"}] as door -> template numbers. */
function rightPlans(v: unknown): Map<number, number[]> {
  const out = new Map<number, number[]>();
  if (!Array.isArray(v)) return out;
  for (const item of v as { doorNo?: unknown; planTemplateNo?: unknown }[]) {
    const templates = text(item.planTemplateNo)
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    if (Number.isInteger(Number(item.doorNo))) out.set(Number(item.doorNo), templates);
  }
  return out;
}

export class PersonList {
  private readonly users = new Map<string, SimUser>();
  /** card number -> employee number */
  private readonly cards = new Map<string, string>();
  /** True once anything was written: from then on the list decides every swipe. */
  managed = false;
  private readonly weekPlans = new Map<number, WeekPlan>();
  /** plan template number -> week plan number */
  private readonly templates = new Map<number, number>();

  get userCount(): number {
    return this.users.size;
  }

  get cardCount(): number {
    return this.cards.size;
  }

  user(employeeNo: string): SimUser | undefined {
    return this.users.get(employeeNo);
  }

  cardsOf(employeeNo: string): string[] {
    return [...this.cards].filter(([, e]) => e === employeeNo).map(([card]) => card);
  }

  /** Whether the door (number) lets this card through at `at`, a device-local "YYYY-MM-DDTHH:MM:SS". */
  decide(cardNo: string, door: number, at: string): SwipeDecision {
    const employeeNo = this.cards.get(cardNo);
    const user = employeeNo === undefined ? undefined : this.users.get(employeeNo);
    if (!user) return { granted: false, reason: 'unknown_card' };
    const inTime = user.valid.enable && user.valid.beginTime <= at && at <= user.valid.endTime;
    const doors = user.doorRight.split(',').map((d) => d.trim());
    return inTime && doors.includes(String(door)) && this.inPlan(user.rightPlans.get(door), at)
      ? { granted: true, user }
      : { granted: false, reason: 'no_permission', user };
  }

  /** Whether one of the templates opens at `at` (no templates: at all hours). */
  private inPlan(templates: number[] | undefined, at: string): boolean {
    if (!templates || templates.length === 0) return true;
    const weekday = ((new Date(`${at.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const time = at.slice(11, 19);
    return templates.some((t) => {
      const segment = this.weekPlans.get(this.templates.get(t) ?? -1)?.get(weekday);
      return segment !== undefined && segment.begin <= time && time <= segment.end;
    });
  }

  /** Answers a UserInfo, CardInfo or time plan request, or undefined for any other path. */
  handle(method: string, path: string, body: string): IsapiAnswer | undefined {
    const plan = /^\/ISAPI\/AccessControl\/(UserRightWeekPlanCfg|UserRightPlanTemplate)\/(\d+)$/.exec(path);
    if (plan) return method === 'PUT' ? this.planRequest(plan[1]!, Number(plan[2]), body) : undefined;
    const m = /^\/ISAPI\/AccessControl\/(UserInfo|CardInfo)\/(Record|Modify|SetUp|Delete|Search)$/.exec(path);
    if (!m) return undefined;
    const expected = m[2] === 'Record' || m[2] === 'Search' ? 'POST' : 'PUT';
    if (method !== expected)
      return { status: 405, body: { statusCode: 4, statusString: 'Invalid Operation' } };
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return refuse('badJsonFormat', 'the body is not JSON');
    }
    return m[1] === 'UserInfo' ? this.userRequest(m[2]!, doc) : this.cardRequest(m[2]!, doc);
  }

  private userRequest(op: string, doc: Record<string, unknown>): IsapiAnswer {
    if (op === 'Search')
      return this.search(
        doc.UserInfoSearchCond,
        'UserInfoSearch',
        'UserInfo',
        [...this.users.values()].map((u) => ({
          employeeNo: u.employeeNo,
          name: u.name,
          Valid: u.valid,
          doorRight: u.doorRight,
          RightPlan: [...u.rightPlans].map(([doorNo, t]) => ({ doorNo, planTemplateNo: t.join(',') })),
        })),
      );
    if (op === 'Delete') {
      const list = (doc.UserInfoDelCond as { EmployeeNoList?: { employeeNo?: unknown }[] } | undefined)
        ?.EmployeeNoList;
      if (!Array.isArray(list)) return refuse('badParameters', 'UserInfoDelCond.EmployeeNoList is required');
      for (const item of list) {
        const employeeNo = text(item.employeeNo);
        this.users.delete(employeeNo);
        for (const card of this.cardsOf(employeeNo)) this.cards.delete(card);
      }
      this.managed = true;
      return ok();
    }
    const u = doc.UserInfo as Record<string, unknown> | undefined;
    const employeeNo = text(u?.employeeNo, 32);
    if (!u || !employeeNo) return refuse('badParameters', 'UserInfo.employeeNo is required');
    const known = this.users.has(employeeNo);
    if (op === 'Record' && known) return refuse('employeeNoAlreadyExist', `${employeeNo} exists`);
    if (op === 'Modify' && !known) return refuse('employeeNoNotExist', `${employeeNo} does not exist`);
    const valid = (u.Valid ?? {}) as Record<string, unknown>;
    this.users.set(employeeNo, {
      employeeNo,
      name: text(u.name, 128),
      valid: {
        enable: valid.enable !== false,
        beginTime: text(valid.beginTime, 19) || '2000-01-01T00:00:00',
        endTime: text(valid.endTime, 19) || '2037-12-31T23:59:59',
      },
      doorRight: text(u.doorRight, 32) || '1',
      rightPlans: rightPlans(u.RightPlan),
    });
    this.managed = true;
    return ok();
  }

  private planRequest(kind: string, no: number, body: string): IsapiAnswer {
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return refuse('badJsonFormat', 'the body is not JSON');
    }
    if (no < 1 || no > 255) return refuse('badParameters', 'the plan number must be 1 to 255');
    if (kind === 'UserRightPlanTemplate') {
      const t = doc.UserRightPlanTemplate as { weekPlanNo?: unknown } | undefined;
      const weekPlanNo = Number(t?.weekPlanNo);
      if (!Number.isInteger(weekPlanNo)) return refuse('badParameters', 'weekPlanNo is required');
      this.templates.set(no, weekPlanNo);
      return ok();
    }
    const cfg = (doc.UserRightWeekPlanCfg as { WeekPlanCfg?: unknown } | undefined)?.WeekPlanCfg;
    if (!Array.isArray(cfg)) return refuse('badParameters', 'UserRightWeekPlanCfg.WeekPlanCfg is required');
    const week: WeekPlan = new Map();
    for (const item of cfg as { week?: unknown; enable?: unknown; TimeSegment?: Record<string, unknown> }[]) {
      const day = WEEKDAYS.indexOf(text(item.week)) + 1;
      if (day > 0 && item.enable === true)
        week.set(day, {
          begin: text(item.TimeSegment?.beginTime, 8),
          end: text(item.TimeSegment?.endTime, 8),
        });
    }
    this.weekPlans.set(no, week);
    return ok();
  }

  private cardRequest(op: string, doc: Record<string, unknown>): IsapiAnswer {
    if (op === 'Search') {
      const cards = [...this.cards].map(([cardNo, employeeNo]) => ({
        cardNo,
        employeeNo,
        cardType: 'normalCard',
      }));
      return this.search(doc.CardInfoSearchCond, 'CardInfoSearch', 'CardInfo', cards);
    }
    if (op === 'Delete') {
      const list = (doc.CardInfoDelCond as { CardNoList?: { cardNo?: unknown }[] } | undefined)?.CardNoList;
      if (!Array.isArray(list)) return refuse('badParameters', 'CardInfoDelCond.CardNoList is required');
      for (const item of list) this.cards.delete(text(item.cardNo));
      this.managed = true;
      return ok();
    }
    const c = doc.CardInfo as Record<string, unknown> | undefined;
    const cardNo = text(c?.cardNo, 32);
    const employeeNo = text(c?.employeeNo, 32);
    if (!c || !cardNo || !employeeNo)
      return refuse('badParameters', 'CardInfo.cardNo and employeeNo are required');
    if (!this.users.has(employeeNo)) return refuse('employeeNoNotExist', `${employeeNo} does not exist`);
    const known = this.cards.has(cardNo);
    if (op === 'Record' && known) return refuse('cardNoAlreadyExist', `${cardNo} exists`);
    if (op === 'Modify' && !known) return refuse('cardNoNotExist', `${cardNo} does not exist`);
    this.cards.set(cardNo, employeeNo);
    this.managed = true;
    return ok();
  }

  /** ISAPI's paged search: searchResultPosition and maxResults, "MORE" while more remain. */
  private search(cond: unknown, wrapper: string, key: string, all: unknown[]): IsapiAnswer {
    const c = (cond ?? {}) as Record<string, unknown>;
    const from = Math.max(0, Number(c.searchResultPosition ?? 0) || 0);
    const max = Math.min(100, Math.max(1, Number(c.maxResults ?? 30) || 30));
    const page = all.slice(from, from + max);
    return {
      status: 200,
      body: {
        [wrapper]: {
          searchID: text(c.searchID) || '1',
          responseStatusStrg:
            page.length === 0 ? 'NO MATCH' : from + page.length < all.length ? 'MORE' : 'OK',
          numOfMatches: page.length,
          totalMatches: all.length,
          ...(page.length ? { [key]: page } : {}),
        },
      },
    };
  }
}
