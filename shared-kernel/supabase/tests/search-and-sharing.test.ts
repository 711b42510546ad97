// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvitations,
  anonymous,
  attempt,
  createAuthUser,
  openMigratedDatabase,
  signedIn,
} from './test-database.ts';

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type User = { id: string; email: string };
type SearchResult = { source: string; id: string; title: string; snippet: string; rank: number };

let database: Database;
let owner: User;
let reader: User;
let writer: User;
let stranger: User;
let readFolder: string;
let writeFolder: string;

/** Runs a statement as `user` and commits. */
async function asUser<Row>(user: User, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  return database.runAs(signedIn(user), async (tx) => (await tx.query<Row>(sql, parameters)).rows);
}

function search(user: User, query: string, maxResults = 100): Promise<SearchResult[]> {
  return asUser<SearchResult>(user, 'select * from public.search_workspace($1, $2)', [query, maxResults]);
}

/** A Tiptap document: a level-1 heading, then one paragraph per string. */
function documentOf(title: string, ...paragraphs: string[]): string {
  return JSON.stringify({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      ...paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
    ],
  });
}

async function createFolder(user: User, name: string, itemType: 'writing' | 'idea'): Promise<string> {
  const [row] = await asUser<{ id: string }>(
    user,
    'insert into public.categories (name, item_type) values ($1, $2) returning id',
    [name, itemType],
  );
  if (!row) throw new Error('no folder');
  return row.id;
}

/** The owner invites `recipient`, who accepts. */
async function share(folder: string, recipient: User, permission: 'read' | 'write'): Promise<void> {
  await asUser(
    owner,
    'insert into public.category_shares (category_id, shared_with_user_id, permission_level) values ($1, $2, $3)',
    [folder, recipient.id, permission],
  );
  await acceptInvitations({ database, recipient });
}

async function createWriting(user: User, title: string, folder: string | null, ...paragraphs: string[]) {
  const [row] = await asUser<{ id: string }>(
    user,
    'insert into public.writings (title, category_id, content) values ($1, $2, $3) returning id',
    [title, folder, documentOf(title, ...paragraphs)],
  );
  if (!row) throw new Error('no writing');
  return row.id;
}

beforeAll(async () => {
  database = await openMigratedDatabase({ seed: false });
  owner = await createAuthUser({ database, email: 'Owner@Example.com', metadata: { name: 'Owner' } });
  reader = await createAuthUser({ database, email: 'reader@example.com', metadata: { name: 'Reader' } });
  writer = await createAuthUser({ database, email: 'writer@example.com', metadata: { name: 'Writer' } });
  stranger = await createAuthUser({
    database,
    email: 'stranger@example.com',
    metadata: { name: 'Stranger' },
  });
  readFolder = await createFolder(owner, 'Read only', 'writing');
  writeFolder = await createFolder(owner, 'Together', 'writing');
  await share(readFolder, reader, 'read');
  await share(writeFolder, reader, 'read');
  await share(writeFolder, writer, 'write');
  await createWriting(
    owner,
    'The lighthouse',
    readFolder,
    'Maren counts the steps of the lighthouse every night.',
  );
  await createWriting(owner, 'Private diary', null, 'Nobody else reads about the lighthouse here.');
  await createWriting(stranger, 'Stranger things', null, 'A lighthouse far away.');
  await asUser(owner, `insert into public.ideas (content) values ('Counting waves instead of sheep')`);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('rich_text_to_plain_text', () => {
  it('joins the text of marked runs and separates blocks and hard breaks by line breaks', async () => {
    const document = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Title' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hello ' },
            { type: 'text', marks: [{ type: 'bold' }], text: 'wor' },
            { type: 'text', text: 'ld' },
            { type: 'hardBreak' },
            { type: 'text', text: 'again' },
          ],
        },
        { type: 'image', attrs: { src: 'https://example.com/a.png' } },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'item' }] }] },
          ],
        },
      ],
    };
    const [row] = (
      await database.pg.query<{ text: string }>('select public.rich_text_to_plain_text($1) as text', [
        JSON.stringify(document),
      ])
    ).rows;
    // A line break opens each block (list, list item, paragraph: three before "item").
    expect(row?.text).toBe('Title\nHello world\nagain\n\n\nitem');
  });

  it('reads null as empty and a bare string as itself', async () => {
    const result = await database.pg.query(
      `select public.rich_text_to_plain_text(null) as missing, public.rich_text_to_plain_text('"plain"') as string`,
    );
    expect(result.rows).toEqual([{ missing: '', string: 'plain' }]);
  });
});

