/**
 * Who manages whom changed (a person moved department or left, a department's managers or parent
 * changed, a person's own approver was set): announced inside that change's transaction by the
 * people and organisation domains; leave re-routes what waits for a decision.
 */
export interface TeamsChanged {
  actorUserId: number;
  ip?: string;
  /** Why, as the audit rows of what moved say it. */
  reason: string;
}
