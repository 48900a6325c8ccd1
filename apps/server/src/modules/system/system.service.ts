import type { AppInfo, Health } from '@atrium/contract';
import type { OrgClock } from '../../core/clock';
import type { Db } from '../../db/connection';
import { readOrganisationName } from '../organisation/organisation.repository';
import { databaseAnswers } from './health.repository';
import { type AppFacts, toAppInfo, toHealth } from './system.presenter';

/** Whether the published demo accounts sign in with their published passwords (src/demo knows them). */
export interface DemoLoginsCheck {
  allUsable(): Promise<boolean>;
}

export class SystemService {
  constructor(
    private readonly db: Db,
    private readonly demo: boolean,
    private readonly demoLogins: DemoLoginsCheck | undefined,
    private readonly clock: OrgClock,
    /** True once this process is stopping (main.ts), so balancers send it nothing new. */
    private readonly draining: () => boolean,
    /** How people sign in here: single sign-on's button, passwords or not. */
    private readonly signIn: () => Promise<AppFacts['signIn']> = async () => ({
      sso: null,
      passwordLogin: true,
    }),
  ) {}

  /** Liveness for load balancers: `degraded` without the database, `draining` while stopping. */
  async health(): Promise<Health> {
    return toHealth(await databaseAnswers(this.db), this.draining());
  }

  /** What the login page needs before anyone signs in; nothing about the organisation's data. */
  async appInfo(): Promise<AppInfo> {
    return toAppInfo({
      organisationName: await readOrganisationName(this.db),
      demo: this.demo,
      demoAccounts: (await this.demoLogins?.allUsable()) ?? false,
      signIn: await this.signIn(),
      timezone: await this.clock.timeZone(),
    });
  }
}
