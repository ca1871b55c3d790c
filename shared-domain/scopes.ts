/**
 * product.md §5/§6 scope grammar: space-separated `resource:permission`. Client (consent page) and server (authorize,
 * consent, token) apply the same rules from here.
 */
export const RESOURCES = [
  'group',
  'user',
  'invitation',
  'camera',
  'person',
  'person_info',
  'room',
  'alert',
  'arn',
  'skeleton',
  'alexa',
  'internal',
] as const;
export type Resource = (typeof RESOURCES)[number];
export type Permission = 'read' | 'write';

export interface Scope {
  resource: Resource;
  permission: Permission;
}

const ANY_PERMISSION: ReadonlySet<string> = new Set(['internal', 'arn', 'user', 'person_info', 'alert']);
const OWNER_WRITE: ReadonlySet<string> = new Set(['camera', 'group', 'invitation', 'person', 'room']);

/** May this caller be granted this scope? Group owners alone get write on the owner-write resources. */
export function isScopeAllowed(scope: Scope, isGroupOwner: boolean): boolean {
  if (ANY_PERMISSION.has(scope.resource)) return true;
  if (scope.resource === 'skeleton') return scope.permission === 'read';
  if (scope.resource === 'alexa') return scope.permission === 'write';
  if (OWNER_WRITE.has(scope.resource)) return scope.permission === 'read' || isGroupOwner;
  return false;
}

export type ScopeParse = { ok: true; scopes: Scope[] } | { ok: false; invalid: string[] };

/** Parses a scope string; anything outside the grammar or the caller's rights is listed as invalid (InvalidScopeError). */
export function parseScopes(value: string, isGroupOwner: boolean): ScopeParse {
  const tokens = value.split(' ').filter((token) => token !== '');
  const scopes: Scope[] = [];
  const invalid: string[] = [];
  for (const token of tokens) {
    const [resource, permission, ...rest] = token.split(':');
    const scope = { resource, permission } as Scope;
    const known =
      rest.length === 0 &&
      (RESOURCES as readonly string[]).includes(resource) &&
      (permission === 'read' || permission === 'write');
    if (known && isScopeAllowed(scope, isGroupOwner)) {
      if (!scopes.some((s) => s.resource === scope.resource && s.permission === scope.permission)) scopes.push(scope);
    } else invalid.push(token);
  }
  if (tokens.length === 0) invalid.push('');
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, scopes };
}

/**
 * The scopes a request may carry for this user: as parseScopes, except that a write on an owner-write resource that
 * the user may not have is narrowed to its read when the user may read it, else dropped (RFC 6749 §3.3 lets the
 * server grant less than asked; the token response names what was granted). What no user may have (outside the
 * grammar, skeleton:write, alexa:read) is still invalid, and so is a request of which nothing remains.
 */
export function narrowScopes(value: string, isGroupOwner: boolean): ScopeParse {
  // Stryker disable next-line MethodExpression,ConditionalExpression,StringLiteral: parseScopes drops empty tokens
  // too (an empty one passes the map below unchanged), so keeping them here changes nothing.
  const tokens = value.split(' ').filter((token) => token !== '');
  const narrowed = tokens.map((token) => {
    const [resource, permission, ...rest] = token.split(':');
    if (rest.length > 0 || permission !== 'write' || !OWNER_WRITE.has(resource) || isGroupOwner) return token;
    return isScopeAllowed({ resource: resource as Resource, permission: 'read' }, isGroupOwner)
      ? `${resource}:read`
      : null;
  });
  // Stryker disable all: every owner-write resource is readable by anyone today, so nothing is dropped and these two
  // lines change nothing; they keep the rule above for a resource that becomes owner-only to read.
  const kept = narrowed.filter((token): token is string => token !== null);
  if (kept.length === 0 && narrowed.length > 0) return { ok: false, invalid: [value.trim()] };
  // Stryker restore all
  return parseScopes(kept.join(' '), isGroupOwner);
}

export function formatScopes(scopes: readonly Scope[]): string {
  return scopes.map((s) => `${s.resource}:${s.permission}`).join(' ');
}

export function hasScope(scopes: readonly Scope[], resource: Resource): boolean {
  return scopes.some((s) => s.resource === resource);
}

/**
 * product.md §5 display mapping: which resources the consent page names, and under which heading. skeleton shows under
 * View; arn, alexa, user, alert, person_info, camera, person, group, invitation and room under Manage when write is
 * asked (View when only read); anything else (internal) is not listed.
 */
const DISPLAYED: ReadonlySet<string> = new Set([
  'skeleton',
  'arn',
  'alexa',
  'user',
  'alert',
  'person_info',
  'camera',
  'person',
  'group',
  'invitation',
  'room',
]);

export interface ScopeDisplay {
  manage: Resource[];
  view: Resource[];
}

export function displayScopes(scopes: readonly Scope[]): ScopeDisplay {
  const manage: Resource[] = [];
  const view: Resource[] = [];
  for (const resource of RESOURCES) {
    if (!DISPLAYED.has(resource)) continue;
    const asked = scopes.filter((s) => s.resource === resource);
    if (asked.length === 0) continue;
    if (resource !== 'skeleton' && asked.some((s) => s.permission === 'write')) manage.push(resource);
    else view.push(resource);
  }
  return { manage, view };
}
