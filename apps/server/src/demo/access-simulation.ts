import { randomBytes } from 'node:crypto';
import { isoWeekday, localTime } from '@atrium/contract/calendar';
import type { Kysely } from 'kysely';
import type { OrgClock } from '../core/clock';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { CODES } from '../devices/hikvision/event-codes';
import type { SimulatedController } from '../devices/hikvision/simulator/controller';
import type { SimulatorFleet } from '../devices/hikvision/simulator/fleet';
import { loadDeviceCredentials } from '../modules/access/device-credentials';
import { newPushSecret, pushPath } from '../modules/access/devices.service';
import { hashSecret } from '../modules/access/push.service';
import { DEMO_DEVICES } from './access';
import { chance } from './random';

/**
 * Keeps the demo building alive: the demo's controllers are played by simulated devices that
 * push over real HTTP to this server (heartbeats always; a few passages a minute during working
 * hours; now and then a denied card). Each start gives them fresh push secrets and command
 * credentials, so nothing secret is fixed in the code.
 */

interface Holder {
  id: number;
  employee_number: string;
  badge_number: string;
  first_name: string;
  last_name: string;
  areas: string[];
}

async function peopleWithAreas(db: Kysely<Database>): Promise<Holder[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('access_permissions as p', (j) =>
      j.on((eb) =>
        eb.or([eb('p.user_id', '=', eb.ref('u.id')), eb('p.department_id', '=', eb.ref('u.department_id'))]),
      ),
    )
    .innerJoin('access_levels as a', 'a.id', 'p.level_id')
    .select(['u.id', 'u.employee_number', 'u.badge_number', 'u.first_name', 'u.last_name', 'a.name as area'])
    .where('u.active', '=', true)
    .where('p.status', '=', 'active')
    .execute();
  const people = new Map<number, Holder>();
  for (const r of rows) {
    const p = people.get(r.id) ?? { ...r, areas: [] };
    p.areas.push(r.area);
    people.set(r.id, p);
  }
  return [...people.values()];
}

/** The door each simulated device guards, and its area. */
const AREA_OF: Record<string, string> = {
  'HK-103': 'Warehouse',
  'HK-104': 'Server Room',
  'HK-105': 'Showroom',
  'HK-106': 'Security Office',
};

export interface DemoDevicesOptions {
  db: Db;
  clock: OrgClock;
  fleet: SimulatorFleet;
  /** This server's own origin, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** The key the devices' passwords are stored with (main's). */
  credentialsKey: Buffer;
  heartbeatSeconds?: number;
  log?: (line: string) => void;
}

/** Starts the simulated demo controllers; returns the stop. */
export async function startDemoDevices(o: DemoDevicesOptions): Promise<() => Promise<void>> {
  const credentials = await loadDeviceCredentials(o.db, o.credentialsKey);
  const controllers: SimulatedController[] = [];
  for (const d of DEMO_DEVICES.filter((d) => d.simulated)) {
    const device = await o.db
      .selectFrom('devices')
      .select(['id'])
      .where('device_id', '=', d.code)
      .executeTakeFirst();
    if (!device) continue;
    const secret = newPushSecret();
    const password = randomBytes(12).toString('base64url');
    const controller = await o.fleet.add({
      deviceId: d.code,
      pushUrl: `${o.origin}${pushPath(secret)}`,
      format: 'mixed',
      username: 'admin',
      password,
      log: o.log,
    });
    await o.db
      .updateTable('devices')
      .set({
        push_secret_hash: hashSecret(secret),
        address: controller.address ?? null,
        command_username: 'admin',
        command_password: credentials.encrypt(password),
        // A simulator starts empty: Atrium reads its list back and writes everyone again.
        resync_requested: true,
        updated_at: new Date(),
      })
      .where('id', '=', device.id)
      .execute();
    controller.startHeartbeats(o.heartbeatSeconds ?? 30);
    void controller.sendHeartbeat();
    controllers.push(controller);
  }

  let people = await peopleWithAreas(o.db);
  let tick = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    // A few passages a minute: every 10 to 30 seconds.
    timer = setTimeout(() => void step().finally(schedule), 10_000 + Math.random() * 20_000);
    timer.unref();
  };
  const step = async () => {
    try {
      const today = await o.clock.today();
      const time = localTime(today.now, today.timeZone);
      const working =
        isoWeekday(today.date) <= 5 ? time >= '08:00' && time < '18:30' : time >= '10:00' && time < '16:00';
      if (!working) return;
      tick += 1;
      if (tick % 40 === 0) people = await peopleWithAreas(o.db);
      const r = chance(today.now.getTime(), 'demo-door');
      const codes = Object.keys(AREA_OF);
      const code = codes[Math.floor(r * codes.length)]!;
      const controller = o.fleet.get(code);
      if (!controller) return;
      if (chance(today.now.getTime(), 'denied') < 0.06) {
        await controller.emit({
          major: CODES.invalidCard[0],
          minor: CODES.invalidCard[1],
          cardNo: `00${7_300_000 + Math.floor(Math.random() * 99_999)}`,
          readerNo: 1,
          verifyMode: 'card',
        });
        return;
      }
      const allowed = people.filter((p) => p.areas.includes(AREA_OF[code]!));
      const person = allowed[Math.floor(Math.random() * allowed.length)];
      if (!person) return;
      // Two-way doors: reader 1 in, reader 2 out.
      const readerNo = code === 'HK-104' ? 1 : Math.random() < 0.5 ? 1 : 2;
      const face = Math.random() < 0.3;
      if (!face && controller.people.managed) {
        // A card the controller decides by the people and rights Atrium wrote to it.
        await controller.swipe(person.badge_number, readerNo);
        return;
      }
      await controller.emit({
        major: face ? CODES.grantedFace[0] : CODES.grantedCard[0],
        minor: face ? CODES.grantedFace[1] : CODES.grantedCard[1],
        cardNo: face ? undefined : person.badge_number,
        employeeNo: person.employee_number,
        name: `${person.first_name} ${person.last_name}`,
        readerNo,
        verifyMode: face ? 'face' : 'card',
        picture: face,
      });
    } catch (error) {
      o.log?.(`demo devices: ${(error as Error).message}`);
    }
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await o.fleet.stop();
  };
}
