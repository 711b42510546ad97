import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDist } from './serve-workspace.mjs';

describe('a build served as its CDN would (serveDist, spa)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'serve-dist-'));
  let server: { url: string; close: () => Promise<unknown> };
  beforeAll(async () => {
    mkdirSync(join(dist, 'static', 'js'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<title>first build</title>');
    writeFileSync(join(dist, 'static', 'js', 'index.1.js'), 'console.log(1)');
    server = await serveDist({ dist, port: 0, spa: true });
  });
  afterAll(() => server.close());

  it('answers a route of the app with its page, and a content-hashed file as immutable', async () => {
    const page = await fetch(`${server.url}/workspace`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('first build');
    const script = await fetch(`${server.url}/static/js/index.1.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a content-hashed file that is not there with 404, never the page', async () => {
    const missing = await fetch(`${server.url}/static/js/index.0.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<title>');
  });

  it('serves a build made while it runs at once', async () => {
    writeFileSync(join(dist, 'index.html'), '<title>second build</title>');
    expect(await (await fetch(`${server.url}/workspace`)).text()).toContain('second build');
  });
});
