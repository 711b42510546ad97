// @vitest-environment node
import { AuthRetryableFetchError, AuthSessionMissingError, type User } from '@supabase/auth-js';
import { describe, expect, it, vi } from 'vitest';
import { checkSession, type SessionSource } from './check-session.ts';

const user = { id: 'u1', email: 'writer@example.com' } as User;
const offline = () => ({ data: { user: null }, error: new AuthRetryableFetchError('Failed to fetch', 0) });

function source(
  answers: Array<Awaited<ReturnType<SessionSource['getUser']>>>,
  cached: User | null,
): SessionSource {
  return {
    getUser: vi.fn(async () => answers.shift() ?? offline()),
    getSession: vi.fn(async () => ({ data: { session: cached ? { user: cached } : null } })),
  };
}

describe('the auth gate session check', () => {
  it('lets a signed-in user in at the first attempt', async () => {
    const sleep = vi.fn(async () => undefined);
    const result = await checkSession({ auth: source([{ data: { user }, error: null }], null), sleep });
    expect(result).toEqual({ status: 'signed-in', user });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries network failures after 1 s then 2 s, and succeeds on the third attempt', async () => {
    const sleep = vi.fn(async () => undefined);
    const auth = source([offline(), offline(), { data: { user }, error: null }], null);
    expect(await checkSession({ auth, sleep })).toEqual({ status: 'signed-in', user });
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
    expect(auth.getUser).toHaveBeenCalledTimes(3);
  });

  it('waits on the clock: 1 s before the second attempt and 2 s before the third', async () => {
    vi.useFakeTimers();
    try {
      const auth = source([offline(), offline(), { data: { user }, error: null }], null);
      const result = checkSession({ auth });

      await vi.advanceTimersByTimeAsync(0);
      expect(auth.getUser).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(auth.getUser).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(auth.getUser).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(auth.getUser).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(auth.getUser).toHaveBeenCalledTimes(3);
      await expect(result).resolves.toEqual({ status: 'signed-in', user });
    } finally {
      vi.useRealTimers();
    }
  });

  it('after three network failures lets the user in on the cached session, as offline', async () => {
    const sleep = vi.fn(async () => undefined);
    const auth = source([offline(), offline(), offline()], user);
    expect(await checkSession({ auth, sleep })).toEqual({ status: 'offline', user });
    expect(auth.getUser).toHaveBeenCalledTimes(3);
  });

  it('sends to sign-in after three network failures with no cached session', async () => {
    const auth = source([offline(), offline(), offline()], null);
    expect(await checkSession({ auth, sleep: async () => undefined })).toEqual({ status: 'signed-out' });
  });

  it('sends to sign-in at once on another failure or when there is no user', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sleep = vi.fn(async () => undefined);
    const rejected = source([{ data: { user: null }, error: { message: 'invalid JWT', status: 403 } }], user);
    expect(await checkSession({ auth: rejected, sleep })).toEqual({ status: 'signed-out' });
    const nobody = source([{ data: { user: null }, error: null }], user);
    expect(await checkSession({ auth: nobody, sleep })).toEqual({ status: 'signed-out' });
    expect(sleep).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('sends a visitor with no session to sign-in without a warning, and warns on a rejected token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const visitor = source([{ data: { user: null }, error: new AuthSessionMissingError() }], null);
    expect(await checkSession({ auth: visitor, sleep: async () => undefined })).toEqual({
      status: 'signed-out',
    });
    expect(warn).not.toHaveBeenCalled();
    const rejected = source([{ data: { user: null }, error: { message: 'invalid JWT', status: 403 } }], user);
    expect(await checkSession({ auth: rejected, sleep: async () => undefined })).toEqual({
      status: 'signed-out',
    });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('counts a thrown fetch error as a network failure', async () => {
    const auth: SessionSource = {
      getUser: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      getSession: async () => ({ data: { session: { user } } }),
    };
    expect(await checkSession({ auth, sleep: async () => undefined })).toEqual({ status: 'offline', user });
  });
});
