import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import { readSessionClaims } from '#src/lib/session.ts';

/**
 * The server's side of the check every signed-in page makes first (GET /api/session): here a session is alive exactly
 * when the claims cookie says one exists (`setSessionClaims`), with the cookie's flags. A test where the server
 * disagrees with the cookie (a revoked session) overrides it with `server.use`.
 */
export function sessionFromClaimsCookie(): Response {
  const claims = readSessionClaims();
  if (!claims) return HttpResponse.json(apiErrorBody('NoSession'), { status: 401 });
  return HttpResponse.json({
    success: true,
    data: { user: { email: 'test@example.com', name: 'Test User', ...claims } },
  });
}

/**
 * One MSW server per view-test file, refusing any request no handler expects, so a view can never silently talk to
 * an endpoint its test did not describe. The session check is described once, above, for every file.
 */
export function setupMswServer() {
  const server = setupServer(http.get('/api/session', sessionFromClaimsCookie));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
