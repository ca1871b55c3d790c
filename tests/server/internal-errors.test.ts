import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.ts';

describe('when the database is gone', () => {
  it('readiness turns 503 and API errors hide their details behind INTERNAL', async () => {
    const server = await startTestServer();
    try {
      await server.db.destroy();
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);

      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ann@example.com', password: 'Secret1234' }),
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        success: false,
        message: 'Internal server error',
        error: { code: 'INTERNAL', name: 'InternalError' },
      });
      expect(text).not.toMatch(/stack|destroyed|kysely|sqlite|postgres/i);
    } finally {
      await server.close();
    }
  });
});
