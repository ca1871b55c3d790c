import OAuth2Server from '@node-oauth/oauth2-server';
import { isResourceIdentifier } from '#server/oauth-config.ts';
import type { OAuthModelConfig } from './oauth.model.ts';

/**
 * RFC 8707 resource indicators. A token is issued for exactly one resource, its `aud`: the one the request named, or
 * the default resource (the portal's API) when it named none. Only configured resources are known; anything else,
 * malformed values and requests naming several resources are `invalid_target` (RFC 8707 §2).
 */
export const INVALID_TARGET = 'invalid_target';

export function invalidTarget(description: string): InstanceType<typeof OAuth2Server.OAuthError> {
  return new OAuth2Server.OAuthError(description, { code: 400, name: INVALID_TARGET });
}

/** What a resource server of this portal names itself; an unknown or malformed resource is null. */
export function knownResource(config: OAuthModelConfig, value: string): string | null {
  return isResourceIdentifier(value) && config.oauth.resources.includes(value) ? value : null;
}

/** The audience of a grant recorded before resources were (a null column): the default resource. */
export function grantedResource(config: OAuthModelConfig, stored: string | null | undefined): string {
  return stored ?? config.oauth.defaultResource;
}

export const UNKNOWN_RESOURCE = 'The requested resource is invalid, unknown or malformed';
export const ONE_RESOURCE = 'A token is issued for one resource at a time';
export const NOT_GRANTED_RESOURCE = 'The requested resource was not part of the authorization grant';
