// biome-ignore-all lint/style/noExcessiveLinesPerFile: a matrix: every table of the product schema against every role (owner, other user,
// anonymous, shared read, shared write), one case per cell; split, the matrix could no longer be read whole.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

// Row-level security of the product schema through the unchanged supabase-js against the running
// backend: every table x role (owner, other user, anonymous, shared read, shared write, service role)
// x operation. Each attempt gets fresh target rows (made with the service role), and its effect is
// read back with the service role, so a refusal is proven by the data, not only by the response.

type Actor = 'owner' | 'other user' | 'anonymous' | 'shared read' | 'shared write' | 'service role';
type Person = 'owner' | 'other user' | 'shared read' | 'shared write';
type Operation = 'select' | 'insert' | 'update' | 'delete';
type Row = Record<string, unknown>;
type Response = { data: Row[] | null; error: { code: string; message: string } | null };

const actors: Actor[] = ['owner', 'other user', 'anonymous', 'shared read', 'shared write', 'service role'];

let backend: Backend;
let service: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const userIds = {} as Record<Person, string>;
let sharedWritingFolder: string;
let sharedIdeaFolder: string;
let chatSession: string;

/** The id an actor writes rows as: its own, or the owner's for the key-only roles. */
const actingUserId = (actor: Actor) =>
  actor === 'anonymous' || actor === 'service role' ? userIds.owner : userIds[actor];

async function serviceInsert(table: string, row: Row): Promise<Row> {
  const { data, error } = await service.from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as Row;
}

async function serviceRead(table: string, match: Record<string, string>): Promise<Row | null> {
  const { data, error } = await service.from(table).select('*').match(match).maybeSingle();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as Row | null;
}

/**
 * A fresh folder of the owner, shared read with "shared read" and write with "shared write" (both
 * invitations accepted).
 */
async function sharedFolder(itemType: 'writing' | 'idea'): Promise<{ id: string; readShare: string }> {
  const folder = await serviceInsert('categories', {
    user_id: userIds.owner,
    name: 'Matrix',
    item_type: itemType,
  });
  const readShare = await serviceInsert('category_shares', {
    category_id: folder.id,
    shared_with_user_id: userIds['shared read'],
    permission_level: 'read',
    accepted_at: new Date().toISOString(),
  });
  await serviceInsert('category_shares', {
    category_id: folder.id,
    shared_with_user_id: userIds['shared write'],
    permission_level: 'write',
    accepted_at: new Date().toISOString(),
  });
  return { id: folder.id as string, readShare: readShare.id as string };
}

interface Case {
  table: string;
  operation: Operation;
  description: string;
  allowed: Actor[];
  /** Creates the rows the attempt targets; returns their ids. */
  prepare: () => Promise<Record<string, string>>;
  attempt: (client: SupabaseClient, target: Record<string, string>, actor: Actor) => PromiseLike<Response>;
  /** Whether the attempt took effect, read with the service role (select: whether rows came back). */
  tookEffect: (target: Record<string, string>, response: Response, marker: string) => Promise<boolean>;
}

const ownerOnly: Actor[] = ['owner', 'service role'];
const folderMembers: Actor[] = ['owner', 'shared read', 'shared write', 'service role'];
const folderWriters: Actor[] = ['owner', 'shared write', 'service role'];
const serviceOnly: Actor[] = ['service role'];

const returnedOne = async (_target: unknown, response: Response) => response.data?.length === 1;
const gone = (table: string) => async (target: Record<string, string>) =>
  (await serviceRead(table, target)) === null;
const changed = (table: string, column: string) => async (target: Record<string, string>) =>
  (await serviceRead(table, target))?.[column] === marker;

let marker = '';

/**
 * The four operations on a table whose rows are its owner's only. `prepare` (re)creates the owner's
 * row and returns the columns that identify it; `prepareInsert` clears the way for the insert.
 */
