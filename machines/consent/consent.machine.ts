import { assign, setup } from 'xstate';
import type { SessionClaims } from '../../shared-domain/login.ts';
import { hasScope, parseScopes, type Scope } from '../../shared-domain/scopes.ts';
import { alexaTogetherUrl, consentUrl, denialRequestOf, denialUrl } from '../shared/authorization-urls.ts';

/** Spec §8 consent failures; the view translates them through src/lib/error-messages.ts. */
export type ConsentErrorCode = 'InvalidScopeError' | 'AnErrorOccured';

export interface ConsentContext {
  /** The page's query without '?': the authorization request, handed back to the server unchanged on Accept. */
  search: string;
  applicationName: string;
  /** The requested scopes when they are valid for this user, else empty. */
  scopes: Scope[];
  error: ConsentErrorCode | null;
}

/**
 * request.open carries what the page read when it opened: its query and the session's public claims (null when the
 * claims cookie is missing or cannot be decoded). It is an event rather than input so that one model explores every
 * kind of request.
 */
export type ConsentEvent =
  | { type: 'request.open'; search: string; claims: SessionClaims | null }
  | { type: 'consent.accept' }
  | { type: 'consent.cancel' };

type OpenEvent = Extract<ConsentEvent, { type: 'request.open' }>;

function scopeOf(search: string): string {
  return new URLSearchParams(search).get('scope') ?? '';
}

/** parseScopes with the caller's group-owner claim: the one rule both halves apply (shared-domain/scopes.ts). */
function parseRequest(event: OpenEvent) {
  return parseScopes(scopeOf(event.search), event.claims?.isGroupOwner === true);
}

const openEvent = (event: ConsentEvent) => event as OpenEvent;

export const consentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
  },
  actions: {
    /** Leaves the page: a browser navigation to a server URL, or a route of the SPA. Provided by the page. */
    navigate: (_args, _params: { url: string }) => {},
    assignRequest: assign(({ event }) => {
      const { search } = openEvent(event);
      const parsed = parseRequest(openEvent(event));
      return {
        search,
        applicationName: new URLSearchParams(search).get('application_name') ?? '',
        scopes: parsed.ok ? parsed.scopes : [],
      };
    }),
    assignSessionError: assign({ error: 'AnErrorOccured' as ConsentErrorCode }),
    assignScopeError: assign({ error: 'InvalidScopeError' as ConsentErrorCode }),
  },
  guards: {
    hasNoSession: ({ event }) => openEvent(event).claims === null,
    isInvalidScope: ({ event }) => !parseRequest(openEvent(event)).ok,
    // Spec §4: the internal scope (the product's own apps) consents without asking.
    isInternalScope: ({ event }) => {
      const parsed = parseRequest(openEvent(event));
      return parsed.ok && hasScope(parsed.scopes, 'internal');
    },
    hasAlexaScope: ({ context }) => hasScope(context.scopes, 'alexa'),
  },
}).createMachine({
  id: 'consent',
  description:
    'Ask whether the named application may have the requested scopes; Accept goes to the server (or first to Alexa Together), Cancel denies.',
  context: { search: '', applicationName: '', scopes: [], error: null },
  initial: 'opening',
  states: {
    opening: {
      description: 'The page reads its query and the session claims, then sends request.open.',
      on: {
        'request.open': [
          { guard: 'hasNoSession', target: 'failed', actions: ['assignRequest', 'assignSessionError'] },
          { guard: 'isInvalidScope', target: 'invalid', actions: ['assignRequest', 'assignScopeError'] },
          { guard: 'isInternalScope', target: 'accepting', actions: 'assignRequest' },
          { target: 'asking', actions: 'assignRequest' },
        ],
      },
    },
    asking: {
      description: 'The requested scopes, grouped Manage / View per resource, with Cancel and Accept.',
      on: {
        'consent.accept': [{ guard: 'hasAlexaScope', target: 'continuingToAlexa' }, { target: 'accepting' }],
        'consent.cancel': { target: 'cancelling' },
      },
    },
    invalid: {
      description: 'InvalidScopeError: outside the grammar or beyond this user\'s rights. Only Cancel is possible.',
      tags: ['error'],
      on: { 'consent.cancel': { target: 'cancelling' } },
    },
    failed: {
      description: 'AnErrorOccured: the session claims are missing or cannot be decoded. Only Cancel is possible.',
      tags: ['error'],
      on: { 'consent.cancel': { target: 'cancelling' } },
    },
    accepting: {
      description: 'Navigates to /api/consent with the request; the buttons stay disabled while the page is left.',
      type: 'final',
      tags: ['busy'],
      entry: { type: 'navigate', params: ({ context }) => ({ url: consentUrl(context.search) }) },
    },
    continuingToAlexa: {
      description: 'An alexa scope: the Alexa Together page first, with the same request.',
      type: 'final',
      tags: ['busy'],
      entry: { type: 'navigate', params: ({ context }) => ({ url: alexaTogetherUrl(context.search) }) },
    },
    cancelling: {
      description: 'Navigates to /api/logout with error=access_denied; the server tells the client.',
      type: 'final',
      tags: ['busy'],
      entry: {
        type: 'navigate',
        params: ({ context }) => ({ url: denialUrl(denialRequestOf(new URLSearchParams(context.search))) }),
      },
    },
  },
});
