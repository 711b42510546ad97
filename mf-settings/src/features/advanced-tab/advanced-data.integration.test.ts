// @vitest-environment node
import { strFromU8, unzipSync } from 'fflate';
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { testClientOf } from 'shared-kernel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMyAccount } from './delete-account.ts';
import { exportFiles, readExportData, zipArchive } from './export-data.ts';

// The real local backend (Postgres with RLS, the functions host) and the real supabase-js.
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);
afterAll(() => backend?.stop());

const password = 'export-password';

async function writer(label: string) {
  const client = testClientOf(backend);
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return { client, email, userId: data.user.id };
}

const essay = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Harbour notes' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'The tide came in at six.' }] },
  ],
};

describe('export and account deletion against the backend', () => {
  it('exports the writer’s folders, writings and ideas as Markdown plus JSON, and nothing of anyone else', async () => {
    const me = await writer('export');
    const other = await writer('other');
    const folder = await me.client
      .from('categories')
      .insert({ user_id: me.userId, name: 'Travel', item_type: 'writing' })
      .select('id')
      .single();
    await me.client.from('writings').insert({
      user_id: me.userId,
      title: 'Harbour notes',
      category: 'Travel',
      category_id: folder.data?.id ?? null,
      content: essay,
    });
    await me.client
      .from('ideas')
      .insert({ user_id: me.userId, content: 'A lighthouse keeper story', kind: 'note' });
    await other.client.from('writings').insert({ user_id: other.userId, title: 'Secret', content: essay });

    const files = exportFiles(await readExportData({ client: me.client, userId: me.userId }), new Date());
    const archive = unzipSync(zipArchive(files));
    const names = Object.keys(archive).sort();
    expect(names).toEqual([
      expect.stringMatching(/^ideas\/Inbox\/\d{4}-\d{2}-\d{2} A lighthouse keeper story\.md$/),
      'workspace.json',
      'writings/Travel/Harbour notes.md',
    ]);
    expect(strFromU8(archive['writings/Travel/Harbour notes.md'] ?? new Uint8Array())).toBe(
      '# Harbour notes\n\nThe tide came in at six.\n',
    );
    const json = JSON.parse(strFromU8(archive['workspace.json'] ?? new Uint8Array()));
    expect(json.folders.map((row: { name: string }) => row.name)).toEqual(['Travel']);
    expect(json.writings.map((row: { title: string }) => row.title)).toEqual(['Harbour notes']);
    expect(json.ideas).toHaveLength(1);
  });

  it('deletes the account with the password through the server function; a wrong password deletes nothing', async () => {
    const me = await writer('leaving');
    await me.client.from('ideas').insert({ user_id: me.userId, content: 'gone soon', kind: 'note' });

    const wrong = await deleteMyAccount({ client: me.client, password: 'not-mine' });
    expect(wrong).toEqual({ ok: false, error: 'Invalid login credentials' });
    expect((await deleteMyAccount({ client: me.client, password: '' })).ok).toBe(false);

    expect(await deleteMyAccount({ client: me.client, password })).toEqual({ ok: true });
    expect((await me.client.auth.getSession()).data.session).toBeNull();
    const again = await backend.client().auth.signInWithPassword({ email: me.email, password });
    expect(again.error?.code).toBe('invalid_credentials');
  });
});
