import { z } from 'zod';
import { OkResponse } from './auth';
import { CalendarDate, Id } from './common';
import { endpoint } from './endpoint';

/** Longest period a manager may hand their approvals on for at once. */
export const MAX_DELEGATION_DAYS = 366;

/**
 * A manager hands their approvals to someone for a period: from `from` to `to` (the
 * organisation's dates, both included) the delegate sees and decides the manager's team's leave.
 */
export const DelegationRequest = z
  .object({ delegateId: Id, from: CalendarDate, to: CalendarDate })
  .refine((d) => d.to >= d.from, { path: ['to'], error: 'must be on or after from' });
export type DelegationRequest = z.infer<typeof DelegationRequest>;

export const Delegation = z.object({
  delegate: z.object({ id: z.number().int(), name: z.string() }),
  from: z.string(),
  to: z.string(),
});
export type Delegation = z.infer<typeof Delegation>;

/** The caller's delegation, current or ahead, or null when there is none. */
export const DelegationResponse = z.object({ delegation: Delegation.nullable() });
export type DelegationResponse = z.infer<typeof DelegationResponse>;

export const delegationApi = {
  get: endpoint({
    method: 'GET',
    path: '/me/delegation',
    audience: 'manager',
    summary: "The caller's delegation of their approvals, current or ahead",
    response: DelegationResponse,
  }),
  set: endpoint({
    method: 'PUT',
    path: '/me/delegation',
    audience: 'manager',
    summary:
      "Hand one's approvals to someone for a period (audited): in it they see and decide one's team's leave, on one's behalf",
    body: DelegationRequest,
    response: DelegationResponse,
  }),
  end: endpoint({
    method: 'DELETE',
    path: '/me/delegation',
    audience: 'manager',
    summary: "End one's delegation (audited)",
    response: OkResponse,
  }),
};
