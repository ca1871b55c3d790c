import { expect, vi } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { displayScopes, hasScope } from '../../shared-domain/scopes.ts';
import { describeModel, expectSameState, type ModelStep } from '../../tests/support/model-harness.ts';
import { consentMachine } from './consent.machine.ts';
import { consentEvents, DENIAL_URL, describeConsentEvent, openCaseOf, searchFor, type OpenCase } from './consent.model-cases.ts';

interface Ctx {
  actor: Actor<typeof consentMachine>;
  navigate: ReturnType<typeof vi.fn>;
  opened: OpenCase | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canAccept = (ctx: Ctx) => view(ctx).can({ type: 'consent.accept' });
const canCancel = (ctx: Ctx) => view(ctx).can({ type: 'consent.cancel' });
const urls = (ctx: Ctx) => ctx.navigate.mock.calls.map(([, params]) => (params as { url: string }).url);

function expectShown(ctx: Ctx) {
  const { context } = view(ctx);
  expect(context.applicationName).toBe('Care App');
  expect(displayScopes(context.scopes)).toEqual({ manage: ctx.opened!.manage, view: ctx.opened!.view });
}

describeModel(consentMachine, {
  events: consentEvents,
  describeEvent: describeConsentEvent,
  serializeContext: (context) => ({ alexa: hasScope(context.scopes, 'alexa') }),
  setup: (): Ctx => {
    const navigate = vi.fn();
    const actor = createActor(consentMachine.provide({ actions: { navigate } })).start();
    return { actor, navigate, opened: null };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'request.open': (step: ModelStep, ctx) => {
      ctx.opened = openCaseOf(step.event);
      ctx.actor.send(step.event as never);
    },
    'consent.accept': (_step, ctx) => ctx.actor.send({ type: 'consent.accept' }),
    'consent.cancel': (_step, ctx) => ctx.actor.send({ type: 'consent.cancel' }),
  },
  states: {
    opening: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canAccept(ctx)).toBe(false);
      expect(canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([]);
    },
    asking: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canAccept(ctx)).toBe(true);
      expect(canCancel(ctx)).toBe(true);
      expect(view(ctx).context.error).toBeNull();
      expectShown(ctx);
      expect(urls(ctx)).toEqual([]);
    },
    invalid: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.error).toBe('InvalidScopeError');
      expect(canAccept(ctx)).toBe(false);
      expect(canCancel(ctx)).toBe(true);
      expect(urls(ctx)).toEqual([]);
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.error).toBe('AnErrorOccured');
      expect(canAccept(ctx)).toBe(false);
      expect(canCancel(ctx)).toBe(true);
      expect(urls(ctx)).toEqual([]);
    },
    accepting: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      // The very request the page received, once.
      expect(urls(ctx)).toEqual([`/api/consent?${searchFor(ctx.opened!.scope)}`]);
    },
    continuingToAlexa: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([`/pages/alexatogether?${searchFor(ctx.opened!.scope)}`]);
    },
    cancelling: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canAccept(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([DENIAL_URL]);
    },
  },
});
