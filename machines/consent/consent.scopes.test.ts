import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { consentMachine } from './consent.machine.ts';
import { CARE, SEARCH } from './consent.model-cases.ts';

/**
 * The server judged the scope; the page only parses it for display. A scope the page cannot read (a resource it does
 * not know yet) shows no scope at all rather than a made-up one, and still asks.
 */
describe('consent: a scope the page cannot parse', () => {
  it('asks with no scope on show', () => {
    const preloaded = { ...CARE.request, scope: 'user:read hologram:write' };
    const actor = createActor(consentMachine, { input: { search: SEARCH, preloaded } }).start();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.scopes).toEqual([]);
    actor.stop();
  });
});
