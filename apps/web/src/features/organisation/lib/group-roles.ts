import type { SsoRole } from '@atrium/contract';

export type GroupRole = { group: string; role: SsoRole };

const ROLES: readonly string[] = ['admin', 'manager', 'staff'];

/** "group = role" lines, as the settings form shows them. */
export const showGroupRoles = (rows: GroupRole[]) => rows.map((r) => `${r.group} = ${r.role}`).join('\n');

/** The lines back as rows; the first line that is not "group = admin|manager|staff" is named. */
export function parseGroupRoles(
  text: string,
): { ok: true; value: GroupRole[] } | { ok: false; error: string } {
  const value: GroupRole[] = [];
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const at = line.lastIndexOf('=');
    const group = line.slice(0, at).trim();
    const role = line
      .slice(at + 1)
      .trim()
      .toLowerCase();
    if (at < 0 || !group || !ROLES.includes(role))
      return {
        ok: false,
        error: `Line ${i + 1} must read "group = admin", "group = manager" or "group = staff"`,
      };
    value.push({ group, role: role as SsoRole });
  }
  return { ok: true, value };
}
