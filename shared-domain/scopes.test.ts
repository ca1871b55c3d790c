import { describe, expect, it } from 'vitest';
import {
  displayScopes,
  formatScopes,
  isScopeAllowed,
  narrowScopes,
  parseScopes,
  RESOURCES,
  type Resource,
} from './scopes.ts';

describe('parseScopes', () => {
  it.each([
    ['user:read alert:write internal:read', false],
    ['skeleton:read alexa:write arn:write person_info:read', false],
    ['camera:read group:read invitation:read person:read room:read', false],
    ['camera:write group:write invitation:write person:write room:write', true],
  ])('allows %s (owner %s)', (value, owner) => {
    const parsed = parseScopes(value, owner);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(formatScopes(parsed.scopes)).toBe(value);
  });

  it.each([
    ['camera:write', false, ['camera:write']],
    ['skeleton:write', true, ['skeleton:write']],
    ['alexa:read', true, ['alexa:read']],
    ['user:delete', true, ['user:delete']],
    ['billing:read user:read', true, ['billing:read']],
    ['user:read:extra', true, ['user:read:extra']],
    ['', true, ['']],
  ])('refuses %j (owner %s)', (value, owner, invalid) => {
    expect(parseScopes(value, owner)).toEqual({ ok: false, invalid });
  });

  it('ignores extra spaces and duplicates', () => {
    const parsed = parseScopes('  user:read   user:read ', false);
    expect(parsed.ok && formatScopes(parsed.scopes)).toBe('user:read');
  });
});

describe('displayScopes', () => {
  it('groups write as Manage and read as View, skeleton always View, internal never shown', () => {
    const parsed = parseScopes('user:write camera:read skeleton:read internal:write alert:read alert:write', true);
    if (!parsed.ok) throw new Error('expected valid');
    expect(displayScopes(parsed.scopes)).toEqual({ manage: ['user', 'alert'], view: ['camera', 'skeleton'] });
  });

  it('names every resource but internal, in the grammar order', () => {
    const read = RESOURCES.map((resource) => ({ resource, permission: 'read' as const }));
    const write = RESOURCES.map((resource) => ({ resource, permission: 'write' as const }));
    const shown = RESOURCES.filter((resource) => resource !== 'internal');
    expect(displayScopes(read)).toEqual({ manage: [], view: shown });
    // skeleton:write is never granted; were it asked, it would still read as View.
    expect(displayScopes(write)).toEqual({ manage: shown.filter((r) => r !== 'skeleton'), view: ['skeleton'] });
  });
});

describe('narrowScopes', () => {
  it.each([
    ['camera:write', false, 'camera:read'],
    ['camera:write user:read', false, 'camera:read user:read'],
    ['camera:read camera:write', false, 'camera:read'],
    ['group:write invitation:write person:write room:write', false, 'group:read invitation:read person:read room:read'],
    ['camera:write room:write', true, 'camera:write room:write'],
    ['alexa:write arn:write', false, 'alexa:write arn:write'],
  ])('narrows %j for a user who is owner: %s to %j', (value, owner, narrowed) => {
    const parsed = narrowScopes(value, owner);
    expect(parsed.ok && formatScopes(parsed.scopes)).toBe(narrowed);
  });

  it.each([
    ['skeleton:write camera:write', false, ['skeleton:write']],
    ['alexa:read', true, ['alexa:read']],
    ['bogus:read camera:write', false, ['bogus:read']],
    // Only a well-formed write is narrowed; any other token on an owner-write resource stays what it was.
    ['camera:write:extra', false, ['camera:write:extra']],
    ['camera:delete', false, ['camera:delete']],
    ['', false, ['']],
  ])('still refuses what no user may have: %j (owner %s)', (value, owner, invalid) => {
    expect(narrowScopes(value, owner)).toEqual({ ok: false, invalid });
  });
});

describe('isScopeAllowed', () => {
  it('allows nothing on a resource outside the grammar', () => {
    expect(isScopeAllowed({ resource: 'billing' as Resource, permission: 'read' }, true)).toBe(false);
  });
});
