import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Credential } from '#shared-domain/credentials.ts';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import { UNCOPIED_SECRET } from '../shared/show-once.ts';
import type { CredentialsActionError, CredentialsLoadError } from './credentials.errors.ts';
import { credentialsMachine } from './credentials.machine.ts';
import {
  CREDENTIALS_ACTOR_IDS,
  credentialsExplore,
  failureCode,
  NEW_SECRET,
  OVERVIEW,
  ROW_A,
  ROWS,
  SESSION_ENDED,
} from './credentials.model-cases.ts';

type Id = (typeof CREDENTIALS_ACTOR_IDS)[number];

interface Ctx {
  actor: Actor<typeof credentialsMachine>;
  deferred: DeferredActors<Id>;
  /** What the server holds and what the page must show, tracked here independently of the machine. */
  rows: Credential[];
  loadError: CredentialsLoadError | null;
  actionError: CredentialsActionError | null;
  sessionEnded: boolean;
  /** Whether the new secret on show was copied: until then, closing asks first. */
  copied: boolean;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canRow = (ctx: Ctx, type: 'secret.change' | 'grant.delete' | 'info.show') =>
  view(ctx).can({ type, id: ROW_A.id });

function expectIdle(ctx: Ctx) {
  expect(view(ctx).context).toMatchObject({ clients: ctx.rows, selectedId: null, secret: null, actionError: null });
  expect(view(ctx).can({ type: 'list.refresh' })).toBe(true);
  expect(view(ctx).can({ type: 'grant.create' })).toBe(true);
  const hasA = ctx.rows.some((r) => r.id === ROW_A.id);
  expect([canRow(ctx, 'secret.change'), canRow(ctx, 'grant.delete'), canRow(ctx, 'info.show')]).toEqual([
    hasA,
    hasA,
    hasA,
  ]);
}

function expectSelected(ctx: Ctx) {
  expect(view(ctx).context.selectedId).toBe(ROW_A.id);
  expect(view(ctx).can({ type: 'list.refresh' })).toBe(false);
}

function expectShowSecret(snapshot: unknown, ctx: Ctx) {
  expectSameState(view(ctx), snapshot as never);
  expectSelected(ctx);
  expect(view(ctx).context.secret).toEqual(NEW_SECRET);
}

function failAction(event: unknown, ctx: Ctx) {
  const code = failureCode(event as { error: unknown });
  if (code === SESSION_ENDED) ctx.sessionEnded = true;
  else ctx.actionError = code as CredentialsActionError;
  return settleDeferred(ctx.deferred, event as never);
}

describeModel(credentialsMachine, {
  ...credentialsExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors<Id>([...CREDENTIALS_ACTOR_IDS]);
    // The Create Grant dialog is a machine of its own with its own model test: here it is one deferred outcome.
    const actor = createActor(credentialsMachine.provide({ actors: deferred.actors as never })).start();
    return { actor, deferred, rows: [], loadError: null, actionError: null, sessionEnded: false, copied: false };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'list.refresh': (_step, ctx) => ctx.actor.send({ type: 'list.refresh' }),
    'grant.create': (_step, ctx) => ctx.actor.send({ type: 'grant.create' }),
    'secret.change': (step, ctx) => ctx.actor.send(step.event as never),
    'grant.delete': (step, ctx) => ctx.actor.send(step.event as never),
    'info.show': (step, ctx) => ctx.actor.send(step.event as never),
    'dialog.confirm': (_step, ctx) => {
      ctx.actionError = null;
      ctx.actor.send({ type: 'dialog.confirm' });
    },
    'dialog.close': (_step, ctx) => {
      ctx.actionError = null;
      ctx.actor.send({ type: 'dialog.close' });
    },
    'session.leave': (_step, ctx) => ctx.actor.send({ type: 'session.leave' }),
    'secret.copy': (_step, ctx) => {
      ctx.copied = true;
      ctx.actor.send({ type: 'secret.copy' });
    },
    'discard.confirm': (_step, ctx) => ctx.actor.send({ type: 'discard.confirm' }),
    'discard.cancel': (_step, ctx) => ctx.actor.send({ type: 'discard.cancel' }),
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['endSession']),
    'xstate.done.actor.createGrant': (step, ctx) => {
      ctx.sessionEnded = (step.event as { output: { sessionEnded: boolean } }).output.sessionEnded;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.done.actor.loadCredentials': (step, ctx) => {
      ctx.rows = ROWS;
      ctx.loadError = null;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.loadCredentials': (step, ctx) => {
      const code = failureCode(step.event as { error: unknown });
      if (code === SESSION_ENDED) ctx.sessionEnded = true;
      else ctx.loadError = code as CredentialsLoadError;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.done.actor.changeSecret': (step, ctx) => {
      ctx.copied = false;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.changeSecret': (step, ctx) => failAction(step.event, ctx),
    'xstate.done.actor.deleteCredential': (step, ctx) => {
      ctx.rows = ctx.rows.filter((r) => r.id !== ROW_A.id);
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.deleteCredential': (step, ctx) => failAction(step.event, ctx),
  },
  states: {
    loading: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(view(ctx).can({ type: 'list.refresh' })).toBe(false);
      expect(ctx.deferred.pending('loadCredentials')).toBe(1);
      // The rows already shown stay until the new answer replaces them.
      expect(view(ctx).context.clients).toEqual(ctx.rows);
    },
    notOwner: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).context.loadError).toBe('NotAnOwnerMessage');
    },
    accessDenied: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).context.loadError).toBe('AccessDenied');
    },
    authError: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.loadError).toBe(ctx.loadError);
      expect(ctx.loadError).toBe('AuthenticationError');
      expect([...view(ctx).tags]).toEqual(['error']);
      expect(view(ctx).can({ type: 'session.leave' })).toBe(true);
      expect(view(ctx).can({ type: 'dialog.close' })).toBe(true);
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.loadError).toBe('AuthenticationError');
      expect([...view(ctx).tags]).toEqual(['error']);
      expect(view(ctx).can({ type: 'list.refresh' })).toBe(true);
    },
    loggingOut: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(ctx.deferred.pending('endSession')).toBe(1);
    },
    loggedOut: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
    },
    sessionEnded: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.sessionEnded).toBe(true);
      expect(view(ctx).status).toBe('done');
    },
    'list.idle': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectIdle(ctx);
    },
    'list.creating': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.deferred.pending('createGrant')).toBe(1);
      expect(view(ctx).can({ type: 'list.refresh' })).toBe(false);
      // The dialog gets the server's limits and endpoints, and how many grants of each type exist.
      const counts = { client_credentials: 0, authorization_code: 0 };
      for (const r of ctx.rows) counts[r.grant_type]++;
      expect(ctx.deferred.lastInput('createGrant')).toEqual({
        limits: OVERVIEW.limits,
        endpoints: OVERVIEW.endpoints,
        counts,
      });
    },
    'list.confirmChange': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectSelected(ctx);
      expect(view(ctx).context.actionError).toBe(ctx.actionError);
      expect(view(ctx).can({ type: 'dialog.confirm' })).toBe(true);
    },
    'list.changing': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectSelected(ctx);
      // Confirming clears the dialog's last error: a new answer is awaited.
      expect(view(ctx).context.actionError).toBe(ctx.actionError);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(view(ctx).can({ type: 'dialog.close' })).toBe(false);
      // PUT client_grant names the client by its public client_id.
      expect(ctx.deferred.lastInput('changeSecret')).toEqual({ clientId: ROW_A.client_id });
      expect(ctx.deferred.pending('changeSecret')).toBe(1);
    },
    'list.showSecret.uncopied': (snapshot, ctx) => {
      expectShowSecret(snapshot, ctx);
      expect(ctx.copied).toBe(false);
      // Escape and clicks outside must not lose the secret; Close asks first.
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(true);
      expect(view(ctx).can({ type: 'discard.confirm' })).toBe(false);
    },
    'list.showSecret.confirmDiscard': (snapshot, ctx) => {
      expectShowSecret(snapshot, ctx);
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(true);
      expect([view(ctx).can({ type: 'discard.confirm' }), view(ctx).can({ type: 'discard.cancel' })]).toEqual([
        true,
        true,
      ]);
    },
    'list.showSecret.copied': (snapshot, ctx) => {
      expectShowSecret(snapshot, ctx);
      expect(ctx.copied).toBe(true);
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(false);
    },
    'list.confirmDelete': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectSelected(ctx);
      expect(view(ctx).context.actionError).toBe(ctx.actionError);
      expect(view(ctx).context.clients).toEqual(ctx.rows);
    },
    'list.deleting': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectSelected(ctx);
      // Confirming clears the dialog's last error: a new answer is awaited.
      expect(view(ctx).context.actionError).toBe(ctx.actionError);
      expect(view(ctx).hasTag('busy')).toBe(true);
      // product.md §4: the row stays until the server confirms.
      expect(view(ctx).context.clients.map((c) => c.id)).toContain(ROW_A.id);
      expect(ctx.deferred.lastInput('deleteCredential')).toEqual({ id: ROW_A.id });
    },
    'list.showInfo': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectSelected(ctx);
      expect(view(ctx).context.secret).toBeNull();
    },
  },
});
