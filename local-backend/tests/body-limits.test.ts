import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { bodyLimits } from '../src/http/body-limit.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';
import { sendRaw } from './raw-upload-support.ts';

// Every protocol refuses an oversized body with 413 at once: by its Content-Length before reading
// any of it, and a chunked body as soon as the count passes the limit, without buffering the rest.

let backend: Backend;
let token: string;
let userId: string;
const password = 'limits-password';
let email: string;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
  email = uniqueEmail('limits');
  const { data, error } = await createTestClient(backend).auth.signUp({ email, password });
  if (error || !data.session || !data.user) throw error ?? new Error('no session');
  token = data.session.access_token;
  userId = data.user.id;
});

afterAll(async () => {
  await backend?.stop();
});

const MiB = 1024 * 1024;

const send = (path: string, body: Parameters<typeof sendRaw>[1], headers: Record<string, string> = {}) =>
  sendRaw(`${backend.url}${path}`, body, {
    apikey: backend.anonKey,
    authorization: `Bearer ${token}`,
    ...headers,
  });

const routes: Array<[string, string, number, Record<string, string>?]> = [
  ['auth', '/auth/v1/token?grant_type=password', bodyLimits.auth],
  ['REST', '/rest/v1/writings', bodyLimits.rest],
  [
    'storage',
    '/storage/v1/object/photo-clips/some-user/big.png',
    bodyLimits.storage,
    { 'content-type': 'image/png' },
  ],
  [
    'upload-image',
    '/functions/v1/upload-image',
    bodyLimits.functions,
    {
      'content-type': 'multipart/form-data; boundary=x',
    },
  ],
  ['chat', '/api/chat', bodyLimits.functions],
  [
    'Stripe test mode API',
    '/v1/checkout/sessions',
    bodyLimits.stripe,
    { 'content-type': 'application/x-www-form-urlencoded' },
  ],
  [
    'Stripe test mode page',
    '/stripe/checkout/cs_test_x',
    bodyLimits.stripe,
    { 'content-type': 'application/x-www-form-urlencoded' },
  ],
];

describe('request body limits', () => {
  it.each(routes)(
    '%s refuses a 50 MB Content-Length with 413 before reading the body',
    async (_, path, _limit, headers) => {
      const answer = await send(path, { declared: 50 * MiB }, headers);
      expect(answer.status, answer.body).toBe(413);
      expect(answer.ms).toBeLessThan(2000);
    },
  );

  it.each(routes)(
    '%s refuses a chunked 120 MB body with 413 once past its limit',
    async (_, path, limit, headers) => {
      const rssBefore = process.memoryUsage().rss;
      const answer = await send(path, { chunked: 120 * MiB }, headers);
      expect(answer.status, answer.body).toBe(413);
      // What the sockets' buffers hold beside the limit, not the whole body.
      expect(answer.sent).toBeLessThan(limit + 40 * MiB);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * MiB);
    },
  );

  it('answers each refusal in its protocol shape', async () => {
    const rest = await send('/rest/v1/writings', { declared: 50 * MiB });
    expect(JSON.parse(rest.body)).toEqual({
      code: '54000',
      details: null,
      hint: null,
      message: 'The request body is larger than 8 MB',
    });
    const auth = await send(
      '/auth/v1/token?grant_type=password',
      { declared: MiB },
      { 'x-supabase-api-version': '2024-01-01' },
    );
    expect(JSON.parse(auth.body)).toEqual({
      code: 'request_too_large',
      message: 'The request body is larger than 64 KB',
    });
    const storage = await send('/storage/v1/object/photo-clips/x/y.png', { declared: 50 * MiB });
    expect(JSON.parse(storage.body)).toMatchObject({ statusCode: '413', error: 'Payload too large' });
  });

  it('still takes bodies just under each limit', async () => {
    const padding = 'x'.repeat(bodyLimits.auth - 1024);
    const signIn = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, padding }),
    });
    expect(signIn.status).toBe(200);

    // A writing of ~7.5 MB: a 100,000-word one is about 2 MB.
    const paragraph = { type: 'paragraph', content: [{ type: 'text', text: 'word '.repeat(150) }] };
    const paragraphs = Array.from({ length: Math.floor((bodyLimits.rest - MiB / 2) / 800) }, () => paragraph);
    const body = JSON.stringify({
      user_id: userId,
      title: 'Long',
      content: { type: 'doc', content: paragraphs },
    });
    expect(body.length).toBeGreaterThan(bodyLimits.rest - MiB);
    expect(body.length).toBeLessThan(bodyLimits.rest);
    const insert = await fetch(`${backend.url}/rest/v1/writings`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body,
    });
    expect(insert.status, await insert.text()).toBe(201);
  });
});
