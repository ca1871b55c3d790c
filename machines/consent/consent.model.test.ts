import { expect, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { displayScopes } from '#shared-domain/scopes.ts';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
} from '#tests/support/model-harness.ts';
import { type ConsentInput, consentMachine } from './consent.machine.ts';
import { consentExplore, denialUrlFor, type LoadedCase, loadedCaseOf, SEARCH } from './consent.model-cases.ts';

interface Ctx {
  actor: Actor<typeof consentMachine>;
  deferred: DeferredActors<'loadRequest'>;
  navigate: ReturnType<typeof vi.fn>;
  loaded: LoadedCase | null;
  /** The server sent the request with the page: the machine must never ask for it. */
  sent: boolean;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canAccept = (ctx: Ctx) => view(ctx).can({ type: 'consent.accept' });
const canCancel = (ctx: Ctx) => view(ctx).can({ type: 'consent.cancel' });
const urls = (ctx: Ctx) => ctx.navigate.mock.calls.map(([, params]) => (params as { url: string }).url);
const settle = execDeferred((ctx: Ctx) => ctx.deferred, ['loadRequest']);
/** The state's tags, which the view reads: busy while the page is left, error where only Cancel is left. */
const tags = (ctx: Ctx) => [...view(ctx).tags].sort();

function expectShown(ctx: Ctx) {
  const { context } = view(ctx);
  if (ctx.sent) expect(ctx.deferred.inputs('loadRequest')).toEqual([]);
  expect(context.request).toBe(ctx.loaded!.request);
  expect(displayScopes(context.scopes)).toEqual({ manage: ctx.loaded!.manage, view: ctx.loaded!.view });
}

describeModel(consentMachine, {
  ...consentExplore,
  setup: (start): Ctx => {
    const input = start as ConsentInput;
    const navigate = vi.fn();
    const deferred = createDeferredActors(['loadRequest']);
    const actor = createActor(consentMachine.provide({ actions: { navigate }, actors: deferred.actors }), {
      input,
    }).start();
    const sent = Boolean(input.preloaded);
    return {
      actor,
      deferred,
      navigate,
      loaded: sent ? loadedCaseOf({ type: 'sent', output: input.preloaded }) : null,
      sent,
    };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'xstate.done.actor.loadRequest': async (step, ctx) => {
      ctx.loaded = loadedCaseOf(step.event);
      await settle['xstate.done.actor.loadRequest'](step, ctx);
    },
    'xstate.error.actor.loadRequest': settle['xstate.error.actor.loadRequest'],
    'consent.accept': (_step, ctx) => ctx.actor.send({ type: 'consent.accept' }),
    'consent.cancel': (_step, ctx) => ctx.actor.send({ type: 'consent.cancel' }),
  },
  states: {
    loading: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      // The server is asked with the page's query, which carries the handle.
      expect(ctx.deferred.lastInput('loadRequest')).toEqual({ search: SEARCH });
      expect(ctx.deferred.pending('loadRequest')).toBe(1);
      // Nothing of a request is on show before the server described one.
      expect(view(ctx).context).toMatchObject({ request: null, scopes: [] });
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([]);
    },
    asking: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canAccept(ctx)).toBe(true);
      expect(canCancel(ctx)).toBe(true);
      expect(view(ctx).context.error).toBeNull();
      expect(tags(ctx)).toEqual([]);
      expectShown(ctx);
      expect(urls(ctx)).toEqual([]);
    },
    invalid: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.error).toBe('InvalidScopeError');
      expect(tags(ctx)).toEqual(['error']);
      expect(canAccept(ctx)).toBe(false);
      expect(canCancel(ctx)).toBe(true);
      expect(urls(ctx)).toEqual([]);
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.error).toBe('AnErrorOccured');
      expect(tags(ctx)).toEqual(['error']);
      expect(canAccept(ctx)).toBe(false);
      expect(canCancel(ctx)).toBe(true);
      expect(urls(ctx)).toEqual([]);
    },
    unknownRequest: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      expect(view(ctx).context.request).toBeNull();
      expect(tags(ctx)).toEqual(['error']);
      expect(urls(ctx)).toEqual([]);
    },
    sessionEnded: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([]);
    },
    accepting: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      // The request stays on show, its buttons busy, while the page is left.
      expectShown(ctx);
      expect(tags(ctx)).toEqual(['busy']);
      expect(view(ctx).status).toBe('done');
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      // The page's query, handle first, once; the server reads only the handle.
      expect(urls(ctx)).toEqual([`/api/consent?${SEARCH}`]);
    },
    continuingToAlexa: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(tags(ctx)).toEqual(['busy']);
      expect(view(ctx).status).toBe('done');
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([`/pages/alexatogether?${SEARCH}`]);
    },
    cancelling: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(tags(ctx)).toEqual(['busy']);
      expect(view(ctx).status).toBe('done');
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      // Before a load the query's name rides along; the server decides by the handle either way.
      expect(urls(ctx)).toEqual([denialUrlFor(ctx.loaded?.request.applicationName ?? 'Official Portal Mobile App')]);
    },
  },
});
