// @vitest-environment node
// biome-ignore-all lint/style/noExcessiveLinesPerFile: every behaviour of the schema on one migrated database (migrating is the slow part);
// the describe blocks are independent and short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvitations,
  anonymous,
  applyPlatform,
  applySeed,
  attempt,
  createAuthUser,
  openMigratedDatabase,
  signedIn,
} from './test-database.ts';

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type User = { id: string; email: string };

let database: Database;

beforeAll(async () => {
  database = await openMigratedDatabase({ seed: true });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** Runs statements as `user` and commits. */
async function asUser<Row>(user: User, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  return database.runAs(signedIn(user), async (tx) => (await tx.query<Row>(sql, parameters)).rows);
}

async function one<Row>(sql: string, parameters: unknown[] = []): Promise<Row> {
  const row = (await database.pg.query<Row>(sql, parameters)).rows[0];
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

describe('profiles', () => {
  it('a new auth user gets a profile named from display_name', async () => {
    const user = await createAuthUser({
      database,
      email: 'ada@example.com',
      metadata: { display_name: 'Ada' },
    });
    expect(await one('select email, name, avatar_url from public.users where id = $1', [user.id])).toEqual({
      email: 'ada@example.com',
      name: 'Ada',
      avatar_url: null,
    });
  });

  it('the profile follows changes of the auth e-mail and metadata', async () => {
    const user = await createAuthUser({ database, email: 'bo@example.com', metadata: { name: 'Bo' } });
    await database.pg.query(
      `update auth.users set email = 'bo.new@example.com',
         raw_user_meta_data = '{"name":"Bo Renamed","avatar_url":"https://example.com/bo.png"}' where id = $1`,
      [user.id],
    );
    expect(await one('select email, name, avatar_url from public.users where id = $1', [user.id])).toEqual({
      email: 'bo.new@example.com',
      name: 'Bo Renamed',
      avatar_url: 'https://example.com/bo.png',
    });
  });

  it('deleting the auth user deletes the profile and everything the user owns', async () => {
    const user = await createAuthUser({ database, email: 'gone@example.com' });
    await asUser(user, `insert into public.writings (title) values ('Soon gone')`);
    await database.pg.query('delete from auth.users where id = $1', [user.id]);
    expect((await database.pg.query('select 1 from public.users where id = $1', [user.id])).rows).toEqual([]);
    expect(
      (await database.pg.query('select 1 from public.writings where user_id = $1', [user.id])).rows,
    ).toEqual([]);
  });
});

describe('defaults and derived columns', () => {
  it('a writing gets an id, the caller as owner and the title Untitled', async () => {
    const user = await createAuthUser({ database, email: 'defaults@example.com' });
    const [writing] = await asUser<{ id: string; user_id: string; title: string }>(
      user,
      'insert into public.writings default values returning id, user_id, title',
    );
    expect(writing?.user_id).toBe(user.id);
    expect(writing?.title).toBe('Untitled');
    expect(writing?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a writing keeps an id made by the client', async () => {
    const user = await createAuthUser({ database, email: 'offline@example.com' });
    const id = '3f2b8c1e-8d4a-4c6f-9a51-0d7e6b2c9f10';
    const [writing] = await asUser<{ id: string }>(
      user,
      'insert into public.writings (id) values ($1) returning id',
      [id],
    );
    expect(writing?.id).toBe(id);
  });

  it("an idea's title is the first 60 characters of its content, else Untitled", async () => {
    const user = await createAuthUser({ database, email: 'titles@example.com' });
    const long = `${'word '.repeat(20)}end`;
    const rows = await asUser<{ title: string; kind: string }>(
      user,
      `insert into public.ideas (content) values ($1), ('   '), (E'two\\n  lines') returning title, kind`,
      [long],
    );
    expect(rows.map((row) => row.title)).toEqual([long.slice(0, 60), 'Untitled', 'two lines']);
    expect(rows.every((row) => row.kind === 'note')).toBe(true);
  });

  it('an idea of another kind than note is rejected', async () => {
    const user = await createAuthUser({ database, email: 'kinds@example.com' });
    const outcome = await attempt({
      database,
      auth: signedIn(user),
      sql: `insert into public.ideas (content, kind) values ('x', 'task')`,
    });
    expect(outcome.error?.code).toBe('23514');
  });

  it('a chat session is titled New Chat and not pinned', async () => {
    const user = await createAuthUser({ database, email: 'chat@example.com' });
    const [session] = await asUser<{ title: string; is_pinned: boolean }>(
      user,
      'insert into public.chat_sessions default values returning title, is_pinned',
    );
    expect(session).toEqual({ title: 'New Chat', is_pinned: false });
  });

  it('a chat message role other than user or assistant is rejected', async () => {
    const user = await createAuthUser({ database, email: 'roles@example.com' });
    const [session] = await asUser<{ id: string }>(
      user,
      'insert into public.chat_sessions default values returning id',
    );
    const outcome = await attempt({
      database,
      auth: signedIn(user),
      sql: `insert into public.chat_messages (session_id, role) values ($1, 'system')`,
      parameters: [session?.id],
    });
    expect(outcome.error?.code).toBe('23514');
  });
});

describe('updated_at', () => {
  it('is set by the server on every update, whatever the client sends', async () => {
    const user = await createAuthUser({ database, email: 'clock@example.com' });
    const [writing] = await asUser<{ id: string }>(
      user,
      `insert into public.writings (title, updated_at) values ('Old', '2000-01-01') returning id`,
    );
    const [updated] = await asUser<{ updated_at: Date }>(
      user,
      `update public.writings set title = 'New', updated_at = '2000-01-01' where id = $1 returning updated_at`,
      [writing?.id],
    );
    expect(updated?.updated_at.getFullYear()).toBeGreaterThan(2020);
  });

  it('of a writing moves with its text, not with a move into a folder', async () => {
    const user = await createAuthUser({ database, email: 'moves@example.com' });
    const [folder] = await asUser<{ id: string }>(
      user,
      `insert into public.categories (name, item_type) values ('Letters', 'writing') returning id`,
    );
    const [writing] = await asUser<{ id: string; updated_at: Date }>(
      user,
      `insert into public.writings (title) values ('Harbour') returning id, updated_at`,
    );
    const [moved] = await asUser<{ updated_at: Date }>(
      user,
      `update public.writings set category_id = $2, updated_at = '2000-01-01' where id = $1 returning updated_at`,
      [writing?.id, folder?.id],
    );
    expect(moved?.updated_at).toEqual(writing?.updated_at);
    const [edited] = await asUser<{ updated_at: Date }>(
      user,
      `update public.writings set content = '{"type":"doc","content":[]}' where id = $1 returning updated_at`,
      [writing?.id],
    );
    expect(edited?.updated_at.getTime()).toBeGreaterThan(writing?.updated_at.getTime() ?? 0);
  });

  it('a new chat message moves its session up the history', async () => {
    const user = await createAuthUser({ database, email: 'history@example.com' });
    const [session] = await asUser<{ id: string }>(
      user,
      'insert into public.chat_sessions default values returning id',
    );
    await database.pg.query(`update public.chat_sessions set updated_at = '2000-01-01' where id = $1`, [
      session?.id,
    ]);
    await asUser(user, `insert into public.chat_messages (session_id, role) values ($1, 'user')`, [
      session?.id,
    ]);
    const row = await one<{ updated_at: Date }>('select updated_at from public.chat_sessions where id = $1', [
      session?.id,
    ]);
    expect(row.updated_at.getFullYear()).toBeGreaterThan(2020);
  });
});

describe('folders', () => {
  it('a writing put in a folder takes the folder name as its category', async () => {
    const user = await createAuthUser({ database, email: 'folders@example.com' });
    const [folder] = await asUser<{ id: string }>(
      user,
      `insert into public.categories (name, item_type) values ('Poems', 'writing') returning id`,
    );
    const [writing] = await asUser<{ category: string }>(
      user,
      `insert into public.writings (category_id, category) values ($1, 'stale') returning category`,
      [folder?.id],
    );
    expect(writing?.category).toBe('Poems');
  });

  it('renaming a folder renames it in its writings, including those of collaborators', async () => {
    const owner = await createAuthUser({ database, email: 'rename-owner@example.com' });
    const writer = await createAuthUser({ database, email: 'rename-writer@example.com' });
    const [folder] = await asUser<{ id: string }>(
      owner,
      `insert into public.categories (name, item_type) values ('Drafts', 'writing') returning id`,
    );
    await asUser(
      owner,
      `insert into public.category_shares (category_id, shared_with_user_id, permission_level) values ($1, $2, 'write')`,
      [folder?.id, writer.id],
    );
    await acceptInvitations({ database, recipient: writer });
    await asUser(writer, 'insert into public.writings (category_id) values ($1)', [folder?.id]);
    await asUser(owner, `update public.categories set name = 'Final drafts' where id = $1`, [folder?.id]);
    const rows = await database.pg.query<{ category: string }>(
      'select category from public.writings where category_id = $1',
      [folder?.id],
    );
    expect(rows.rows).toEqual([{ category: 'Final drafts' }]);
  });

  it('deleting a folder unassigns its writings and ideas, clearing the category name too', async () => {
    const owner = await createAuthUser({ database, email: 'delete-owner@example.com' });
    const writer = await createAuthUser({ database, email: 'delete-writer@example.com' });
    const [writingFolder] = await asUser<{ id: string }>(
      owner,
      `insert into public.categories (name, item_type) values ('Old', 'writing') returning id`,
    );
    const [ideaFolder] = await asUser<{ id: string }>(
      owner,
      `insert into public.categories (name, item_type) values ('Old ideas', 'idea') returning id`,
    );
    await asUser(
      owner,
      `insert into public.category_shares (category_id, shared_with_user_id, permission_level) values ($1, $2, 'write')`,
      [writingFolder?.id, writer.id],
    );
    await acceptInvitations({ database, recipient: writer });
    const [own] = await asUser<{ id: string }>(
      owner,
      'insert into public.writings (category_id) values ($1) returning id',
      [writingFolder?.id],
    );
    const [theirs] = await asUser<{ id: string }>(
      writer,
      'insert into public.writings (category_id) values ($1) returning id',
      [writingFolder?.id],
    );
    const [idea] = await asUser<{ id: string }>(
      owner,
      `insert into public.ideas (content, category_id) values ('x', $1) returning id`,
      [ideaFolder?.id],
    );
    await asUser(owner, 'delete from public.categories where id in ($1, $2)', [
      writingFolder?.id,
      ideaFolder?.id,
    ]);
    const writings = await database.pg.query(
      'select category, category_id from public.writings where id in ($1, $2)',
      [own?.id, theirs?.id],
    );
    expect(writings.rows).toEqual([
      { category: null, category_id: null },
      { category: null, category_id: null },
    ]);
    expect(await one('select category_id from public.ideas where id = $1', [idea?.id])).toEqual({
      category_id: null,
    });
    const shares = await database.pg.query('select 1 from public.category_shares where category_id = $1', [
      writingFolder?.id,
    ]);
    expect(shares.rows).toEqual([]);
  });

  it('a folder cannot be shared with its owner', async () => {
    const owner = await createAuthUser({ database, email: 'self-share@example.com' });
    const [folder] = await asUser<{ id: string }>(
      owner,
      `insert into public.categories (name, item_type) values ('Mine', 'idea') returning id`,
    );
    const outcome = await attempt({
      database,
      auth: signedIn(owner),
      sql: 'insert into public.category_shares (category_id, shared_with_user_id) values ($1, $2)',
      parameters: [folder?.id, owner.id],
    });
    expect(outcome.error?.code).toBe('23514');
  });

  it('a folder is shared with a user at most once', async () => {
    const owner = await createAuthUser({ database, email: 'twice-owner@example.com' });
    const friend = await createAuthUser({ database, email: 'twice-friend@example.com' });
    const [folder] = await asUser<{ id: string }>(
      owner,
      `insert into public.categories (name, item_type) values ('Twice', 'idea') returning id`,
    );
    const share = 'insert into public.category_shares (category_id, shared_with_user_id) values ($1, $2)';
    await asUser(owner, share, [folder?.id, friend.id]);
    const outcome = await attempt({
      database,
      auth: signedIn(owner),
      sql: share,
      parameters: [folder?.id, friend.id],
    });
    expect(outcome.error?.code).toBe('23505');
  });
});

describe('attachments', () => {
  it('deleting a writing keeps its attachment rows, unassigned, for cleaning up the stored files', async () => {
    const user = await createAuthUser({ database, email: 'attach@example.com' });
    const [writing] = await asUser<{ id: string }>(
      user,
      'insert into public.writings default values returning id',
    );
    const [attachment] = await asUser<{ id: string }>(
      user,
      `insert into public.attachments (writing_id, file_path, mime_type, size) values ($1, $2, 'image/png', 10)
       returning id`,
      [writing?.id, `${user.id}/a.png`],
    );
    await asUser(user, 'delete from public.writings where id = $1', [writing?.id]);
    expect(await one('select writing_id from public.attachments where id = $1', [attachment?.id])).toEqual({
      writing_id: null,
    });
  });
});

describe('usage counters', () => {
  it('increment_usage counts per user, metric and period and returns the new count', async () => {
    const user = await createAuthUser({ database, email: 'usage@example.com' });
    const increment = (metric: string, amount: number) =>
      asUser<{ count: number }>(user, 'select public.increment_usage($1, $2) as count', [metric, amount]);
    expect(await increment('chat_messages', 1)).toEqual([{ count: 1 }]);
    expect(await increment('chat_messages', 2)).toEqual([{ count: 3 }]);
    expect(await increment('documents', 1)).toEqual([{ count: 1 }]);
    const documents = await one<{ day: number }>(
      `select extract(day from period_start)::int as day from public.usage_counters where user_id = $1 and metric = 'documents'`,
      [user.id],
    );
    expect(documents.day).toBe(1);
  });

  it('increment_usage refuses anonymous callers and non-positive amounts', async () => {
    const user = await createAuthUser({ database, email: 'usage-bad@example.com' });
    const anonymousOutcome = await attempt({
      database,
      auth: anonymous,
      sql: `select public.increment_usage('api_calls')`,
    });
    expect(anonymousOutcome.error?.code).toBe('42501');
    const negative = await attempt({
      database,
      auth: signedIn(user),
      sql: `select public.increment_usage('api_calls', -5)`,
    });
    expect(negative.error?.code).toBe('22023');
  });
});

describe('indexes', () => {
  it('the list queries of docs/data-flow.md have an index each', async () => {
    const indexes = await database.pg.query<{ definition: string }>(
      `select indexdef as definition from pg_indexes where schemaname = 'public'`,
    );
    const definitions = indexes.rows.map((row) => row.definition.replace(/^.* USING /, ''));
    expect(definitions).toEqual(
      expect.arrayContaining([
        'btree (user_id, created_at DESC)',
        'btree (category_id, created_at DESC)',
        'btree (user_id, kind, updated_at DESC)',
        'btree (category_id, kind, updated_at DESC)',
        'btree (session_id, created_at)',
        'btree (item_type, name)',
        'btree (shared_with_user_id)',
        'btree (category_id, shared_with_user_id)',
        'gin (search_vector) WITH (fastupdate=off)',
      ]),
    );
  });
});

describe('re-running', () => {
  it('the platform emulation and the seed can run again without error or duplicates', async () => {
    const before = await one<{ count: number }>('select count(*)::int as count from public.writings');
    await applyPlatform({ database });
    await applySeed({ database });
    expect(await one('select count(*)::int as count from public.writings')).toEqual(before);
  });

  it('re-running the platform emulation keeps the revoke of lookup_user_by_email from anon', async () => {
    await applyPlatform({ database });
    expect(
      await one(
        `select has_function_privilege('anon', 'public.lookup_user_by_email(text)', 'execute') as allowed`,
      ),
    ).toEqual({ allowed: false });
  });
});

describe('seed', () => {
  it('gives the demo account folders, writings that open with a level-1 heading, ideas and a shared folder', async () => {
    const demo = await one<{ id: string }>(`select id from auth.users where email = 'demo@example.com'`);
    const counts = await one(
      `select (select count(*)::int from public.categories where user_id = $1) as folders,
              (select count(*)::int from public.writings where user_id = $1) as writings,
              (select count(*)::int from public.ideas where user_id = $1) as ideas,
              (select count(*)::int from public.writings where user_id = $1
                 and content #>> '{content,0,type}' = 'heading' and content #>> '{content,0,attrs,level}' = '1') as headed`,
      [demo.id],
    );
    expect(counts).toEqual({ folders: 3, writings: 6, ideas: 10, headed: 6 });
    const friend = await one<{ id: string; email: string }>(
      `select id, email from auth.users where email = 'friend@example.com'`,
    );
    const shared = await asUser<{ title: string }>(
      friend,
      'select title from public.writings order by title',
    );
    expect(shared.map((row) => row.title)).toEqual(['On writing every day', 'Why drafts should be ugly']);
  });

  it('stores bcrypt hashes with an email identity for both demo accounts', async () => {
    const rows = await database.pg.query<{ email: string; hash: string; provider: string }>(
      `select u.email, u.encrypted_password as hash, i.provider
       from auth.users u join auth.identities i on i.user_id = u.id where u.email like '%@example.com' and i.provider = 'email'
       order by u.email`,
    );
    expect(rows.rows.map((row) => [row.email, row.hash.slice(0, 7), row.provider])).toEqual([
      ['demo@example.com', '$2a$10$', 'email'],
      ['friend@example.com', '$2a$10$', 'email'],
    ]);
  });
});
