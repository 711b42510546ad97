import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiKeys, DEFAULT_JWT_SECRET } from '../config.ts';
import { createAuthenticator, InvalidJwtError } from './request-auth.ts';

const authenticate = createAuthenticator({ jwtSecret: DEFAULT_JWT_SECRET });
const keys = await createApiKeys(DEFAULT_JWT_SECRET);

const sign = (claims: Record<string, unknown>, secret = DEFAULT_JWT_SECRET, expiresIn = '1h') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));

const request = (headers: Record<string, string>) => new Request('http://localhost/rest/v1/x', { headers });

describe('request authentication', () => {
  it('runs a request carrying only the anon key as anon', async () => {
    expect(await authenticate(request({ apikey: keys.anonKey }))).toMatchObject({ role: 'anon' });
  });

  it('prefers the Bearer user token over the apikey, with its claims', async () => {
    const token = await sign({ role: 'authenticated', sub: 'user-1' });
    const auth = await authenticate(request({ apikey: keys.anonKey, authorization: `Bearer ${token}` }));
    expect(auth).toMatchObject({ role: 'authenticated', claims: { sub: 'user-1' } });
  });

  it('runs the service_role key as service_role', async () => {
    const auth = await authenticate(
      request({ apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}` }),
    );
    expect(auth.role).toBe('service_role');
  });

  it('treats a request without any key as anon with no claims', async () => {
    expect(await authenticate(request({}))).toEqual({ role: 'anon', claims: {} });
  });

  it('rejects a token signed with another secret, an expired token, and a role outside the API roles', async () => {
    const foreign = await sign({ role: 'authenticated' }, 'another-secret-that-is-at-least-32-characters');
    const expired = await sign({ role: 'authenticated' }, DEFAULT_JWT_SECRET, '-1m');
    const superuser = await sign({ role: 'postgres' });
    await expect(authenticate(request({ authorization: `Bearer ${foreign}` }))).rejects.toThrow(
      InvalidJwtError,
    );
    await expect(authenticate(request({ authorization: `Bearer ${expired}` }))).rejects.toThrow(
      'JWT expired',
    );
    await expect(authenticate(request({ apikey: superuser }))).rejects.toThrow(InvalidJwtError);
  });
});

describe('remembered tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects a token once it expires, even though it was accepted before', async () => {
    const token = await sign({ role: 'authenticated', sub: 'user-2' }, DEFAULT_JWT_SECRET, '10m');
    const withToken = request({ authorization: `Bearer ${token}` });
    expect((await authenticate(withToken)).claims.sub).toBe('user-2');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    await expect(authenticate(withToken)).rejects.toThrow('JWT expired');
  });

  it('rejects a token another authenticator accepted when its own secret differs', async () => {
    const token = await sign({ role: 'authenticated' });
    expect((await authenticate(request({ authorization: `Bearer ${token}` }))).role).toBe('authenticated');
    const withRotatedSecret = createAuthenticator({
      jwtSecret: 'a-rotated-secret-that-is-at-least-32-characters',
    });
    await expect(withRotatedSecret(request({ authorization: `Bearer ${token}` }))).rejects.toThrow(
      InvalidJwtError,
    );
  });

  it('answers a remembered token with the same role and claims as the first time', async () => {
    const token = await sign({ role: 'authenticated', sub: 'user-3', email: 'three@example.com' });
    const first = await authenticate(request({ authorization: `Bearer ${token}` }));
    const again = await authenticate(request({ apikey: keys.anonKey, authorization: `Bearer ${token}` }));
    expect(again).toEqual(first);
    expect(again.claims).toMatchObject({ sub: 'user-3', email: 'three@example.com' });
  });
});
