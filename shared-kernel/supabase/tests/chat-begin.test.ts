// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvitations,
  anonymous,
  createAuthUser,
  openMigratedDatabase,
  signedIn,
} from './test-database.ts';

// chat_begin (the start of a chat turn) and the retrieval it runs (chat_passages), per role: what each
// writer's question reads is exactly what row-level security lets them read.

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type User = { id: string; email: string };
interface Begun {
  refused?: string;
  resets_at?: string;
  passages?: { source: string; id: string; title: string | null; excerpt: string }[];
}

let database: Database;
let owner: User;
let reader: User;
let stranger: User;
let free: User;

async function asUser<Row>(user: User, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  return database.runAs(signedIn(user), async (tx) => (await tx.query<Row>(sql, parameters)).rows);
}

async function begin(
  user: User,
  question: string,
  {
    chatId = crypto.randomUUID(),
    allowedTiers = null as string[] | null,
    ideas = true,
    writings = true,
  } = {},
): Promise<Begun> {
  const [row] = await asUser<{ begun: Begun }>(
    user,
    'select public.chat_begin($1, $2, $3, $4, $5, $6, $7, 6, $8) as begun',
    [
      chatId,
      crypto.randomUUID(),
      JSON.stringify([{ type: 'text', text: question }]),
      'New Chat',
      question,
      ideas,
      writings,
      allowedTiers,
    ],
  );
  return row?.begun ?? {};
}

const titles = (begun: Begun) => (begun.passages ?? []).map((passage) => passage.title).sort();

async function createWriting(user: User, title: string, folder: string | null, text: string) {
  const content = JSON.stringify({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      { type: 'paragraph', content: [{ type: 'text', text }] },
    ],
  });
  await asUser(user, 'insert into public.writings (title, category_id, content) values ($1, $2, $3)', [
    title,
    folder,
    content,
  ]);
}

async function createFolder(user: User, name: string): Promise<string> {
  const [row] = await asUser<{ id: string }>(
    user,
    `insert into public.categories (name, item_type) values ($1, 'writing') returning id`,
    [name],
  );
  return row?.id as string;
}

async function usage(user: User, metric: string): Promise<number> {
  const { rows } = await database.pg.query<{ count: number }>(
    'select coalesce(sum(count), 0)::int as count from public.usage_counters where user_id = $1 and metric = $2',
    [user.id, metric],
  );
  return rows[0]?.count ?? 0;
}

