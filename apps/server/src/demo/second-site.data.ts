/**
 * The demo's second site: a warehouse in Singapore, eight hours ahead of London in summer, so the
 * demo shows two "todays". Its own department, people, door, camera, people counter and public
 * holiday; Head Office (the first site) keeps the specification's figures.
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
  /** Department names are unique, and Warehouse is Head Office's (the specification's). */
  department: 'Warehouse Singapore',
  people: [
    ['Jun', 'Lim'],
    ['Siti', 'Aminah'],
    ['Ravi', 'Kumar'],
    ['Wei', 'Tan'],
    ['Darren', 'Goh'],
  ] as const,
  /** Absent on a working day, as each Head Office department has its absent few. */
  absentToday: 1,
  holiday: { date: '2026-08-09', name: 'National Day' },
  /** The access area (and level) of its door; its people may enter nothing else. */
  area: ['Singapore Warehouse', 'Jurong warehouse floor, gate and yard'] as const,
  /** Its door: check-ins and check-outs there are attendance, as at Head Office's Main Entrance. */
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
