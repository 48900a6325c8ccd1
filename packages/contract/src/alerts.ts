import { z } from 'zod';
import { IdParam, KeysetPageQuery, Text } from './common';

/** Alerts from doors, cameras, counters and the system, in one list with acknowledgement. */

export const AlertSource = z.enum(['access', 'video', 'counting', 'system']);
export type AlertSource = z.infer<typeof AlertSource>;
export const AlertSeverity = z.enum(['low', 'medium', 'high', 'critical']);
export type AlertSeverity = z.infer<typeof AlertSeverity>;
/** active: needs attention; acknowledged: someone has seen it; resolved: the cause went away. */
export const AlertState = z.enum(['active', 'acknowledged', 'resolved']);
export type AlertState = z.infer<typeof AlertState>;

export const Alert = z.object({
  id: z.number().int(),
  source: AlertSource,
  /** access_denied, door_forced_open, door_held_open, device_tamper, reader_tamper, duress, device_offline, ... */
  kind: z.string(),
  severity: AlertSeverity,
  state: AlertState,
  message: z.string(),
  device_id: z.string().nullable(),
  camera_id: z.number().int().nullable(),
  timestamp: z.string(),
  resolved_at: z.string().nullable(),
  acknowledged_by: z.number().int().nullable(),
  acknowledged_by_name: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledge_note: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;

export const AlertsQuery = z.object({
  /** Default: active and acknowledged-but-unresolved first, newest first within each. */
  state: AlertState.optional(),
  source: AlertSource.optional(),
  severity: AlertSeverity.optional(),
  ...KeysetPageQuery.shape,
});
export type AlertsQuery = z.input<typeof AlertsQuery>;
export const AlertsResponse = z.object({ alerts: z.array(Alert), next_cursor: z.string().nullable() });
export type AlertsResponse = z.infer<typeof AlertsResponse>;
export const AlertIdParams = z.object({ id: IdParam });
export const AcknowledgeAlertRequest = z.object({ note: Text(500).optional() }).default({});
export const AlertResponse = z.object({ alert: Alert });
export type AlertResponse = z.infer<typeof AlertResponse>;
