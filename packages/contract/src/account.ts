import { z } from 'zod';
import { NewPassword, OkResponse, SessionRole } from './auth';
import { Id } from './common';
import { endpoint } from './endpoint';

/**
 * What every signed-in person does for themselves: read their own details, change their
 * password, see and end their own sessions. Nobody reaches anyone else's through these.
 */

/** The signed-in person's own details, as the profile page shows them (changes go through an administrator). */
export const Profile = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  employee_number: z.string(),
  badge_number: z.string(),
  /** The role they act in (a staff member who manages a department is a manager). */
  role: SessionRole,
  department_name: z.string().nullable(),
  /** YYYY-MM-DD, or null when none was recorded. */
  start_date: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileResponse = z.object({ profile: Profile });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ChangePasswordRequest = z.object({
  currentPassword: z
    .string({ error: 'is required' })
    .min(1, { error: 'is required' })
    .max(1024, { error: 'must be at most 1024 characters' }),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ChangePasswordResponse = z.object({
  /** How many other sessions the change ended. */
  endedSessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** One live session of the signed-in person. */
export const SessionInfo = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  /** The browser in plain words ("Chrome", "Safari"), "Unknown browser" when the user agent says nothing usable. */
  browser: z.string(),
  /** The operating system in plain words ("Windows", "iOS"), "Unknown system" likewise. */
  os: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionsResponse = z.object({ sessions: z.array(SessionInfo) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

export const SessionIdParams = z.object({ id: z.uuid({ error: 'must be a session id' }) });

export const EndOtherSessionsResponse = z.object({ endedSessions: z.number().int() });
export type EndOtherSessionsResponse = z.infer<typeof EndOtherSessionsResponse>;

/**
 * Which optional mails the signed-in person gets. Invitations and password resets are always
 * sent and are not listed. Device alerts are offered to administrators alone.
 */
export const MailPreferences = z.object({
  /** Leave submitted (to the approver), decided (to the applicant) and escalated. */
  mail_leave_updates: z.boolean(),
  /** A device offline or a door forced open; always false for anyone but an administrator. */
  mail_device_alerts: z.boolean(),
});
export type MailPreferences = z.infer<typeof MailPreferences>;

export const MailPreferencesResponse = z.object({
  preferences: MailPreferences,
  /** Whether device alerts are offered (the caller is an administrator). */
  device_alerts_offered: z.boolean(),
});
export type MailPreferencesResponse = z.infer<typeof MailPreferencesResponse>;

/**
 * Strict: the request names no person (it is always the caller's own), and a body that tries to,
 * with an id or anything else unknown, is refused rather than quietly applied to the caller.
 */
export const MailPreferencesRequest = z.strictObject({
  mail_leave_updates: z.boolean({ error: 'must be true or false' }),
  mail_device_alerts: z.boolean({ error: 'must be true or false' }),
});
export type MailPreferencesRequest = z.infer<typeof MailPreferencesRequest>;

/** What the signed-in person chose to see: the site their screens are filtered to (null: every site). */
export const PreferencesResponse = z.object({ site_id: z.number().int().nullable() });
export type PreferencesResponse = z.infer<typeof PreferencesResponse>;

/** Strict like the mail preferences: always the caller's own. */
export const PreferencesRequest = z.strictObject({
  siteId: Id.nullable(),
});
export type PreferencesRequest = z.infer<typeof PreferencesRequest>;

export const accountApi = {
  preferences: endpoint({
    method: 'GET',
    path: '/auth/preferences',
    audience: 'user',
    summary: 'What my screens show: the site they are filtered to',
    response: PreferencesResponse,
  }),
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/auth/preferences',
    audience: 'user',
    summary: 'Choose the site my screens are filtered to (null: every site)',
    body: PreferencesRequest,
    response: PreferencesResponse,
  }),
  mailPreferences: endpoint({
    method: 'GET',
    path: '/auth/mail-preferences',
    audience: 'user',
    summary: 'Which optional mails I get',
    response: MailPreferencesResponse,
  }),
  updateMailPreferences: endpoint({
    method: 'PUT',
    path: '/auth/mail-preferences',
    audience: 'user',
    summary: 'Choose which optional mails I get (only my own; device alerts for administrators alone)',
    body: MailPreferencesRequest,
    response: MailPreferencesResponse,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/auth/profile',
    audience: 'user',
    summary: 'My own details, for the profile page',
    response: ProfileResponse,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/change-password',
    audience: 'user',
    summary: 'Change my password (the current one is required); my other sessions end',
    body: ChangePasswordRequest,
    response: ChangePasswordResponse,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/auth/sessions',
    audience: 'user',
    summary: 'My live sessions, this one marked current',
    response: SessionsResponse,
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    audience: 'user',
    summary: "End one of my sessions (404 for anyone else's); its tokens and sockets stop at once",
    params: SessionIdParams,
    response: OkResponse,
  }),
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/auth/sessions/end-others',
    audience: 'user',
    summary: 'End all my sessions but this one',
    response: EndOtherSessionsResponse,
  }),
};
