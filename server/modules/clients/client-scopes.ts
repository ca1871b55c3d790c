import { formatScopes, isScopeAllowed, RESOURCES, type Scope } from '#shared-domain/scopes.ts';

export const GRANT_TYPES = ['client_credentials', 'authorization_code'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

const every = (permission: Scope['permission']): Scope[] => RESOURCES.map((resource) => ({ resource, permission }));

/**
 * A client_credentials client acts as its own account without a person in the loop, so it may read everything a
 * group owner may read and write nothing: writes stay with people (or with an authorization_code client a person
 * consented to). `internal` is for the product's own apps and never goes to a credential made on the portal.
 */
export const CLIENT_CREDENTIALS_SCOPE = formatScopes(
  every('read').filter((s) => s.resource !== 'internal' && isScopeAllowed(s, true)),
);

/**
 * An authorization_code client may ask for any scope a group owner could grant, except `internal`; each request is
 * then narrowed to what the consenting user may grant (parseScopes with isGroupOwner) and to what they accepted.
 */
export const AUTHORIZATION_CODE_SCOPE = formatScopes(
  [...every('read'), ...every('write')].filter((s) => s.resource !== 'internal' && isScopeAllowed(s, true)),
);

export function defaultScopeOf(grantType: GrantType): string {
  return grantType === 'client_credentials' ? CLIENT_CREDENTIALS_SCOPE : AUTHORIZATION_CODE_SCOPE;
}
