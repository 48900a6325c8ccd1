import type { LiveEventData, LiveEventType, WebhookEventType } from '@atrium/contract';

/** Who may receive an event: named users' rooms and/or the admins' room. */
export interface Audience {
  userIds?: number[];
  admins?: boolean;
  /** The managers whose team holds one of `userIds` too (their team's day and leave). */
  team?: boolean;
}

export type DomainEvent =
  | {
      [K in LiveEventType]: { kind: 'live'; type: K; data: LiveEventData<K>; audience: Audience };
    }[LiveEventType]
  | { kind: 'session_ended'; sessionIds: string[] }
  /** People whose standing changed (enabled, disabled, a new role): cached sessions of theirs are dropped. */
  | { kind: 'users_changed'; userIds: number[] }
  /** API tokens revoked: every process drops its cached copies at once (modules/api-tokens). */
  | { kind: 'api_tokens_revoked'; tokenIds: number[] }
  /** Settings whose cached copies (e.g. the OrgClock's zone) every process must drop. */
  | { kind: 'settings_changed'; keys: string[] }
  /** A device's push secret or settings changed: cached devices (the push path's) are dropped. */
  | { kind: 'devices_changed' }
  /** Access levels or grants changed: the controllers' people lists are brought in step. */
  | { kind: 'access_changed' }
  /**
   * Something other systems are told of (webhooks) that no live event says well enough: read by
   * the webhooks' fan-out only; sockets and caches pass it by.
   */
  | { kind: 'integration'; type: WebhookEventType; data: Record<string, unknown> };
