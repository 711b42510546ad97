import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { bodyLimits } from '../src/http/body-limit.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

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

interface Sent {
  status: number;
  body: string;
  /** Bytes of body written before the answer came. */
  sent: number;
  ms: number;
}

const MiB = 1024 * 1024;

/**
 * Sends a body the raw way a script would: `declared` announces a Content-Length and sends nothing, so
 * only a server that answers without reading can answer; `chunked` streams up to that many bytes in
 * 1 MB chunks while waiting for an answer. Gives up after 10 s (status 0).
 */
function send(
  path: string,
  body: { declared: number } | { chunked: number },
  headers: Record<string, string> = {},
): Promise<Sent> {
  return new Promise((resolve) => {
    const start = performance.now();
    let sent = 0;
    let answered = false;
    const outgoing = httpRequest(`${backend.url}${path}`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...('declared' in body
          ? { 'content-length': String(body.declared) }
          : { 'transfer-encoding': 'chunked' }),
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      answered = true;
      outgoing.destroy();
      resolve({ status: 0, body: 'no answer within 10 s', sent, ms: performance.now() - start });
    }, 10_000);
    outgoing.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        clearTimeout(timer);
        outgoing.destroy();
        resolve({ status: response.statusCode ?? 0, body: text, sent, ms: performance.now() - start });
      });
    });
    // The server may close the connection while the client still writes: that is the point.
    outgoing.on('error', (error) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve({ status: -1, body: String(error), sent, ms: performance.now() - start });
    });
    if ('declared' in body) {
      outgoing.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(MiB, 0x20);
    // One chunk per turn of the event loop, so an answer is read before the next write can fail on
    // the connection the server closed after answering.
    const pump = async () => {
      while (!answered && !outgoing.destroyed && sent < body.chunked) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) await new Promise((drained) => outgoing.once('drain', drained));
        await new Promise((next) => setImmediate(next));
      }
      if (!answered && !outgoing.destroyed) outgoing.end();
    };
    void pump();
  });
}

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
