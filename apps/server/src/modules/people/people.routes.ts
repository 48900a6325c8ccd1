import { peopleApi } from '@atrium/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { InvitationService } from './invitations.service';
import type { LeaveApproverService } from './leave-approver.service';
import type { PeopleService } from './people.service';
import type { PersonService } from './person.service';

/**
 * Where the web app is, as this request reached it: invitation links point there. Behind a
 * trusted proxy (TRUST_PROXY) Fastify reads the forwarded protocol and host.
 */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function peopleRoutes(
  people: PeopleService,
  person: PersonService,
  invitations: InvitationService,
  approvers: LeaveApproverService,
): FastifyPluginAsync {
  return async (app) => {
    route(app, peopleApi.directory, async (request) => people.directory(actorOf(request), request.query));

    route(app, peopleApi.departments, async (request) => ({
      departments: await people.departments(actorOf(request)),
    }));

    route(app, peopleApi.users, async (request) => people.people(actorOf(request), request.query));

    route(app, peopleApi.create, async (request) =>
      person.create(actorOf(request), request.body, originOf(request)),
    );

    route(app, peopleApi.update, async (request) => ({
      person: await person.update(actorOf(request), request.params.id, request.body),
    }));

    route(app, peopleApi.setLeaveApprover, async (request) => ({
      person: await approvers.set(actorOf(request), request.params.id, request.body.approverId),
    }));

    route(app, peopleApi.disable, async (request) => ({
      person: await people.setActive(actorOf(request), request.params.id, false, request.body?.endDate),
    }));

    route(app, peopleApi.enable, async (request) => ({
      person: await people.setActive(actorOf(request), request.params.id, true),
    }));

    route(app, peopleApi.invitation, async (request) =>
      invitations.issue(actorOf(request), request.params.id, originOf(request)),
    );

    route(app, peopleApi.inviteInfo, async (request) => invitations.info(request.params.token, request.ip));

    route(app, peopleApi.acceptInvite, async (request) => {
      await invitations.accept(request.body.token, request.body.password, request.ip);
      return { ok: true as const };
    });
  };
}
