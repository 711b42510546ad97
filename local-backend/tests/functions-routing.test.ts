import { FunctionsHttpError } from '@supabase/supabase-js';
import type { FunctionRegistry } from 'functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { bearerToken } from '../src/http/request-auth.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

const secretName = 'LOCAL_BACKEND_TEST_FUNCTION_SECRET';

/** Handlers written as the real ones are: web-standard, reaching out only through `env`. */
const testFunctions: FunctionRegistry = {
  echo: async (request, env) =>
    Response.json({
      method: request.method,
      path: new URL(request.url).pathname,
      body: await request.text(),
      supabaseUrl: env.supabaseUrl,
      secret: env.secrets[secretName],
    }),
  boom: async () => {
    throw new Error('database password is hunter2');
  },
  chat: async (request) =>
    new Response(`chat answers ${request.method}`, { headers: { 'content-type': 'text/plain' } }),
  profiles: async (request, env) => {
    const token = bearerToken(request);
    if (!token) return Response.json({ error: 'Sign in first' }, { status: 401 });
    const asCaller = await env.userClient(token).from('users').select('id');
    const asService = await env.serviceClient().from('users').select('id', { count: 'exact', head: true });
    return Response.json({ visibleToCaller: asCaller.data?.length, visibleToService: asService.count });
  },
};

let backend: Backend;

beforeAll(async () => {
  process.env[secretName] = 'from the environment';
  backend = await startBackend({ dataDir: 'memory://', port: 0, functions: testFunctions });
});
afterAll(async () => {
  await backend?.stop();
  delete process.env[secretName];
});

describe('the functions host', () => {
  it('invokes a function by name through supabase-js with its JSON body and injected environment', async () => {
    const { data, error } = await createTestClient(backend).functions.invoke('echo', {
      body: { name: 'Ada' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      method: 'POST',
      path: '/functions/v1/echo',
      body: '{"name":"Ada"}',
      supabaseUrl: backend.url,
      secret: 'from the environment',
    });
  });

  it('hands sub-paths and other methods to the same function', async () => {
    const response = await fetch(`${backend.url}/functions/v1/echo/nested/path?x=1`, {
      method: 'PUT',
      body: 'raw',
    });
    expect(await response.json()).toMatchObject({
      method: 'PUT',
      path: '/functions/v1/echo/nested/path',
      body: 'raw',
    });
  });

  it('answers an unknown function with 404 JSON', async () => {
    const { error } = await createTestClient(backend).functions.invoke('missing');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    expect((await fetch(`${backend.url}/functions/v1/constructor`)).status).toBe(404);
  });

  it('answers a handler that throws with 500 JSON that carries neither its message nor a stack', async () => {
    const response = await fetch(`${backend.url}/functions/v1/boom`, { method: 'POST' });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (see the backend log)',
    });
    expect(text).not.toMatch(/hunter2|\bat\s/);
  });

  it('routes /api/chat to the chat function', async () => {
    const response = await fetch(`${backend.url}/api/chat`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('chat answers POST');
  });

  it('gives handlers a caller client under row-level security and a service client past it', async () => {
    const client = createTestClient(backend);
    const { error: signUpError } = await client.auth.signUp({
      email: uniqueEmail('fn'),
      password: 'function-password',
    });
    expect(signUpError).toBeNull();
    const { data, error } = await client.functions.invoke('profiles');
    expect(error).toBeNull();
    // The caller sees only its own profile; the service role sees every user (the seed's too).
    expect(data.visibleToCaller).toBe(1);
    expect(data.visibleToService).toBeGreaterThan(1);
  });

  it('answers CORS preflights for function routes and /api/chat, and marks handler responses', async () => {
    for (const path of ['/functions/v1/echo', '/api/chat']) {
      const preflight = await fetch(`${backend.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:3001',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,apikey,x-client-info,content-type,x-region',
        },
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-region/);
    }
    const response = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3001' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
