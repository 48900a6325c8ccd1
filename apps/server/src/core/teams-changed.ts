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
  /**
   * Whose waiting leave the change can move: these people's, that of the people of these
   * departments and everything below them, and of the departments these people manage, and what
   * waits for these approvers. Every waiting application when left out.
   */
  scope?: {
    userIds?: number[];
    departmentIds?: number[];
    managerIds?: number[];
    approverIds?: number[];
  };
}