function ownerTable({
  table,
  allowedWrites = ownerOnly,
  prepare,
  prepareInsert = async () => ({}),
  insertRow,
  column,
  markerValue = (value: string) => value,
}: {
  table: string;
  allowedWrites?: Actor[];
  prepare: () => Promise<Record<string, string>>;
  prepareInsert?: () => Promise<Record<string, string>>;
  insertRow: () => Row;
  column: string;
  markerValue?: (value: string) => unknown;
}): Case[] {
  return [
    {
      table,
      operation: 'select',
      description: "reads the owner's row",
      allowed: ownerOnly,
      prepare,
      attempt: (client, target) => client.from(table).select('*').match(target),
      tookEffect: returnedOne,
    },
    {
      table,
      operation: 'insert',
      description: 'inserts a row for the owner',
      allowed: allowedWrites,
      prepare: prepareInsert,
      attempt: (client) => client.from(table).insert(insertRow()).select(),
      tookEffect: returnedOne,
    },
    {
      table,
      operation: 'update',
      description: "updates the owner's row",
      allowed: allowedWrites,
      prepare,
      attempt: (client, target) =>
        client
          .from(table)
          .update({ [column]: markerValue(marker) })
          .match(target)
          .select(),
      tookEffect: async (target) =>
        JSON.stringify((await serviceRead(table, target))?.[column]) === JSON.stringify(markerValue(marker)),
    },
    {
      table,
      operation: 'delete',
      description: "deletes the owner's row",
      allowed: allowedWrites,
      prepare,
      attempt: (client, target) => client.from(table).delete().match(target).select(),
      tookEffect: gone(table),
    },
  ];
}

/** Writings and ideas: the owner's item in a folder shared read with one user and write with another. */
function folderItemTable(table: 'writings' | 'ideas', column: 'title' | 'content'): Case[] {
  const itemType = table === 'writings' ? 'writing' : 'idea';
  const prepare = async () => {
    const folder = await sharedFolder(itemType);
    const item = await serviceInsert(table, {
      user_id: userIds.owner,
      category_id: folder.id,
      [column]: 'Shared item',
    });
    return { id: item.id as string, folder: folder.id };
  };
  return [
    {
      table,
      operation: 'select',
      description: "reads the owner's item in the shared folder",
      allowed: folderMembers,
      prepare,
      attempt: (client, target) =>
        client
          .from(table)
          .select('id')
          .eq('id', target.id as string),
      tookEffect: returnedOne,
    },
    {
      table,
      operation: 'insert',
      description: 'creates an item of its own in the shared folder',
      allowed: folderWriters,
      prepare,
      attempt: (client, target, actor) =>
        client
          .from(table)
          .insert({ user_id: actingUserId(actor), category_id: target.folder, [column]: 'New item' })
          .select(),
      tookEffect: returnedOne,
    },
    {
      table,
      operation: 'update',
      description: "edits the owner's item in the shared folder",
      allowed: folderWriters,
      prepare,
      attempt: (client, target) =>
        client
          .from(table)
          .update({ [column]: marker })
          .eq('id', target.id as string)
          .select(),
      tookEffect: (target) => changed(table, column)({ id: target.id as string }),
    },
    {
      table,
      operation: 'delete',
      description: "deletes the owner's item in the shared folder",
      allowed: ownerOnly,
      prepare,
      attempt: (client, target) =>
        client
          .from(table)
          .delete()
          .eq('id', target.id as string)
          .select(),
      tookEffect: (target) => gone(table)({ id: target.id as string }),
    },
  ];
}

