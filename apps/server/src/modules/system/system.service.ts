import type { AppInfo } from '@atrium/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { organisationTimezone } from './time';

export class SystemService {
  constructor(
    private readonly db: Db,
    private readonly demo: boolean,
  ) {}

  async databaseReachable(): Promise<boolean> {
    return sql`SELECT 1`.execute(this.db).then(
      () => true,
      () => false,
    );
  }

  /** What the login page needs before anyone signs in; nothing about the organisation's data. */
  async appInfo(): Promise<AppInfo> {
    return { name: 'Atrium', demo: this.demo, timezone: await organisationTimezone(this.db) };
  }
}
