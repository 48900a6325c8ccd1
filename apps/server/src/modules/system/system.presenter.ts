import type { AppInfo, Health } from '@atrium/contract';

/**
 * Liveness: `degraded` while the database cannot be reached, `draining` while the process stops;
 * either is answered with a 503, which takes the process out of a load balancer's rotation.
 */
export const toHealth = (databaseReachable: boolean, draining: boolean): Health => ({
  status: !databaseReachable ? 'degraded' : draining ? 'draining' : 'ok',
  database: databaseReachable ? 'ok' : 'unreachable',
});

export interface AppFacts {
  organisationName: string;
  demo: boolean;
  demoAccounts: boolean;
  signIn: { sso: { name: string } | null; passwordLogin: boolean };
  timezone: string;
}

/** What the login page needs before anyone signs in; nothing about the organisation's data. */
export const toAppInfo = (facts: AppFacts): AppInfo => ({
  name: 'Atrium',
  organisationName: facts.organisationName,
  demo: facts.demo,
  demoAccounts: facts.demoAccounts,
  sso: facts.signIn.sso,
  passwordLogin: facts.signIn.passwordLogin,
  timezone: facts.timezone,
});
