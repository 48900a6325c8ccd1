import type { AppInfo } from '@atrium/contract';
import type { OrgClock } from '../../core/clock';
import type { Db } from '../../db/connection';
import { readOrganisationName } from '../organisation/organisation.repository';
import { databaseAnswers } from './health.repository';

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
  ) {}

  async databaseReachable(): Promise<boolean> {
    return databaseAnswers(this.db);
  }

  /** What the login page needs before anyone signs in; nothing about the organisation's data. */
  async appInfo(): Promise<AppInfo> {
    return {
      name: 'Atrium',
      organisationName: await readOrganisationName(this.db),
      demo: this.demo,
      demoAccounts: (await this.demoLogins?.allUsable()) ?? false,
      timezone: await this.clock.timeZone(),
    };
  }
}
