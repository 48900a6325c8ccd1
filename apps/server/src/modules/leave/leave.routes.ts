import { leaveApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { LeaveApplicationsService } from './applications.service';
import type { LeaveDecisionsService } from './decisions.service';
import type { LeavePoliciesService } from './policies.service';

export interface LeaveServices {
  applications: LeaveApplicationsService;
  decisions: LeaveDecisionsService;
  policies: LeavePoliciesService;
}

/** /api/leave: the spec's paths, each one service call. */
export function leaveRoutes({ applications, decisions, policies }: LeaveServices): FastifyPluginAsync {
  return async (app) => {
    // Employee
    route(app, leaveApi.types, async (request) => ({
      leaveTypes: await applications.types(actorOf(request)),
    }));
    route(app, leaveApi.myBalance, async (request) => ({
      balances: await applications.myBalances(actorOf(request), request.query.year),
    }));
    route(app, leaveApi.myLedger, async (request) => ({
      entries: await applications.myLedger(actorOf(request), request.query.year),
    }));
    route(app, leaveApi.myApplications, async (request) => ({
      applications: await applications.myApplications(actorOf(request)),
    }));
    route(app, leaveApi.apply, async (request) => ({
      application: await applications.apply(actorOf(request), request.body),
    }));
    route(app, leaveApi.dayCount, async (request) => applications.dayCount(actorOf(request), request.query));
    route(app, leaveApi.cancel, async (request) => ({
      application: await applications.cancel(actorOf(request), request.params.id),
    }));

    // Lists: administrators everyone's, staff their own
    route(app, leaveApi.applications, async (request) => applications.list(actorOf(request), request.query));
    route(app, leaveApi.calendar, async (request) => ({
      events: await applications.calendar(actorOf(request), request.params.year, request.params.month),
    }));
    route(app, leaveApi.calendarDay, async (request) =>
      applications.calendarDay(actorOf(request), request.params.date, request.query),
    );

    // Administrator
    route(app, leaveApi.pending, async (request) => applications.pending(actorOf(request), request.query));
    route(app, leaveApi.stats, async (request) => ({ stats: await applications.stats(actorOf(request)) }));
    route(app, leaveApi.decide, async (request) => ({
      application: await decisions.decide(
        actorOf(request),
        request.params.id,
        request.body.status,
        request.body.adminComments,
      ),
    }));
    route(app, leaveApi.batchDecision, async (request) =>
      decisions.batch(
        actorOf(request),
        request.body.applicationIds,
        request.body.action,
        request.body.adminComments,
      ),
    );

    // Policies: read by anybody signed in, changed by administrators
    route(app, leaveApi.policies, async (request) => ({ policies: await policies.list(actorOf(request)) }));
    route(app, leaveApi.createPolicy, async (request) => ({
      policy: await policies.create(actorOf(request), request.body),
    }));
    route(app, leaveApi.updatePolicy, async (request) => ({
      policy: await policies.update(actorOf(request), request.params.id, request.body),
    }));
    route(app, leaveApi.deletePolicy, async (request) => {
      await policies.remove(actorOf(request), request.params.id);
      return { ok: true };
    });
  };
}
