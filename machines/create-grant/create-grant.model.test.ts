import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type GrantType, parseRedirectUris } from '#shared-domain/credentials.ts';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  expectSameState,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import { UNCOPIED_SECRET } from '../shared/show-once.ts';
import type { CreateGrantErrorCode, CreateGrantFailure } from './create-grant.errors.ts';
import { createGrantMachine } from './create-grant.machine.ts';
import {
  BAD_URI,
  CREATED,
  createFailures,
  createGrantExplore,
  INPUT,
  LONG_URI,
  SESSION_ENDED,
  TOO_MANY_TEXT,
} from './create-grant.model-cases.ts';

interface Ctx {
  actor: Actor<typeof createGrantMachine>;
  deferred: DeferredActors<'submitGrant'>;
  /** What the user chose and typed, and what the form must show, tracked here independently of the machine. */
  grantType: GrantType | null;
  typed: { applicationName: string; redirectUris: string };
  expectedError: CreateGrantFailure | null;
  created: boolean;
  sessionEnded: boolean;
  /** Whether the shown secret was copied: until then, closing asks first. */
  copied: boolean;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();

/**
 * The form's own checks, written out again here: authorization_code needs URIs, at most INPUT's count of them, each
 * at most INPUT's length, and each absolute http(s).
 */
function expectedValidation(ctx: Ctx): CreateGrantErrorCode | null {
  if (ctx.grantType !== 'authorization_code') return null;
  const byText: Record<string, CreateGrantErrorCode> = {
    '': 'MissingRedirectUris',
    [TOO_MANY_TEXT]: 'TooManyRedirectUris',
    [LONG_URI]: 'RedirectUriTooLong',
    [BAD_URI]: 'InvalidRedirectUri',
  };
  return byText[ctx.typed.redirectUris] ?? null;
}

describeModel(createGrantMachine, {
  ...createGrantExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['submitGrant']);
    const actor = createActor(createGrantMachine.provide({ actors: deferred.actors }), { input: INPUT }).start();
    const typed = { applicationName: '', redirectUris: '' };
    return {
      actor,
      deferred,
      grantType: null,
      typed,
      expectedError: null,
      created: false,
      sessionEnded: false,
      copied: false,
    };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'type.choose': (step, ctx) => {
      ctx.grantType = (step.event as unknown as { grantType: GrantType }).grantType;
      ctx.expectedError = null;
      ctx.actor.send(step.event as never);
    },
    'form.change': (step, ctx) => {
      const event = step.event as unknown as { field: 'applicationName' | 'redirectUris'; value: string };
      ctx.typed[event.field] = event.value;
      ctx.actor.send(step.event as never);
    },
    'form.back': (_step, ctx) => {
      ctx.expectedError = null;
      ctx.actor.send({ type: 'form.back' });
    },
    'form.submit': (_step, ctx) => {
      ctx.expectedError = expectedValidation(ctx);
      ctx.actor.send({ type: 'form.submit' });
    },
    'dialog.close': (_step, ctx) => ctx.actor.send({ type: 'dialog.close' }),
    'secret.copy': (_step, ctx) => {
      ctx.copied = true;
      ctx.actor.send({ type: 'secret.copy' });
    },
    'discard.confirm': (_step, ctx) => ctx.actor.send({ type: 'discard.confirm' }),
    'discard.cancel': (_step, ctx) => ctx.actor.send({ type: 'discard.cancel' }),
    'xstate.done.actor.submitGrant': async (step, ctx) => {
      ctx.created = true;
      await settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.submitGrant': async (step, ctx) => {
      const error = (step.event as { error: unknown }).error;
      if (error === SESSION_ENDED.error) ctx.sessionEnded = true;
      else ctx.expectedError = createFailures.find((f) => f.error === error)!.code;
      await settleDeferred(ctx.deferred, step.event);
    },
  },
  states: {
    choosing: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).can({ type: 'type.choose', grantType: 'authorization_code' })).toBe(true);
      expect(view(ctx).can({ type: 'form.submit' })).toBe(false);
      expect(view(ctx).context.error).toBeNull();
    },
    editing: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(false);
      expect(view(ctx).can({ type: 'form.submit' })).toBe(true);
      expect(view(ctx).context).toMatchObject({
        grantType: ctx.grantType,
        ...ctx.typed,
        error: ctx.expectedError,
        created: null,
      });
    },
    creating: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(view(ctx).can({ type: 'dialog.close' })).toBe(false);
      expect(view(ctx).context.error).toBeNull();
      expect(ctx.deferred.pending('submitGrant')).toBe(1);
      // The exact payload: the name trimmed (empty means the server's default), URIs one a line, only for authorization_code.
      expect(ctx.deferred.lastInput('submitGrant')).toEqual(
        ctx.grantType === 'authorization_code'
          ? {
              grant_type: 'authorization_code',
              application_name: ctx.typed.applicationName,
              redirect_uris: parseRedirectUris(ctx.typed.redirectUris),
            }
          : { grant_type: 'client_credentials', application_name: ctx.typed.applicationName },
      );
    },
    'details.uncopied': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.created).toEqual(CREATED);
      expect(view(ctx).can({ type: 'form.submit' })).toBe(false);
      expect(ctx.copied).toBe(false);
      // Escape and clicks outside must not lose the secret; Close asks first.
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(true);
      expect(view(ctx).can({ type: 'discard.confirm' })).toBe(false);
    },
    'details.confirmDiscard': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.created).toEqual(CREATED);
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(true);
      expect([view(ctx).can({ type: 'discard.confirm' }), view(ctx).can({ type: 'discard.cancel' })]).toEqual([
        true,
        true,
      ]);
    },
    'details.copied': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.copied).toBe(true);
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(false);
      expect(view(ctx).can({ type: 'discard.confirm' })).toBe(false);
    },
    closed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).output).toEqual({ created: ctx.created, sessionEnded: false });
    },
    sessionEnded: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.sessionEnded).toBe(true);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).output).toEqual({ created: false, sessionEnded: true });
    },
  },
});

describe('create-grant at a cap', () => {
  it('refuses a grant type the account holds the most of, and still offers the other', () => {
    const input = { ...INPUT, counts: { client_credentials: 3, authorization_code: 1 } };
    const actor = createActor(createGrantMachine, { input }).start();
    expect(actor.getSnapshot().can({ type: 'type.choose', grantType: 'client_credentials' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'type.choose', grantType: 'authorization_code' })).toBe(true);
    actor.send({ type: 'type.choose', grantType: 'client_credentials' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.stop();
  });
});
