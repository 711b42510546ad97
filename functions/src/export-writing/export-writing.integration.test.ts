// @vitest-environment node
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { type Backend, startBackend } from 'local-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFunctionEnv } from '../index.ts';
import { exportWriting } from './export-writing.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(async () => {
  await backend?.stop();
});

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
};

async function writer(tier: 'FREE' | 'LITE'): Promise<{ client: SupabaseClient; id: string; token: string }> {
  const client = createClient(backend.url, backend.anonKey, clientOptions);
  const { data } = await client.auth.signUp({
    email: `export-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'export-password',
  });
  const id = data.user?.id as string;
  if (tier === 'LITE') {
    const service = createClient(backend.url, backend.serviceRoleKey, clientOptions);
    const granted = await service
      .from('subscriptions')
      .insert({ user_id: id, status: 'active', tier: 'LITE' });
    if (granted.error) throw granted.error;
  }
  return { client, id, token: data.session?.access_token as string };
}

const seaAndSky = [
  { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Sea & sky' }] },
  { type: 'paragraph', content: [{ type: 'text', text: 'Waves <crash>', marks: [{ type: 'bold' }] }] },
];

async function writingOf(owner: { client: SupabaseClient; id: string }, blocks: object[] = seaAndSky) {
  const content = { type: 'doc', content: blocks };
  const { data, error } = await owner.client
    .from('writings')
    .insert({ user_id: owner.id, title: 'Sea & sky', content })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}

const env = () =>
  createFunctionEnv({
    supabaseUrl: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    secrets: {},
    webSocket: WebSocket,
  });

const call = (token: string | undefined, body: object) =>
  exportWriting(
    new Request('http://functions.test/functions/v1/export-writing', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
    env(),
  );

describe('export-writing', () => {
  it('gives a LITE writer their writing as Markdown and as HTML, named after its title', async () => {
    const lite = await writer('LITE');
    const writingId = await writingOf(lite);
    const markdown = await call(lite.token, { writingId, format: 'markdown' });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(markdown.headers.get('content-disposition')).toContain("filename*=UTF-8''Sea%20%20sky.md");
    expect(await markdown.text()).toBe('# Sea & sky\n\n**Waves \\<crash>**\n');
    const html = await call(lite.token, { writingId, format: 'html' });
    expect(await html.text()).toContain('<p><strong>Waves &lt;crash&gt;</strong></p>');
  });

  it('exports a stored javascript: link and image, and literal Markdown text, as text', async () => {
    const lite = await writer('LITE');
    const writingId = await writingOf(lite, [
      {
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: 'EVIL',
            marks: [{ type: 'link', attrs: { href: 'javascript:window.__pwned=1' } }],
          },
          { type: 'text', text: ' [click me](javascript:alert(document.domain))' },
        ],
      },
      { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } },
    ]);
    const markdown = await call(lite.token, { writingId, format: 'markdown' });
    expect(await markdown.text()).toBe('EVIL \\[click me\\](javascript:alert(document.domain))\n\nx\n');
  });

  it('answers a FREE writer with the premium feature refusal, and others with 401 and 404', async () => {
    const free = await writer('FREE');
    const writingId = await writingOf(free);
    const refused = await call(free.token, { writingId, format: 'markdown' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'premium-feature', feature: 'Export' });
    expect((await call(undefined, { writingId, format: 'markdown' })).status).toBe(401);
    const stranger = await writer('LITE');
    expect((await call(stranger.token, { writingId, format: 'html' })).status).toBe(404);
    expect((await call(stranger.token, { writingId, format: 'pdf' })).status).toBe(400);
  });
});
