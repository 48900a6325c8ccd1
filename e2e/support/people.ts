import { type APIRequestContext, expect, request } from '@playwright/test';
import { demo } from './auth';
import { E2E_BASE_URL } from './env';

export interface Throwaway {
  id: number;
  email: string;
  password: string;
  name: string;
}

async function asAdmin<T>(work: (api: APIRequestContext, headers: { authorization: string }) => Promise<T>) {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const res = await api.post('/api/auth/login', {
      data: { email: demo.admin.email, password: demo.admin.password },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { token } = (await res.json()) as { token: string };
    return await work(api, { authorization: `Bearer ${token}` });
  } finally {
    await api.dispose();
  }
}

/**
 * A person of the test's own, so a journey that changes a password or ends sessions leaves the
 * demo accounts (which every other spec signs in as) alone: added by the admin like any new
 * hire, with the password set through their invitation link.
 */
export async function createThrowaway(firstName: string, lastName: string): Promise<Throwaway> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${lastName.toLowerCase()}-${stamp}@example.test`;
  const password = `Throwaway ${stamp} pass`;
  return asAdmin(async (api, headers) => {
    const made = await api.post('/api/users', {
      headers,
      data: {
        firstName,
        lastName,
        email,
        employeeNumber: `T-${stamp}`,
        badgeNumber: `TB-${stamp}`,
        departmentId: null,
        role: 'staff',
        startDate: null,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { person, invitation } = (await made.json()) as {
      person: { id: number };
      invitation: { inviteUrl: string };
    };
    const token = invitation.inviteUrl.split('/').pop();
    const accepted = await api.post('/api/auth/accept-invite', { data: { token, password } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    return { id: person.id, email, password, name: `${firstName} ${lastName}` };
  });
}

/** Disables the test's own people once it is done, so they leave the demo's lists of active people. */
export async function retireThrowaways(people: Throwaway[]): Promise<void> {
  if (people.length === 0) return;
  await asAdmin(async (api, headers) => {
    for (const person of people) {
      const disabled = await api.post(`/api/users/${person.id}/disable`, { headers });
      expect(disabled.status(), await disabled.text()).toBe(200);
    }
  });
}
