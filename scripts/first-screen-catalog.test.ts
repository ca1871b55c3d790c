import { describe, expect, it } from 'vitest';
import { firstScreenMessages } from './first-screen-catalog.ts';

describe("the landing page's catalog", () => {
  const messages = { a: 'Log in', b: 'Revoke all', c: 'Email', d: 'Orphan' };
  const origins = {
    a: { origin: [['src/flows/login/login-form.tsx', null] as const] },
    b: { origin: [['src/flows/device-sessions/device-sessions-table.tsx', null] as const] },
    // Used on the first screen and elsewhere: kept.
    c: {
      origin: [['src/flows/signup/signup-form.tsx', null] as const, ['src/components/email-field.tsx', null] as const],
    },
  };
  const firstScreen = new Set(['src/flows/login/login-form.tsx', 'src/components/email-field.tsx']);

  it('keeps the messages any of whose source files the first screen loads, and only those', () => {
    expect(firstScreenMessages(messages, origins, firstScreen)).toEqual({ a: 'Log in', c: 'Email' });
  });

  it('leaves out a message whose origin the catalog does not know', () => {
    expect(firstScreenMessages(messages, origins, firstScreen)).not.toHaveProperty('d');
  });
});
