import { describe, expect, it } from 'vitest';
import { useSuite } from '../../test/suite';

const suite = useSuite();

describe('OpenAPI document', () => {
  it('describes the routes from the contract schemas, for signed-in users only', async () => {
    expect((await suite.http.get('/api/openapi.json')).statusCode).toBe(401);
    const res = await suite.http.get('/api/openapi.json', suite.admin);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const loginBody = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(['email', 'password']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/attendance/check-in', '/api/leave/apply']),
    );
  });
});
