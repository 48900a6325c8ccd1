import { PUBLISHED_DEMO_ACCOUNTS } from '../modules/auth/published-logins';

/** The demo organisation: departments with their head counts, as the specification shows them. */
/** The demo's departments; Security sits inside Facilities, so the tree has a branch to show. */
export const demoDepartments: readonly { name: string; size: number; parent?: string }[] = [
  { name: 'Warehouse', size: 20 },
  { name: 'Head Office', size: 16 },
  { name: 'Showrooms', size: 9 },
  { name: 'Facilities', size: 4 },
  { name: 'Security', size: 3, parent: 'Facilities' },
];

export const demoAccounts = {
  admin: {
    ...PUBLISHED_DEMO_ACCOUNTS[0],
    firstName: 'Alex',
    lastName: 'Morgan',
    department: 'Head Office',
  },
  user: {
    ...PUBLISHED_DEMO_ACCOUNTS[1],
    firstName: 'Jamie',
    lastName: 'Carter',
    department: 'Warehouse',
  },
  /** Manages Warehouse, so the demo user's leave comes to them. */
  manager: {
    ...PUBLISHED_DEMO_ACCOUNTS[2],
    firstName: 'Sam',
    lastName: 'Rivera',
    department: 'Warehouse',
  },
} as const;

/** Fifty more people, so the organisation has 52 in all. */
export const demoNames: readonly (readonly [string, string])[] = [
  ['Olivia', 'Bennett'],
  ['Liam', 'Hughes'],
  ['Amara', 'Okafor'],
  ['Noah', 'Fischer'],
  ['Sofia', 'Rossi'],
  ['Ethan', 'Walsh'],
  ['Priya', 'Nair'],
  ['Lucas', 'Moreau'],
  ['Hannah', 'Schmidt'],
  ['Mateo', 'Garcia'],
  ['Chloe', 'Dubois'],
  ['Oscar', 'Lindqvist'],
  ['Aisha', 'Rahman'],
  ['Daniel', 'Kowalski'],
  ['Grace', 'Murphy'],
  ['Yusuf', 'Demir'],
  ['Emily', 'Clarke'],
  ['Kenji', 'Tanaka'],
  ['Isla', 'Campbell'],
  ['Samuel', 'Adeyemi'],
  ['Freya', 'Jensen'],
  ['Diego', 'Fernandez'],
  ['Lily', 'Turner'],
  ['Arjun', 'Mehta'],
  ['Zoe', 'Papadopoulos'],
  ['Henry', 'Whitfield'],
  ['Maya', 'Cohen'],
  ['Tomas', 'Novak'],
  ['Ella', 'Richardson'],
  ['Ibrahim', 'Haddad'],
  ['Ruby', 'Sullivan'],
  ['Leo', 'Bianchi'],
  ['Nadia', 'Petrova'],
  ['Jack', 'Robertson'],
  ['Mei', 'Chen'],
  ['William', 'Foster'],
  ['Fatima', 'Zahra'],
  ['Adam', 'Nowak'],
  ['Alice', 'Laurent'],
  ['Kofi', 'Mensah'],
  ['Sara', 'Lindgren'],
  ['Ryan', 'Gallagher'],
  ['Elena', 'Vasquez'],
  ['Ben', 'Harrington'],
  ['Leila', 'Karimi'],
  ['George', 'Patel'],
  ['Anna', 'Kowalczyk'],
  ['Marcus', 'Reid'],
  ['Jade', 'Thompson'],
  ['Victor', 'Almeida'],
];