describe('search_workspace', () => {
  it('finds writings and ideas by stemmed words', async () => {
    const results = await search(owner, 'count');
    expect(results.map((result) => [result.source, result.title]).sort()).toEqual([
      ['idea', 'Counting waves instead of sheep'],
      ['writing', 'The lighthouse'],
    ]);
  });

  it('finds words by their beginning, in titles and texts', async () => {
    const results = await search(owner, 'ligh');
    expect(results.map((result) => result.title).sort()).toEqual(['Private diary', 'The lighthouse']);
  });

  it('finds a part from the middle of a word in titles only', async () => {
    const results = await search(owner, 'ghthou');
    expect(results.map((result) => result.title)).toEqual(['The lighthouse']);
  });

  it('ranks a title match above a match in the text only', async () => {
    const results = await search(owner, 'lighthouse');
    expect(results[0]?.title).toBe('The lighthouse');
    expect(results[0]?.rank).toBeGreaterThan(results[1]?.rank ?? Number.POSITIVE_INFINITY);
  });

  it('returns a snippet of at most 140 characters around the match', async () => {
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(10)}The albatross appears here. ${'Tail text. '.repeat(20)}`;
    await createWriting(owner, 'Sea birds', null, long);
    const [result] = await search(owner, 'albatross');
    expect(result?.snippet.length).toBeLessThanOrEqual(140);
    expect(result?.snippet).toContain('The albatross appears here.');
    expect(long.startsWith(result?.snippet ?? '')).toBe(false);
  });

  it('only finds what row-level security lets the caller read', async () => {
    expect((await search(reader, 'lighthouse')).map((result) => result.title)).toEqual(['The lighthouse']);
    expect((await search(stranger, 'lighthouse')).map((result) => result.title)).toEqual(['Stranger things']);
    expect(await search(writer, 'lighthouse')).toEqual([]);
  });

  it('search_matches, the index-driven definer half, returns only matches the caller may read', async () => {
    const matches = await asUser<{ id: string }>(
      stranger,
      `select id from public.search_matches('lighthouse')`,
    );
    const own = await asUser<{ id: string }>(stranger, 'select id from public.writings where user_id = $1', [
      stranger.id,
    ]);
    expect(matches).toEqual(own);
  });

  it('returns at most 100 results, and fewer when asked', async () => {
    await asUser(
      owner,
      `insert into public.ideas (content) select 'Quokka sighting number ' || n from generate_series(1, 130) as n`,
    );
    expect(await search(owner, 'quokka', 500)).toHaveLength(100);
    expect(await search(owner, 'quokka', 7)).toHaveLength(7);
  });

  it('treats % and _ in the query as characters, not wildcards', async () => {
    expect(await search(owner, '%%%')).toEqual([]);
    expect(await search(owner, '___')).toEqual([]);
  });

  it('reads tsquery operators, quotes and backslashes in the query as text', async () => {
    const results = await search(owner, "lighthouse' | !(:* \\ & <->");
    expect(results.map((result) => result.title).sort()).toEqual(['Private diary', 'The lighthouse']);
  });

  it('returns nothing for a blank query and for anonymous callers', async () => {
    expect(await search(owner, '   ')).toEqual([]);
    const outcome = await attempt({
      database,
      auth: anonymous,
      sql: `select * from public.search_workspace('lighthouse')`,
    });
    expect(outcome.error?.code).toBe('42501');
  });
});

describe('lookup_user_by_email', () => {
  it('finds a profile by e-mail for a signed-in user, ignoring case and surrounding spaces', async () => {
    const rows = await asUser(stranger, 'select * from public.lookup_user_by_email($1)', [
      '  owner@EXAMPLE.com ',
    ]);
    // The id a share needs, not the name or picture of whoever has the address.
    expect(rows).toEqual([{ id: owner.id, email: 'Owner@Example.com' }]);
  });

  it('returns no row for an unknown e-mail', async () => {
    expect(
      await asUser(owner, 'select * from public.lookup_user_by_email($1)', ['nobody@example.com']),
    ).toEqual([]);
  });

  it('is refused to anonymous callers', async () => {
    const outcome = await attempt({
      database,
      auth: anonymous,
      sql: 'select * from public.lookup_user_by_email($1)',
      parameters: ['owner@example.com'],
    });
    expect(outcome.error?.code).toBe('42501');
  });

  it('answers a caller 30 lookups an hour, so a list of addresses cannot be swept; others are not held back', async () => {
    const sweeper = await createAuthUser({ database, email: 'sweeper@example.com' });
    // Committed, as each request of the API is.
    const lookUp = (user: User, address: string) =>
      asUser(user, 'select * from public.lookup_user_by_email($1)', [address]);
    for (let index = 0; index < 30; index += 1) {
      expect(await lookUp(sweeper, `guess-${index}@example.com`)).toEqual([]);
    }
    await expect(lookUp(sweeper, 'owner@example.com')).rejects.toThrow(/too many e-mail lookups/);
    expect(await lookUp(stranger, 'owner@example.com')).toEqual([
      { id: owner.id, email: 'Owner@Example.com' },
    ]);
    // An hour on, the caller may look up again.
    await database.pg.query(
      `update public.email_lookups set looked_up_at = looked_up_at - interval '61 minutes' where user_id = $1`,
      [sweeper.id],
    );
    expect(await lookUp(sweeper, 'owner@example.com')).toEqual([
      { id: owner.id, email: 'Owner@Example.com' },
    ]);
  });
});

describe('profiles between collaborators', () => {
  const visibleProfiles = async (user: User) =>
    (await asUser<{ name: string }>(user, 'select name from public.users order by name')).map(
      (row) => row.name,
    );

  it('the owner sees the recipients, the recipients see the owner and each other, strangers see only themselves', async () => {
    expect(await visibleProfiles(owner)).toEqual(['Owner', 'Reader', 'Writer']);
    expect(await visibleProfiles(reader)).toEqual(['Owner', 'Reader', 'Writer']);
    expect(await visibleProfiles(writer)).toEqual(['Owner', 'Reader', 'Writer']);
    expect(await visibleProfiles(stranger)).toEqual(['Stranger']);
  });
});

describe('moving items between folders', () => {
  it('a writer moves its own writing into the shared folder', async () => {
    const id = await createWriting(writer, 'Mine to share', null);
    const moved = await asUser(
      writer,
      'update public.writings set category_id = $1 where id = $2 returning id',
      [writeFolder, id],
    );
    expect(moved).toEqual([{ id }]);
  });

  it('a reader cannot move its own writing into a folder shared read-only', async () => {
    const id = await createWriting(reader, 'Mine', null);
    const outcome = await attempt({
      database,
      auth: signedIn(reader),
      sql: 'update public.writings set category_id = $1 where id = $2 returning id',
      parameters: [readFolder, id],
    });
    expect(outcome.error?.code).toBe('42501');
  });

  it("a writer edits the owner's writing in the shared folder but cannot move it out or take it over", async () => {
    const id = await createWriting(owner, 'Shared draft', writeFolder, 'Draft text.');
    const writersOwnFolder = await createFolder(writer, 'Writer private', 'writing');
    const edited = await asUser(
      writer,
      `update public.writings set title = 'Edited' where id = $1 returning id`,
      [id],
    );
    expect(edited).toEqual([{ id }]);
    for (const change of [
      'category_id = null',
      `category_id = '${writersOwnFolder}'`,
      `user_id = '${writer.id}'`,
    ]) {
      const outcome = await attempt({
        database,
        auth: signedIn(writer),
        sql: `update public.writings set ${change} where id = $1 returning id`,
        parameters: [id],
      });
      expect([change, outcome.error?.code]).toEqual([change, '42501']);
    }
  });

  it("the owner moves an idea into its folder and out again; a stranger cannot move it into the stranger's folder", async () => {
    const ideaFolder = await createFolder(owner, 'Ideas', 'idea');
    const strangerFolder = await createFolder(stranger, 'Elsewhere', 'idea');
    const [idea] = await asUser<{ id: string }>(
      owner,
      `insert into public.ideas (content) values ('Move me') returning id`,
    );
    const move = (user: User, folder: string | null) =>
      attempt({
        database,
        auth: signedIn(user),
        sql: 'update public.ideas set category_id = $1 where id = $2 returning id',
        parameters: [folder, idea?.id],
      });
    expect((await move(owner, ideaFolder)).rows).toHaveLength(1);
    expect((await move(owner, null)).rows).toHaveLength(1);
    expect((await move(stranger, strangerFolder)).rows).toEqual([]);
  });
});

describe('leaving and sharing', () => {
  it('a recipient leaves a folder by deleting its own share and then no longer sees the folder', async () => {
    const folder = await createFolder(owner, 'Leave me', 'idea');
    await share(folder, stranger, 'read');
    expect(await asUser(stranger, 'select id from public.categories where id = $1', [folder])).toHaveLength(
      1,
    );
    const left = await asUser(
      stranger,
      'delete from public.category_shares where category_id = $1 and shared_with_user_id = $2 returning id',
      [folder, stranger.id],
    );
    expect(left).toHaveLength(1);
    expect(await asUser(stranger, 'select id from public.categories where id = $1', [folder])).toEqual([]);
  });

  it("a recipient with write access cannot remove another recipient's share", async () => {
    const removed = await asUser(
      writer,
      'delete from public.category_shares where category_id = $1 and shared_with_user_id = $2 returning id',
      [writeFolder, reader.id],
    );
    expect(removed).toEqual([]);
  });

  it('a recipient lists the folders shared with it, with its permission', async () => {
    const rows = await asUser<{ name: string; permission_level: string }>(
      reader,
      `select c.name, s.permission_level from public.category_shares s
       join public.categories c on c.id = s.category_id where s.shared_with_user_id = $1 order by c.name`,
      [reader.id],
    );
    expect(rows).toEqual([
      { name: 'Read only', permission_level: 'read' },
      { name: 'Together', permission_level: 'read' },
    ]);
  });
});
