import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSession } from '#server/plugins/session.plugin.ts';
import { consentRequestQuery } from '#shared-domain/contracts/consent.contract.ts';
import { describeConsentRequest } from './consent-request.service.ts';

/**
 * What the consent and Alexa Together pages show, for the document the server sends: the same answer as
 * GET /api/consent/request (its body's `data`) for the request's own user, so the page arrives with it on screen.
 * Null whenever that call would fail (no session, an unknown or another's request, a scope no longer allowed): the
 * page then asks itself and shows the failure as it always does.
 */
export async function consentPageData(app: FastifyInstance, request: FastifyRequest, search: URLSearchParams) {
  const query = consentRequestQuery.safeParse(Object.fromEntries(search));
  if (!query.success) return null;
  const session = await loadSession(request);
  if (!session) return null;
  try {
    return await describeConsentRequest(app.db, query.data, session);
  } catch {
    return null;
  }
}
