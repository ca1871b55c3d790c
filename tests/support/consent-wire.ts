import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import type { ConsentRequestBody } from '#src/api/oauth.ts';

/** A request description as GET /api/consent/request answers it (and as the server sends it with the page). */
export function wireOf(request: ConsentRequestDetails): ConsentRequestBody['data'] {
  return {
    application_name: request.applicationName,
    owner_name: request.ownerName,
    redirect_host: request.redirectHost,
    native: request.native,
    scope: request.scope,
    alexa: request.alexa,
  };
}
