import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientLimitError, clientAddress, createClientLimiter } from './client-limits.ts';

async function addressOf(headers: Record<string, string>, trustProxy: boolean) {
  const app = new Hono();
  app.get('/', (context) => context.text(clientAddress(context, { trustProxy })));
  return (await app.request('/', { headers })).text();
}

describe('client address', () => {
  it('ignores X-Forwarded-For unless the backend is told it runs behind a proxy', async () => {
    expect(await addressOf({ 'x-forwarded-for': '10.0.0.1' }, false)).toBe('unknown');
  });

  it("behind a proxy, takes the entry the proxy added (the last), not the client's own claims", async () => {
    expect(await addressOf({ 'x-forwarded-for': '6.6.6.6, 10.0.0.1' }, true)).toBe('10.0.0.1');
  });
});

describe('client limiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a client past its requests in flight until one ends, without touching other clients', () => {
    const limiter = createClientLimiter({ maximumInFlight: 2 });
    const first = limiter.enter('a');
    limiter.enter('a');
    expect(() => limiter.enter('a')).toThrow(ClientLimitError);
    expect(() => limiter.enter('b')).not.toThrow();
    first();
    expect(() => limiter.enter('a')).not.toThrow();
  });

  it('refuses a client that used its burst until the bucket refills', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiter = createClientLimiter({ burst: 3, perSecond: 1 });
    for (let request = 0; request < 3; request++) limiter.enter('a')();
    expect(() => limiter.enter('a')).toThrow(ClientLimitError);
    vi.setSystemTime(Date.now() + 1000);
    expect(() => limiter.enter('a')).not.toThrow();
  });
});
