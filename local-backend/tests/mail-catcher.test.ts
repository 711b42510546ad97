import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, latestMailTo, uniqueEmail } from './auth-test-support.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(() => backend?.stop());

/** What a page of another site would get from `fetch` (its browser adds Origin and Sec-Fetch-Site). */
const fromAnotherSite = {
  origin: 'https://attacker.example',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'cors',
};

describe('mail catcher and other origins', () => {
  it('gives another site neither CORS permission nor the inbox', async () => {
    const email = uniqueEmail('takeover');
    await createTestClient(backend).auth.signUp({ email, password: 'mail-password' });
    await createTestClient(backend).auth.resetPasswordForEmail(email);
    const mail = await latestMailTo(backend, email);

    for (const path of ['/mail/api/v1/messages', `/mail/api/v1/message/${mail.ID}`, '/mail', '/mail/']) {
      const response = await fetch(`${backend.url}${path}`, { headers: fromAnotherSite });
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).not.toContain(mail.ID);
    }
    const preflight = await fetch(`${backend.url}/mail/api/v1/messages`, {
      method: 'OPTIONS',
      headers: { ...fromAnotherSite, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a request naming another origin even without Sec-Fetch headers, and a rebound host name', async () => {
    const withOrigin = await fetch(`${backend.url}/mail/api/v1/messages`, {
      headers: { origin: 'http://localhost:9999' },
    });
    expect(withOrigin.status).toBe(403);
    // fetch does not let a caller set Host; a DNS-rebound page's browser sends the attacker's name.
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      get(`${backend.url}/mail/api/v1/messages`, { headers: { host: 'attacker.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
    expect(rebound).toBe(403);
  });

  it('serves scripts without an Origin, the same origin, and a typed-in address, and cannot be framed', async () => {
    const plain = await fetch(`${backend.url}/mail/api/v1/messages`);
    expect(plain.status).toBe(200);
    const sameOrigin = await fetch(`${backend.url}/mail/api/v1/messages`, {
      headers: { origin: backend.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
    const typedIn = await fetch(`${backend.url}/mail`, {
      headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
    });
    expect(typedIn.status).toBe(200);
    expect(typedIn.headers.get('x-frame-options')).toBe('DENY');
    expect(typedIn.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('keeps CORS for the APIs browsers call from the app', async () => {
    const response = await fetch(`${backend.url}/auth/v1/health`, { headers: fromAnotherSite });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