beforeAll(async () => {
  database = await openMigratedDatabase({ seed: false });
  owner = await createAuthUser({ database, email: 'owner@example.com' });
  reader = await createAuthUser({ database, email: 'reader@example.com' });
  stranger = await createAuthUser({ database, email: 'stranger@example.com' });
  free = await createAuthUser({ database, email: 'free@example.com' });
  for (const user of [owner, reader, stranger]) {
    await database.pg.query(
      `insert into public.subscriptions (user_id, status, tier) values ($1, 'active', 'MAX')`,
      [user.id],
    );
  }
  const shared = await createFolder(owner, 'Shared to read');
  const unshared = await createFolder(owner, 'Kept to myself');
  await asUser(
    owner,
    `insert into public.category_shares (category_id, shared_with_user_id, permission_level) values ($1, $2, 'read')`,
    [shared, reader.id],
  );
  await acceptInvitations({ database, recipient: reader });
  await createWriting(owner, 'Shared lighthouse', shared, 'The lighthouse keeper counts ships.');
  await createWriting(owner, 'Unshared lighthouse', unshared, 'The lighthouse lamp is oiled at dusk.');
  await createWriting(owner, 'Own lighthouse', null, 'A lighthouse diary, not in any folder.');
  await createWriting(stranger, 'Stranger lighthouse', null, 'A lighthouse far away.');
  await asUser(owner, `insert into public.ideas (content) values ('Paint the lighthouse red')`);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('chat_begin retrieval', () => {
  it('reads the owner’s own notes, in and out of folders, and their ideas', async () => {
    const begun = await begin(owner, 'what about the lighthouse?');
    expect(titles(begun)).toEqual([
      'Own lighthouse',
      'Paint the lighthouse red',
      'Shared lighthouse',
      'Unshared lighthouse',
    ]);
    expect(begun.passages?.find((p) => p.title === 'Shared lighthouse')?.excerpt).toContain('keeper');
  });

  it('quotes a short note whole, from its first word', async () => {
    const quoter = await createAuthUser({ database, email: 'quoter@example.com' });
    await asUser(
      quoter,
      `insert into public.ideas (content) values ('A story told by the lighthouse itself')`,
    );
    const begun = await begin(quoter, 'a lighthouse story?');
    expect(begun.passages?.map((passage) => passage.excerpt)).toEqual([
      'A story told by the lighthouse itself',
    ]);
  });

  it('reads a folder shared with the reader, and nothing else of the owner’s', async () => {
    expect(titles(await begin(reader, 'what about the lighthouse?'))).toEqual(['Shared lighthouse']);
  });

  it('never reads another writer’s notes', async () => {
    expect(titles(await begin(stranger, 'what about the lighthouse?'))).toEqual(['Stranger lighthouse']);
  });

  it('follows the toggles, and a question with no words reads nothing', async () => {
    expect(titles(await begin(owner, 'lighthouse', { writings: false }))).toEqual([
      'Paint the lighthouse red',
    ]);
    expect(titles(await begin(owner, 'lighthouse', { ideas: false, writings: false }))).toEqual([]);
    expect(titles(await begin(owner, 'the of and'))).toEqual([]);
  });

  it('is not for anonymous callers', async () => {
    await expect(
      database.runAs(anonymous, (tx) =>
        tx.query(`select public.chat_begin(gen_random_uuid(), gen_random_uuid(), '[]', 'New Chat', 'x')`),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('chat_begin storing and counting', () => {
  it('stores the session and the question as the caller, and counts one API call and one chat message', async () => {
    const chatId = crypto.randomUUID();
    const [calls, messages] = [await usage(owner, 'api_calls'), await usage(owner, 'chat_messages')];
    expect((await begin(owner, 'first question', { chatId })).refused).toBeUndefined();
    const stored = await asUser<{ role: string; title: string }>(
      owner,
      'select m.role, s.title from public.chat_messages m join public.chat_sessions s on s.id = m.session_id where s.id = $1',
      [chatId],
    );
    expect(stored).toEqual([{ role: 'user', title: 'New Chat' }]);
    expect(await usage(owner, 'api_calls')).toBe(calls + 1);
    expect(await usage(owner, 'chat_messages')).toBe(messages + 1);
  });

  it('refuses a question into another writer’s chat and stores nothing there', async () => {
    const chatId = crypto.randomUUID();
    await begin(owner, 'mine', { chatId });
    expect((await begin(stranger, 'let me in', { chatId })).refused).toBe('not-your-chat');
    const { rows } = await database.pg.query('select 1 from public.chat_messages where session_id = $1', [
      chatId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a premium model on a plan without it before counting a chat message', async () => {
    const before = await usage(free, 'chat_messages');
    expect((await begin(free, 'hello', { allowedTiers: ['LITE', 'PRO', 'MAX'] })).refused).toBe('premium');
    expect(await usage(free, 'chat_messages')).toBe(before);
    expect((await begin(owner, 'hello', { allowedTiers: ['LITE', 'PRO', 'MAX'] })).refused).toBeUndefined();
  });

  it('refuses the 11th chat message of a Free writer’s day, with when it resets', async () => {
    const writer = await createAuthUser({ database, email: `day-${crypto.randomUUID()}@example.com` });
    for (let i = 0; i < 10; i += 1) expect((await begin(writer, `question ${i}`)).refused).toBeUndefined();
    const refused = await begin(writer, 'one too many');
    expect(refused).toMatchObject({ refused: 'chat-messages', resets_at: expect.any(String) });
  });
});
