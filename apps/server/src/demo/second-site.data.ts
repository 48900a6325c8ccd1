/**
 * The demo's second site: a warehouse in Singapore, eight hours ahead of London in summer, so the
 * demo shows two "todays". Issue 35 asks it for a door, a camera, a counter and a holiday, not for
 * people: it has no department or staff of its own, so every person-based figure under All sites
 * stays the specification's (52 employees, 47 present, the five departments). Its door sees only
 * cards nobody holds.
 */
export const SECOND_SITE = {
  name: 'Singapore Warehouse',
  timeZone: 'Asia/Singapore',
  address: '8 Jurong Port Road, Singapore',
  latitude: 1.3066,
  longitude: 103.7208,
  geofenceM: 200,
  /** Monday to Saturday. */
  workWeek: [1, 2, 3, 4, 5, 6],
  holiday: { date: '2026-08-09', name: 'National Day' },
  /** The access area (and level) of its door; no department is given it. */
  area: ['Singapore Warehouse', 'Jurong warehouse floor, gate and yard'] as const,
  /** Its door counts for attendance, as Head Office's Main Entrance does, for whoever is given the site. */
  point: 'Jurong Gate',
  devices: [
    {
      code: 'HK-201',
      name: 'Jurong Gate In',
      point: 'Jurong Gate',
      direction: 'entry' as const,
      location: 'Singapore Warehouse, gate',
      model: 'DS-K1T671M',
      simulated: true,
      status: 'online' as const,
    },
    {
      code: 'HK-202',
      name: 'Jurong Gate Out',
      point: 'Jurong Gate',
      direction: 'exit' as const,
      location: 'Singapore Warehouse, gate',
      model: 'DS-K1T671M',
      simulated: true,
      status: 'online' as const,
    },
  ],
  counter: {
    code: 'PC-203',
    name: 'Jurong Gate',
    location: 'Singapore Warehouse, gate',
    model: 'DS-2CD6825G0',
  },
  camera: { key: 'jurong-gate', name: 'Jurong Gate', location: 'Singapore Warehouse, gate' },
};
