import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(() => backend?.stop());

interface Answer {
  status: number;
  body: Record<string, unknown>;
  milliseconds: number;
}

/**
 * Sends one auth request from a chosen loopback address: every 127.x.y.z reaches the backend's
 * 127.0.0.1 and is, to the backend, another client.
 */
function send(
  path: string,
  body: unknown,
  { from = '127.0.0.1', headers = {} }: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${backend.url}${path}`,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          apikey: backend.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            milliseconds: performance.now() - start,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

const signIn = (email: string, password: string, from?: string, headers?: Record<string, string>) =>
  send('/auth/v1/token?grant_type=password', { email, password }, { from, headers });

async function signedUpEmail(label: string, password = 'right-password') {
  const email = uniqueEmail(label);
  expect((await createTestClient(backend).auth.signUp({ email, password })).error).toBeNull();
  return email;
}

const countBy = (answers: Answer[], status: number) =>
  answers.filter((answer) => answer.status === status).length;

describe('e-mail and field checks', () => {
  // `a@` + `a.` x 100,000 + `@` made the old pattern backtrack quadratically: 27 s on one request. That
  // body is now refused by auth's 64 KB body limit (body-limits.test.ts); 30,000 repeats fit under it and
  // still took seconds before.
  const hostileEmail = `a@${'a.'.repeat(30_000)}@`;

  it('answers a hostile 60 KB e-mail at once with a validation error, on every route that takes one', async () => {
    for (const path of ['/auth/v1/token?grant_type=password', '/auth/v1/signup', '/auth/v1/recover']) {
      const answer = await send(
        path,
        { email: hostileEmail, password: 'whatever-password' },
        { from: '127.0.0.9' },
      );
      expect(answer.status, path).toBe(400);
      expect(answer.body.code, path).toBe('validation_failed');
      expect(answer.milliseconds, path).toBeLessThan(1000);
    }
  });

  it('refuses over-long fields with GoTrue errors supabase-js reports', async () => {
    const client = createTestClient(backend);
    const longEmail = `${'a'.repeat(243)}@example.com`;
    expect(longEmail.length).toBe(255);
    const tooLongEmail = await client.auth.signInWithPassword({ email: longEmail, password: 'x-password' });
    expect(tooLongEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const tooLongPassword = await client.auth.signInWithPassword({
      email: uniqueEmail('long-password'),
      password: 'p'.repeat(73),
    });
    expect(tooLongPassword.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const tooMuchMetadata = await client.auth.signUp({
      email: uniqueEmail('metadata'),
      password: 'fine-password',
      options: { data: { bio: 'x'.repeat(20_000) } },
    });
    expect(tooMuchMetadata.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const longRefreshToken = await send('/auth/v1/token?grant_type=refresh_token', {
      refresh_token: 'r'.repeat(5000),
    });
    expect(longRefreshToken).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('still accepts an e-mail of 254 characters', async () => {
    const email = `${'b'.repeat(242)}@example.com`.slice(0, 254);
    const { data, error } = await createTestClient(backend).auth.signUp({ email, password: 'fine-password' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });
});

describe('sign-in throttle', () => {
  it('evaluates at most 5 of 100 wrong passwords sent at once; the rest are refused with 429', async () => {
    const email = await signedUpEmail('parallel');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => signIn(email, 'wrong-password', '127.0.0.2')),
    );
    expect(countBy(answers, 400)).toBeLessThanOrEqual(5);
    expect(countBy(answers, 429)).toBeGreaterThanOrEqual(95);
    expect(answers.find((answer) => answer.status === 429)?.body.code).toBe('over_request_rate_limit');
  });

  it('lets the real user sign in from their own client while an attacker elsewhere is throttled', async () => {
    const email = await signedUpEmail('victim');
    for (let attempt = 0; attempt < 6; attempt++) await signIn(email, 'guess', '127.0.0.3');
    expect((await signIn(email, 'right-password', '127.0.0.3')).status).toBe(429);
    const owner = await signIn(email, 'right-password', '127.0.0.4');
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toEqual(expect.any(String));
  });

  it('throttles a client that guesses across many e-mails, whatever X-Forwarded-For it claims', async () => {
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      answers.push(
        await signIn(uniqueEmail('spray'), 'guess-password', '127.0.0.5', {
          'x-forwarded-for': `10.1.0.${attempt}`,
        }),
      );
    }
    expect(answers.at(-1)?.status).toBe(429);
    // Another client is not affected.
    expect((await signIn(uniqueEmail('other'), 'guess-password', '127.0.0.6')).status).toBe(400);
  });
});

describe('password hashing', () => {
  it('keeps answering other requests promptly while 30 clients try to sign in at once', async () => {
    // Unknown e-mails are compared against a dummy hash, so each attempt costs a full bcrypt compare.
    const flood = Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        signIn(uniqueEmail('busy'), 'wrong-password', `127.0.1.${index + 1}`),
      ),
    );
    let settled = false;
    void flood.finally(() => {
      settled = true;
    });
    const waits: number[] = [];
    while (!settled) {
      const start = performance.now();
      const health = await fetch(`${backend.url}/auth/v1/health`);
      expect(health.status).toBe(200);
      waits.push(performance.now() - start);
    }
    const answers = await flood;
    expect(countBy(answers, 400)).toBe(30);
    expect(Math.max(...waits)).toBeLessThan(500);
  });

  it('limits how many sign-ups one client runs at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        send(
          '/auth/v1/signup',
          { email: uniqueEmail('burst'), password: 'burst-password' },
          { from: '127.0.0.7' },
        ),
      ),
    );
    expect(countBy(answers, 429)).toBeGreaterThan(0);
    expect(answers.find((answer) => answer.status === 429)?.body.code).toBe('over_request_rate_limit');
    expect(countBy(answers, 200) + countBy(answers, 429)).toBe(40);
  });
});
