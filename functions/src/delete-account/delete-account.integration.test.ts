// @vitest-environment node
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
// The real local backend serving the real function registry (functions' own index).
import { type Backend, startBackend } from 'local-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deleteAccountErrors } from './delete-account.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(async () => {
  await backend?.stop();
});

const password = 'delete-password';
const png = new Uint8Array(64);
png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x49, 0x48, 0x44, 0x52]);

const newClient = () =>
  createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

/** A user with a folder, a writing in it, an idea and an uploaded image. */
async function writerWithData(
  label: string,
): Promise<{ client: SupabaseClient; id: string; email: string; token: string }> {
  const client = newClient();
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  const id = data.user.id;
  const folder = await client
    .from('categories')
    .insert({ user_id: id, name: 'Drafts', item_type: 'writing' })
    .select('id')
    .single();
  await client
    .from('writings')
    .insert({ user_id: id, title: 'Mine', category: 'Drafts', category_id: folder.data?.id, content: {} });
  await client.from('ideas').insert({ user_id: id, content: 'an idea', kind: 'note' });
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'picture.png');
  const upload = await fetch(`${backend.url}/functions/v1/upload-image`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${data.session.access_token}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  return { client, id, email, token: data.session.access_token };
}

function deleteAccount(token: string | undefined, body: unknown) {
  return fetch(`${backend.url}/functions/v1/delete-account`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

const TABLES = ['categories', 'writings', 'ideas', 'attachments'] as const;
async function whatRemains(userId: string) {
  const remains: Record<string, number> = {};
  for (const table of TABLES) {
    const result = await backend.database.pg.query<{ n: number }>(
      `select count(*)::int as n from public.${table} where user_id = $1`,
      [userId],
    );
    remains[table] = result.rows[0]?.n ?? -1;
  }
  for (const [name, sql] of [
    ['users', 'select count(*)::int as n from auth.users where id = $1'],
    [
      'files',
      `select count(*)::int as n from storage.objects where (storage.foldername(name))[1] = $1::text`,
    ],
  ] as const) {
    remains[name] = (await backend.database.pg.query<{ n: number }>(sql, [userId])).rows[0]?.n ?? -1;
  }
  return remains;
}

describe('delete-account', () => {
  it('refuses a caller without a session, without a password, or with a wrong one, deleting nothing', async () => {
    const writer = await writerWithData('careful');
    expect((await deleteAccount(undefined, { password })).status).toBe(401);
    expect(await (await deleteAccount(writer.token, {})).json()).toEqual({
      error: deleteAccountErrors.password,
    });
    const wrong = await deleteAccount(writer.token, { password: 'not-it' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: deleteAccountErrors.wrongPassword });
    expect(await whatRemains(writer.id)).toEqual({
      categories: 1,
      writings: 1,
      ideas: 1,
      attachments: 1,
      users: 1,
      files: 1,
    });
  });

  it('removes every row and file of the user, and nothing of anyone else; the account no longer signs in', async () => {
    const leaving = await writerWithData('leaving');
    const staying = await writerWithData('staying');

    const answer = await deleteAccount(leaving.token, { password });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ deleted: true });

    expect(await whatRemains(leaving.id)).toEqual({
      categories: 0,
      writings: 0,
      ideas: 0,
      attachments: 0,
      users: 0,
      files: 0,
    });
    expect(await whatRemains(staying.id)).toEqual({
      categories: 1,
      writings: 1,
      ideas: 1,
      attachments: 1,
      users: 1,
      files: 1,
    });
    const signIn = await newClient().auth.signInWithPassword({ email: leaving.email, password });
    expect(signIn.error?.code).toBe('invalid_credentials');
    const stayingSignIn = await newClient().auth.signInWithPassword({ email: staying.email, password });
    expect(stayingSignIn.error).toBeNull();
  });
});