const cases: Case[] = [
  {
    table: 'users',
    operation: 'select',
    description: "reads the owner's profile",
    allowed: folderMembers,
    prepare: async () => ({ id: userIds.owner }),
    attempt: (client, target) =>
      client
        .from('users')
        .select('id, email, name, avatar_url')
        .eq('id', target.id as string),
    tookEffect: returnedOne,
  },
  {
    table: 'users',
    operation: 'insert',
    description: 'creates a profile for an auth user without one',
    allowed: serviceOnly,
    prepare: async () => {
      const id = await signedUpUserId(uniqueEmail('rls-profileless'));
      await service.from('users').delete().eq('id', id);
      return { id };
    },
    attempt: (client, target) =>
      client.from('users').insert({ id: target.id, email: 'x@example.com' }).select(),
    tookEffect: returnedOne,
  },
  {
    table: 'users',
    operation: 'update',
    description: "renames the owner's profile",
    allowed: ownerOnly,
    prepare: async () => ({ id: userIds.owner }),
    attempt: (client, target) =>
      client
        .from('users')
        .update({ name: marker })
        .eq('id', target.id as string)
        .select(),
    tookEffect: changed('users', 'name'),
  },
  {
    table: 'users',
    operation: 'delete',
    description: 'deletes a profile (of a fresh user)',
    allowed: serviceOnly,
    prepare: async () => ({ id: await signedUpUserId(uniqueEmail('rls-deleted')) }),
    attempt: (client, target) =>
      client
        .from('users')
        .delete()
        .eq('id', target.id as string)
        .select(),
    tookEffect: gone('users'),
  },
  {
    table: 'categories',
    operation: 'select',
    description: 'reads the shared folder',
    allowed: folderMembers,
    prepare: async () => ({ id: (await sharedFolder('writing')).id }),
    attempt: (client, target) =>
      client
        .from('categories')
        .select('id, name, item_type')
        .eq('id', target.id as string),
    tookEffect: returnedOne,
  },
  {
    table: 'categories',
    operation: 'insert',
    description: 'creates a folder owned by the owner',
    allowed: ownerOnly,
    prepare: async () => ({}),
    attempt: (client) =>
      client.from('categories').insert({ user_id: userIds.owner, name: 'Made', item_type: 'idea' }).select(),
    tookEffect: returnedOne,
  },
  {
    table: 'categories',
    operation: 'update',
    description: 'renames the shared folder',
    allowed: ownerOnly,
    prepare: async () => ({ id: (await sharedFolder('writing')).id }),
    attempt: (client, target) =>
      client
        .from('categories')
        .update({ name: marker })
        .eq('id', target.id as string)
        .select(),
    tookEffect: changed('categories', 'name'),
  },
  {
    table: 'categories',
    operation: 'delete',
    description: 'deletes the shared folder',
    allowed: ownerOnly,
    prepare: async () => ({ id: (await sharedFolder('writing')).id }),
    attempt: (client, target) =>
      client
        .from('categories')
        .delete()
        .eq('id', target.id as string)
        .select(),
    tookEffect: gone('categories'),
  },
  {
    table: 'category_shares',
    operation: 'select',
    description: 'reads the read share of the shared folder',
    allowed: folderMembers,
    prepare: async () => ({ id: (await sharedFolder('idea')).readShare }),
    attempt: (client, target) =>
      client
        .from('category_shares')
        .select('*')
        .eq('id', target.id as string),
    tookEffect: returnedOne,
  },
  {
    table: 'category_shares',
    operation: 'insert',
    description: 'shares the folder with the other user',
    allowed: ownerOnly,
    prepare: async () => ({ folder: (await sharedFolder('idea')).id }),
    attempt: (client, target) =>
      client
        .from('category_shares')
        .insert({
          category_id: target.folder,
          shared_with_user_id: userIds['other user'],
          permission_level: 'write',
        })
        .select(),
    tookEffect: returnedOne,
  },
  {
    table: 'category_shares',
    operation: 'update',
    description: 'upgrades the read share to write',
    allowed: ownerOnly,
    prepare: async () => ({ id: (await sharedFolder('idea')).readShare }),
    attempt: (client, target) =>
      client
        .from('category_shares')
        .update({ permission_level: 'write' })
        .eq('id', target.id as string)
        .select(),
    tookEffect: async (target) =>
      (await serviceRead('category_shares', target))?.permission_level === 'write',
  },
  {
    table: 'category_shares',
    operation: 'delete',
    description: 'removes the read share (for its recipient: leaving)',
    allowed: ['owner', 'shared read', 'service role'],
    prepare: async () => ({ id: (await sharedFolder('idea')).readShare }),
    attempt: (client, target) =>
      client
        .from('category_shares')
        .delete()
        .eq('id', target.id as string)
        .select(),
    tookEffect: gone('category_shares'),
  },
  ...folderItemTable('writings', 'title'),
  ...folderItemTable('ideas', 'content'),
  {
    table: 'attachments',
    operation: 'select',
    description: "reads the owner's attachment",
    allowed: ownerOnly,
    prepare: async () => ({ id: (await ownerAttachment()).id as string }),
    attempt: (client, target) =>
      client
        .from('attachments')
        .select('*')
        .eq('id', target.id as string),
    tookEffect: returnedOne,
  },
  {
    table: 'attachments',
    operation: 'insert',
    description: 'records its own upload for a writing in the shared folder',
    allowed: folderWriters,
    prepare: async () => {
      const writing = await serviceInsert('writings', {
        user_id: userIds.owner,
        category_id: sharedWritingFolder,
      });
      return { writing: writing.id as string };
    },
    attempt: (client, target, actor) =>
      client
        .from('attachments')
        .insert({
          user_id: actingUserId(actor),
          writing_id: target.writing,
          file_path: `${actingUserId(actor)}/new.png`,
        })
        .select(),
    tookEffect: returnedOne,
  },
  {
    table: 'attachments',
    operation: 'update',
    description: "changes the owner's attachment",
    allowed: ownerOnly,
    prepare: async () => ({ id: (await ownerAttachment()).id as string }),
    attempt: (client, target) =>
      client
        .from('attachments')
        .update({ file_path: `${userIds.owner}/${marker}` })
        .eq('id', target.id as string)
        .select(),
    tookEffect: async (target) =>
      (await serviceRead('attachments', target))?.file_path === `${userIds.owner}/${marker}`,
  },
  {
    table: 'attachments',
    operation: 'delete',
    description: "deletes the owner's attachment",
    allowed: ownerOnly,
    prepare: async () => ({ id: (await ownerAttachment()).id as string }),
    attempt: (client, target) =>
      client
        .from('attachments')
        .delete()
        .eq('id', target.id as string)
        .select(),
    tookEffect: gone('attachments'),
  },
  ...ownerTable({
    table: 'chat_sessions',
    prepare: async () => ({
      id: (await serviceInsert('chat_sessions', { user_id: userIds.owner })).id as string,
    }),
    insertRow: () => ({ user_id: userIds.owner, title: 'Made' }),
    column: 'title',
  }),
  ...ownerTable({
    table: 'chat_messages',
    prepare: async () => ({
      id: (
        await serviceInsert('chat_messages', {
          session_id: chatSession,
          user_id: userIds.owner,
          role: 'user',
        })
      ).id as string,
    }),
    insertRow: () => ({
      session_id: chatSession,
      user_id: userIds.owner,
      role: 'user',
      parts: [{ type: 'text', text: 'hi' }],
    }),
    column: 'parts',
    markerValue: (value) => [{ text: value }],
  }),
  ...ownerTable({
    table: 'subscriptions',
    allowedWrites: serviceOnly,
    prepare: async () => {
      await service
        .from('subscriptions')
        .upsert({ user_id: userIds.owner, price_id: 'price_lite', status: 'active' });
      return { user_id: userIds.owner };
    },
    prepareInsert: async () => {
      await service.from('subscriptions').delete().eq('user_id', userIds.owner);
      return {};
    },
    insertRow: () => ({ user_id: userIds.owner, price_id: 'price_max', status: 'active' }),
    column: 'price_id',
  }),
  ...ownerTable({
    table: 'usage_counters',
    allowedWrites: serviceOnly,
    prepare: async () => {
      const counter = { user_id: userIds.owner, metric: 'api_calls', period_start: '2026-01-01' };
      await service.from('usage_counters').upsert({ ...counter, count: 1 });
      return counter;
    },
    prepareInsert: async () => {
      await service.from('usage_counters').delete().eq('user_id', userIds.owner).eq('metric', 'documents');
      return {};
    },
    insertRow: () => ({ user_id: userIds.owner, metric: 'documents', period_start: '2026-01-01', count: 1 }),
    column: 'count',
    markerValue: () => 42,
  }),
];

