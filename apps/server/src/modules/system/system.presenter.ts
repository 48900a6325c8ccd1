import type { AppInfo, Health } from '@atrium/contract';

/** Liveness: `degraded` (answered with a 503) while the database cannot be reached. */
export const toHealth = (databaseReachable: boolean): Health =>
  databaseReachable ? { status: 'ok', database: 'ok' } : { status: 'degraded', database: 'unreachable' };

export interface AppFacts {
  organisationName: string;
  demo: boolean;
  demoAccounts: boolean;
  timezone: string;
}

/** What the login page needs before anyone signs in; nothing about the organisation's data. */
export const toAppInfo = (facts: AppFacts): AppInfo => ({
  name: 'Atrium',
  organisationName: facts.organisationName,
  demo: facts.demo,
  demoAccounts: facts.demoAccounts,
  timezone: facts.timezone,
});
