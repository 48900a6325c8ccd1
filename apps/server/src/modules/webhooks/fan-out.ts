import type { Kysely } from 'kysely';
import { readAfter } from '../../core/events/log';
import type { Database } from '../../db/schema';
import { type Translated, translate } from './translate';
import {
  enabledSubscriptions,
  insertDeliveries,
  lockCursor,
  moveCursor,
  type NewDelivery,
  type PersonName,
  personNames,
} from './webhooks.repository';

/**
 * Turns the event log into deliveries. Each page of the log is read, matched against the enabled
 * subscriptions and written as deliveries in the transaction that moves the cursor past it: a
 * crash keeps both or neither, so no event is lost or queued twice. The cursor's row lock (SKIP
 * LOCKED) lets any number of processes run this; one at a time does the work.
 * Returns how many deliveries were queued.
 */
export async function fanOut(db: Kysely<Database>): Promise<number> {
  let queued = 0;
  for (;;) {
    const page = await db.transaction().execute(async (trx) => {
      const cursor = await lockCursor(trx);
      if (!cursor) return { queued: 0, more: false };
      const { rows, more } = await readAfter(trx, cursor);
      const last = rows.at(-1);
      if (!last) return { queued: 0, more: false };
      const subscriptions = await enabledSubscriptions(trx);
      const events = subscriptions.length
        ? rows.flatMap((row) => {
            const translated = translate(row.event);
            return translated ? [{ row, translated }] : [];
          })
        : [];
      const names = await personNames(
        trx,
        events.flatMap((e) => (e.translated.personId === undefined ? [] : [e.translated.personId])),
      );
      const timestamp = new Date().toISOString();
      const deliveries: NewDelivery[] = [];
      for (const { row, translated } of events) {
        const payload = JSON.stringify({
          type: translated.type,
          timestamp,
          data: withPerson(translated, names),
        });
        for (const s of subscriptions)
          if (s.event_types.includes(translated.type))
            deliveries.push({
              subscription_id: s.id,
              message_id: `msg_${row.pos}_${row.seq}`,
              event_type: translated.type,
              payload,
            });
      }
      const inserted = await insertDeliveries(trx, deliveries);
      await moveCursor(trx, { pos: last.pos, seq: last.seq });
      return { queued: inserted.length, more };
    });
    queued += page.queued;
    if (!page.more) return queued;
  }
}

function withPerson(t: Translated, names: Map<number, PersonName>): Record<string, unknown> {
  if (t.personId === undefined) return t.data;
  const { personId: _id, ...rest } = t.data;
  return { person: names.get(t.personId) ?? { id: t.personId }, ...rest };
}
