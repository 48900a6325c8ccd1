import type { AtriumModule, ModuleContext } from '../../core/module';
import type { TeamsChanged } from '../../core/teams-changed';
import { TransactionHooks } from '../../core/transaction-hooks';
import type { SessionCache } from '../auth/session-cache';
import { type EmploymentChanged, scheduleEmploymentEnds } from './employment';
import { InvitationService } from './invitations.service';
import { LeaveApproverService } from './leave-approver.service';
import { passwordResetRoutes } from './password-reset.routes';
import { PasswordResetService } from './password-reset.service';
import { peopleRoutes } from './people.routes';
import { PeopleService } from './people.service';
import { peopleImportRoutes } from './people-import.routes';
import { PeopleImportService } from './people-import.service';
import { PersonService } from './person.service';

/** The people of the organisation: adding, editing, disabling, inviting, importing; forgotten passwords. */
export function createPeopleModule(
  ctx: ModuleContext,
  sessions: SessionCache,
  teamsChanged: TransactionHooks<TeamsChanged>,
  /** PUBLIC_URL: where links mailed on a forgot-password request lead. */
  publicUrl?: string,
) {
  const { db, bus, clock } = ctx;
  const employmentChanged = new TransactionHooks<EmploymentChanged>();
  const people = new PeopleService(db, bus, clock, sessions, employmentChanged, teamsChanged);
  const person = new PersonService(db, bus, clock, sessions, employmentChanged, teamsChanged);
  const invitations = new InvitationService(db, bus, clock, sessions);
  const approvers = new LeaveApproverService(db, bus, sessions, teamsChanged);
  const resets = new PasswordResetService(db, clock, invitations, publicUrl);
  const module: AtriumModule = {
    name: 'people',
    async routes(api) {
      await api.register(peopleRoutes(people, person, invitations, approvers));
      await api.register(passwordResetRoutes(resets));
      await api.register(peopleImportRoutes(new PeopleImportService(db, ctx.reports, clock, bus)));
    },
    jobs: () => scheduleEmploymentEnds(db, bus, clock, (error) => ctx.onError('employment ends', error)),
  };
  return { module, employmentChanged };
}
