import {
  ApplyLeaveRequest,
  BatchDecisionRequest,
  BatchDecisionResponse,
  DecideLeaveRequest,
  LeaveApplicationPageResponse,
  LeaveApplicationResponse,
  LeaveApplicationsQuery,
  LeaveApplicationsResponse,
  LeaveBalanceResponse,
  LeaveCalendarParams,
  LeaveCalendarResponse,
  LeaveIdParams,
  LeaveLedgerQuery,
  LeaveLedgerResponse,
  LeavePoliciesResponse,
  LeavePolicyRequest,
  LeavePolicyResponse,
  LeaveStatsResponse,
  LeaveTypesResponse,
  OkResponse,
} from '@atrium/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate';
import type { LeaveApplicationsService } from './applications.service';
import type { LeaveDecisionsService } from './decisions.service';
import type { LeavePoliciesService } from './policies.service';

export interface LeaveServices {
  applications: LeaveApplicationsService;
  decisions: LeaveDecisionsService;
  policies: LeavePoliciesService;
}

/** /api/leave: the spec's paths, each one service call. */
export function leaveRoutes({ applications, decisions, policies }: LeaveServices): FastifyPluginAsyncZod {
  return async (app) => {
    // Employee
    app.get('/leave/types', { schema: { response: { 200: LeaveTypesResponse } } }, async (request) => ({
      leaveTypes: await applications.types(actorOf(request)),
    }));
    app.get(
      '/leave/my-balance',
      { schema: { querystring: LeaveLedgerQuery, response: { 200: LeaveBalanceResponse } } },
      async (request) => ({ balances: await applications.myBalances(actorOf(request), request.query.year) }),
    );
    app.get(
      '/leave/my-ledger',
      { schema: { querystring: LeaveLedgerQuery, response: { 200: LeaveLedgerResponse } } },
      async (request) => ({ entries: await applications.myLedger(actorOf(request), request.query.year) }),
    );
    app.get(
      '/leave/my-applications',
      { schema: { response: { 200: LeaveApplicationsResponse } } },
      async (request) => ({ applications: await applications.myApplications(actorOf(request)) }),
    );
    app.post(
      '/leave/apply',
      { schema: { body: ApplyLeaveRequest, response: { 201: LeaveApplicationResponse } } },
      async (request, reply) => {
        const application = await applications.apply(actorOf(request), request.body);
        return reply.status(201).send({ application });
      },
    );
    app.post(
      '/leave/applications/:id/cancel',
      { schema: { params: LeaveIdParams, response: { 200: LeaveApplicationResponse } } },
      async (request) => ({ application: await applications.cancel(actorOf(request), request.params.id) }),
    );

    // Administrator
    app.get(
      '/leave/applications',
      { schema: { querystring: LeaveApplicationsQuery, response: { 200: LeaveApplicationPageResponse } } },
      async (request) => applications.list(actorOf(request), request.query),
    );
    app.get(
      '/leave/pending',
      { schema: { response: { 200: LeaveApplicationsResponse } } },
      async (request) => ({
        applications: await applications.pending(actorOf(request)),
      }),
    );
    app.get('/leave/stats', { schema: { response: { 200: LeaveStatsResponse } } }, async (request) => ({
      stats: await applications.stats(actorOf(request)),
    }));
    app.get(
      '/leave/calendar/:year/:month',
      { schema: { params: LeaveCalendarParams, response: { 200: LeaveCalendarResponse } } },
      async (request) => ({
        events: await applications.calendar(actorOf(request), request.params.year, request.params.month),
      }),
    );
    app.put(
      '/leave/applications/:id/status',
      {
        schema: {
          params: LeaveIdParams,
          body: DecideLeaveRequest,
          response: { 200: LeaveApplicationResponse },
        },
      },
      async (request) => ({
        application: await decisions.decide(
          actorOf(request),
          request.params.id,
          request.body.status,
          request.body.adminComments,
        ),
      }),
    );
    app.post(
      '/leave/batch-approval',
      { schema: { body: BatchDecisionRequest, response: { 200: BatchDecisionResponse } } },
      async (request) =>
        decisions.batch(
          actorOf(request),
          request.body.applicationIds,
          request.body.action,
          request.body.adminComments,
        ),
    );

    // Policies: read by anybody signed in, changed by administrators
    app.get('/leave/policies', { schema: { response: { 200: LeavePoliciesResponse } } }, async (request) => ({
      policies: await policies.list(actorOf(request)),
    }));
    app.post(
      '/leave/policies',
      { schema: { body: LeavePolicyRequest, response: { 201: LeavePolicyResponse } } },
      async (request, reply) => {
        const policy = await policies.create(actorOf(request), request.body);
        return reply.status(201).send({ policy });
      },
    );
    app.put(
      '/leave/policies/:id',
      { schema: { params: LeaveIdParams, body: LeavePolicyRequest, response: { 200: LeavePolicyResponse } } },
      async (request) => ({
        policy: await policies.update(actorOf(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/leave/policies/:id',
      { schema: { params: LeaveIdParams, response: { 200: OkResponse } } },
      async (request) => {
        await policies.remove(actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
