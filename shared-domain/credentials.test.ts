import { describe, expect, it } from 'vitest';
import { countByGrantType, validateRedirectUris } from './credentials.ts';

const limits = { redirect_uris_per_grant: 2, redirect_uri_length: 30 };

describe('validateRedirectUris', () => {
  it('asks nothing of a client_credentials grant', () => {
    expect(validateRedirectUris('client_credentials', 'not a url\nnor this', limits)).toBeNull();
  });

  it('checks in the server order: present, how many, how long, then each shape', () => {
    expect(validateRedirectUris('authorization_code', ' \n ', limits)).toBe('MissingRedirectUris');
    expect(validateRedirectUris('authorization_code', 'https://a.example\nhttps://b.example', limits)).toBeNull();
    // Three lines, one of them malformed: the count is what the server refuses first.
    expect(validateRedirectUris('authorization_code', 'https://a.example\nbad\nhttps://c.example', limits)).toBe('TooManyRedirectUris');
    const exactly = `https://a.example/${'x'.repeat(30 - 18)}`;
    expect(exactly).toHaveLength(30);
    expect(validateRedirectUris('authorization_code', exactly, limits)).toBeNull();
    expect(validateRedirectUris('authorization_code', `${exactly}y`, limits)).toBe('RedirectUriTooLong');
    expect(validateRedirectUris('authorization_code', 'https://a.example#frag', limits)).toBe('InvalidRedirectUri');
  });
});

describe('countByGrantType', () => {
  it('counts each grant type, zero when there is none', () => {
    expect(countByGrantType([])).toEqual({ client_credentials: 0, authorization_code: 0 });
    expect(countByGrantType([{ grant_type: 'authorization_code' }, { grant_type: 'authorization_code' }, { grant_type: 'client_credentials' }])).toEqual({
      client_credentials: 1,
      authorization_code: 2,
    });
  });
});