async function ownerAttachment(): Promise<Row> {
  return serviceInsert('attachments', {
    user_id: userIds.owner,
    writing_id: null,
    file_path: `${userIds.owner}/a.png`,
  });
}

async function signedUpClient(email: string): Promise<{ client: SupabaseClient; id: string }> {
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signUp({
    email,
    password: 'matrix-password',
    options: { data: { name: email } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { client, id: data.user.id };
}

async function signedUpUserId(email: string): Promise<string> {
  return (await signedUpClient(email)).id;
}

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
  service = createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  for (const person of ['owner', 'other user', 'shared read', 'shared write'] as const) {
    const { client, id } = await signedUpClient(uniqueEmail(`rls-${person.replace(' ', '-')}`));
    clients[person] = client;
    userIds[person] = id;
  }
  clients.anonymous = createTestClient(backend);
  clients['service role'] = service;
  sharedWritingFolder = (await sharedFolder('writing')).id;
  sharedIdeaFolder = (await sharedFolder('idea')).id;
  chatSession = (await serviceInsert('chat_sessions', { user_id: userIds.owner })).id as string;
});

afterAll(async () => {
  await backend?.stop();
});

for (const testCase of cases) {
  describe(`${testCase.table}: ${testCase.operation}, ${testCase.description}`, () => {
    for (const actor of actors) {
      const allowed = testCase.allowed.includes(actor);
      it(`${allowed ? 'is allowed' : 'is refused'} for ${actor}`, async () => {
        const target = await testCase.prepare();
        marker = `marker-${randomUUID()}`;
        const response = (await testCase.attempt(clients[actor], target, actor)) as Response;
        if (allowed) expect(response.error).toBeNull();
        // A refusal is either an RLS/privilege error (PostgREST 42501) or no matching row.
        else if (response.error) expect(response.error.code).toBe('42501');
        expect(await testCase.tookEffect(target, response, marker)).toBe(allowed);
      });
    }
  });
}

describe('owner-only reads of the subscription mirror and usage', () => {
  it("a user reads its own subscription and usage but not another user's", async () => {
    await service
      .from('subscriptions')
      .upsert({ user_id: userIds.owner, price_id: 'price_pro', status: 'active' });
    await serviceInsert('usage_counters', {
      user_id: userIds.owner,
      metric: 'chat_messages',
      period_start: '2026-02-01',
    });
    const own = await clients.owner.from('subscriptions').select('price_id, status').maybeSingle();
    expect(own.data).toEqual({ price_id: 'price_pro', status: 'active' });
    const usage = await clients.owner.from('usage_counters').select('count').eq('metric', 'chat_messages');
    expect(usage.data).toEqual([{ count: 0 }]);
    expect((await clients['other user'].from('subscriptions').select('*')).data).toEqual([]);
    expect((await clients['other user'].from('usage_counters').select('*')).data).toEqual([]);
  });

  it("a user cannot set its profile's e-mail to someone else's (issue 10: share hijack)", async () => {
    const ownerEmail = (await serviceRead('users', { id: userIds.owner }))?.email as string;
    const response = await clients['other user']
      .from('users')
      .update({ email: ownerEmail })
      .eq('id', userIds['other user'])
      .select();
    expect(response.error?.code).toBe('42501');
    const found = await clients['shared read'].rpc('lookup_user_by_email', { user_email: ownerEmail });
    expect(found.data).toEqual([expect.objectContaining({ id: userIds.owner })]);
  });

  it('a user cannot delete its own profile', async () => {
    const response = await clients.owner.from('users').delete().eq('id', userIds.owner).select();
    expect(response.data).toEqual([]);
    expect(await serviceRead('users', { id: userIds.owner })).not.toBeNull();
  });
});

describe('RPCs', () => {
  it('lookup_user_by_email answers signed-in users and refuses anonymous callers', async () => {
    const ownerEmail = (await serviceRead('users', { id: userIds.owner }))?.email as string;
    const found = await clients['other user'].rpc('lookup_user_by_email', {
      user_email: ownerEmail.toUpperCase(),
    });
    expect(found.error).toBeNull();
    expect(found.data).toEqual([{ id: userIds.owner, email: ownerEmail }]);
    const refused = await clients.anonymous.rpc('lookup_user_by_email', { user_email: ownerEmail });
    expect(refused.error?.code).toBe('42501');
    expect(refused.status).toBe(401);
  });

  it('search_workspace returns only what the caller may read', async () => {
    const word = `zephyr${randomUUID().slice(0, 6)}`;
    await serviceInsert('writings', {
      user_id: userIds.owner,
      category_id: sharedWritingFolder,
      title: `Shared ${word}`,
    });
    await serviceInsert('writings', { user_id: userIds.owner, title: `Private ${word}` });
    await serviceInsert('ideas', {
      user_id: userIds.owner,
      category_id: sharedIdeaFolder,
      content: `Idea ${word}`,
    });
    const titles = async (actor: Actor) => {
      const { data, error } = await clients[actor].rpc('search_workspace', { query: word });
      expect(error).toBeNull();
      return (data as { title: string }[]).map((result) => result.title).sort();
    };
    expect(await titles('owner')).toEqual([`Idea ${word}`, `Private ${word}`, `Shared ${word}`]);
    expect(await titles('shared read')).toEqual([`Idea ${word}`, `Shared ${word}`]);
    expect(await titles('other user')).toEqual([]);
    const anonymous = await clients.anonymous.rpc('search_workspace', { query: word });
    expect(anonymous.error?.code).toBe('42501');
  });
});

describe('seed', () => {
  it('the demo accounts sign in with demo-password and the friend sees the shared folder', async () => {
    const friend = createTestClient(backend);
    const signIn = await friend.auth.signInWithPassword({
      email: 'friend@example.com',
      password: 'demo-password',
    });
    expect(signIn.error).toBeNull();
    const folders = await friend.from('categories').select('name');
    expect(folders.data).toEqual([{ name: 'Essays' }]);
    const demo = createTestClient(backend);
    expect(
      (await demo.auth.signInWithPassword({ email: 'demo@example.com', password: 'demo-password' })).error,
    ).toBeNull();
    const writings = await demo.from('writings').select('id', { count: 'exact', head: true });
    expect(writings.count).toBe(6);
  });
});
