import { describe, expect, it } from 'vitest';
import { routeRequest } from './request-route.ts';

const shellOrigin = 'https://write.example';
const remoteOrigins = new Set(['https://chat.cdn.example', 'https://ideas.cdn.example']);

function route(url: string, { method = 'GET', mode = 'cors' as RequestMode } = {}) {
  return routeRequest({ url, method, mode, shellOrigin, remoteOrigins });
}

describe('routeRequest', () => {
  it('answers a navigation of the shell as a page, whatever its route', () => {
    expect(route(`${shellOrigin}/workspace`, { mode: 'navigate' })).toBe('page');
    expect(route(`${shellOrigin}/login?next=%2Fworkspace`, { mode: 'navigate' })).toBe('page');
  });

  it('keeps the stable-named files of the shell and the remotes network first', () => {
    expect(route(`${shellOrigin}/remotes.json`)).toBe('entry');
    expect(route('https://chat.cdn.example/mf-manifest.json')).toBe('entry');
    expect(route('https://chat.cdn.example/remoteEntry.js', { mode: 'no-cors' })).toBe('entry');
  });

  it('serves content-hashed files of the shell and the remotes cache first', () => {
    expect(route(`${shellOrigin}/static/js/index.eebda28e2f.js`, { mode: 'no-cors' })).toBe('immutable');
    expect(route('https://ideas.cdn.example/static/css/async/7.8130bd108e.css')).toBe('immutable');
    expect(route('https://ideas.cdn.example/v2/static/js/async/1.a1b2c3.js')).toBe('immutable');
  });

  it('leaves the backend alone, on its own origin or proxied under the shell', () => {
    expect(route('http://127.0.0.1:54321/rest/v1/writings?select=*')).toBe('network');
    expect(route(`${shellOrigin}/rest/v1/writings`)).toBe('network');
    expect(route(`${shellOrigin}/auth/v1/verify?token=abc`, { mode: 'navigate' })).toBe('network');
    expect(route(`${shellOrigin}/storage/v1/object/public/images/a.png`)).toBe('network');
    expect(route(`${shellOrigin}/functions/v1/create-checkout`)).toBe('network');
    expect(route(`${shellOrigin}/api/chat`)).toBe('network');
  });

  it('leaves writes, other sites and the worker script itself alone', () => {
    expect(route(`${shellOrigin}/remotes.json`, { method: 'POST' })).toBe('network');
    expect(route('https://fonts.example/static/font.woff2')).toBe('network');
    expect(route('https://moved.cdn.example/mf-manifest.json')).toBe('network');
    expect(route(`${shellOrigin}/sw.js`)).toBe('network');
  });
});
