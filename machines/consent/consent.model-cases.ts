import type { SessionClaims } from '../../shared-domain/login.ts';
import type { Resource } from '../../shared-domain/scopes.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
export const OWNER: SessionClaims = { apiAccess: false, isGroupOwner: true };
export const MEMBER: SessionClaims = { apiAccess: false, isGroupOwner: false };

/** The rest of the request exactly as GET /api/oauth/authorize writes it after scope (docs/api/oauth.md step 5). */
const REST =
  'application_name=Care%20App&client_id=care-client&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&state=xyz%2F1' +
  '&response_type=code&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&tracking_id=track-7';

export function searchFor(scope: string): string {
  return `scope=${encodeURIComponent(scope)}&${REST}`;
}

/** Cancel, whatever was asked (written out by hand). */
export const DENIAL_URL =
  '/api/logout?error=access_denied&error_description=user%20denied%20authorization%20request&application_name=Care%20App' +
  '&client_id=care-client&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&state=xyz%2F1';

export interface OpenCase {
  label: string;
  scope: string;
  /** null: no readable claims cookie. */
  claims: SessionClaims | null;
  /** Where the page settles after opening. */
  settles: 'asking' | 'invalid' | 'failed' | 'accepting';
  manage: Resource[];
  view: Resource[];
}

export const openCases: OpenCase[] = [
  {
    label: 'owner asks to manage cameras and alerts, view the profile and skeletons',
    scope: 'user:read camera:write skeleton:read alert:write',
    claims: OWNER,
    settles: 'asking',
    manage: ['camera', 'alert'],
    view: ['user', 'skeleton'],
  },
  {
    label: 'member asks for camera:write (owners only)',
    scope: 'user:read camera:write skeleton:read alert:write',
    claims: MEMBER,
    settles: 'invalid',
    manage: [],
    view: [],
  },
  { label: 'owner asks for camera:delete (no such permission)', scope: 'user:read camera:delete', claims: OWNER, settles: 'invalid', manage: [], view: [] },
  {
    label: 'member asks for alexa:write and person:read',
    scope: 'alexa:write person:read',
    claims: MEMBER,
    settles: 'asking',
    manage: ['alexa'],
    view: ['person'],
  },
  { label: 'member asks for the internal scope', scope: 'internal:write user:read', claims: MEMBER, settles: 'accepting', manage: [], view: ['user'] },
  { label: 'no readable session claims', scope: 'user:read', claims: null, settles: 'failed', manage: [], view: [] },
];

export function openEvent(c: OpenCase): ModelEvent {
  return { type: 'request.open', search: searchFor(c.scope), claims: c.claims };
}

export const consentEvents: ModelEvent[] = [...openCases.map(openEvent), { type: 'consent.accept' }, { type: 'consent.cancel' }];

export function openCaseOf(event: ModelEvent): OpenCase {
  const { search, claims } = event as unknown as { search: string; claims: SessionClaims | null };
  const found = openCases.find((c) => searchFor(c.scope) === search && c.claims === claims);
  if (!found) throw new Error(`not a consent open case: ${JSON.stringify(event)}`);
  return found;
}

export function describeConsentEvent(event: ModelEvent): string {
  return event.type === 'request.open' ? `open: ${openCaseOf(event).label}` : event.type;
}
