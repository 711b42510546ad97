// @vitest-environment node
// biome-ignore-all lint/style/noExcessiveLinesPerFile: a matrix: every table against every role (owner, other user, anonymous, shared
// read, shared write), one case per cell; split, the matrix could no longer be read whole.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestAuth } from '../../../local-backend/src/db/database.ts';
import {
  anonymous,
  attempt,
  createAuthUser,
  openMigratedDatabase,
  serviceRole,
  signedIn,
} from './test-database.ts';

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type Actor = 'owner' | 'other user' | 'anonymous' | 'shared read' | 'shared write' | 'service role';
type Operation = 'select' | 'insert' | 'update' | 'delete';

const actors: Actor[] = ['owner', 'other user', 'anonymous', 'shared read', 'shared write', 'service role'];

/** Fixed ids of the fixture rows, all belonging to the owner. */
const ids = {
  sharedWritingFolder: 'c1000000-0000-4000-8000-000000000001',
  sharedIdeaFolder: 'c1000000-0000-4000-8000-000000000002',
  readShare: '51000000-0000-4000-8000-000000000001',
  writeShare: '51000000-0000-4000-8000-000000000002',
  writing: 'a1000000-0000-4000-8000-000000000001',
  privateWriting: 'a1000000-0000-4000-8000-000000000002',
  idea: 'b1000000-0000-4000-8000-000000000001',
  attachment: 'e1000000-0000-4000-8000-000000000001',
  chatSession: '0c000000-0000-4000-8000-000000000001',
  chatMessage: '0d000000-0000-4000-8000-000000000001',
};

interface Fixture {
  database: Database;
  users: Record<
    'owner' | 'other user' | 'shared read' | 'shared write' | 'profileless',
    { id: string; email: string }
  >;
}

function authOf(fixture: Fixture, actor: Actor): RequestAuth {
  if (actor === 'anonymous') return anonymous;
  if (actor === 'service role') return serviceRole;
  return signedIn(fixture.users[actor]);
}

/** The user id an actor writes rows as: its own, or the owner's for the key-only roles. */
function actingUserId(fixture: Fixture, actor: Actor): string {
  return actor === 'anonymous' || actor === 'service role' ? fixture.users.owner.id : fixture.users[actor].id;
}

interface Case {
  table: string;
  operation: Operation;
  /** What is attempted, in words. */
  description: string;
  statement: (fixture: Fixture, actor: Actor) => { sql: string; parameters: unknown[] };
  allowed: Actor[];
}

const ownerOnly: Actor[] = ['owner', 'service role'];
const folderMembers: Actor[] = ['owner', 'shared read', 'shared write', 'service role'];
const folderWriters: Actor[] = ['owner', 'shared write', 'service role'];

function ownerRowCases(table: string, id: string, insertSql: string, update: string): Case[] {
  return [
    {
      table,
      operation: 'select',
      description: "reads the owner's row",
      statement: () => ({ sql: `select id from public.${table} where id = $1`, parameters: [id] }),
      allowed: ownerOnly,
    },
    {
      table,
      operation: 'insert',
      description: 'inserts a row owned by the owner',
      statement: (fixture) => ({ sql: insertSql, parameters: [fixture.users.owner.id] }),
      allowed: ownerOnly,
    },
    {
      table,
      operation: 'update',
      description: "updates the owner's row",
      statement: () => ({
        sql: `update public.${table} set ${update} where id = $1 returning id`,
        parameters: [id],
      }),
      allowed: ownerOnly,
    },
    {
      table,
      operation: 'delete',
      description: "deletes the owner's row",
      statement: () => ({ sql: `delete from public.${table} where id = $1 returning id`, parameters: [id] }),
      allowed: ownerOnly,
    },
  ];
}

function folderItemCases(
  table: 'writings' | 'ideas',
  itemId: string,
  folderId: string,
  column: string,
): Case[] {
  return [
    {
      table,
      operation: 'select',
      description: "reads the owner's item in the shared folder",
      statement: () => ({ sql: `select id from public.${table} where id = $1`, parameters: [itemId] }),
      allowed: folderMembers,
    },
    {
      table,
      operation: 'insert',
      description: 'creates an item of its own in the shared folder',
      statement: (fixture, actor) => ({
        sql: `insert into public.${table} (user_id, ${column}, category_id) values ($1, 'new', $2) returning id`,
        parameters: [actingUserId(fixture, actor), folderId],
      }),
      allowed: folderWriters,
    },
    {
      table,
      operation: 'update',
      description: "edits the owner's item in the shared folder",
      statement: () => ({
        sql: `update public.${table} set ${column} = 'edited' where id = $1 returning id`,
        parameters: [itemId],
      }),
      allowed: folderWriters,
    },
    {
      table,
      operation: 'delete',
      description: "deletes the owner's item in the shared folder",
      statement: () => ({
        sql: `delete from public.${table} where id = $1 returning id`,
        parameters: [itemId],
      }),
      allowed: ownerOnly,
    },
  ];
}

const cases: Case[] = [
  {
    table: 'users',
    operation: 'select',
    description: "reads the owner's profile",
    statement: (fixture) => ({
      sql: 'select id from public.users where id = $1',
      parameters: [fixture.users.owner.id],
    }),
    allowed: folderMembers,
  },
  {
    table: 'users',
    operation: 'insert',
    description: 'creates a profile for an auth user without one',
    statement: (fixture) => ({
      sql: `insert into public.users (id, email) values ($1, 'x@example.com') returning id`,
      parameters: [fixture.users.profileless.id],
    }),
    allowed: ['service role'],
  },
  {
    table: 'users',
    operation: 'update',
    description: "renames the owner's profile",
    statement: (fixture) => ({
      sql: `update public.users set name = 'Renamed' where id = $1 returning id`,
      parameters: [fixture.users.owner.id],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'users',
    operation: 'delete',
    description: "deletes the owner's profile",
    statement: (fixture) => ({
      sql: 'delete from public.users where id = $1 returning id',
      parameters: [fixture.users.owner.id],
    }),
    allowed: ['service role'],
  },
  {
    table: 'categories',
    operation: 'select',
    description: 'reads the shared folder',
    statement: () => ({
      sql: 'select id from public.categories where id = $1',
      parameters: [ids.sharedWritingFolder],
    }),
    allowed: folderMembers,
  },
  {
    table: 'categories',
    operation: 'insert',
    description: 'creates a folder owned by the owner',
    statement: (fixture) => ({
      sql: `insert into public.categories (user_id, name, item_type) values ($1, 'New', 'writing') returning id`,
      parameters: [fixture.users.owner.id],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'categories',
    operation: 'update',
    description: 'renames the shared folder',
    statement: () => ({
      sql: `update public.categories set name = 'Renamed' where id = $1 returning id`,
      parameters: [ids.sharedWritingFolder],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'categories',
    operation: 'delete',
    description: 'deletes the shared folder',
    statement: () => ({
      sql: 'delete from public.categories where id = $1 returning id',
      parameters: [ids.sharedWritingFolder],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'category_shares',
    operation: 'select',
    description: 'reads the read share of the shared folder',
    statement: () => ({
      sql: 'select id from public.category_shares where id = $1',
      parameters: [ids.readShare],
    }),
    allowed: folderMembers,
  },
  {
    table: 'category_shares',
    operation: 'insert',
    description: 'shares the folder with the other user',
    statement: (fixture) => ({
      sql: `insert into public.category_shares (category_id, shared_with_user_id, permission_level)
            values ($1, $2, 'write') returning id`,
      parameters: [ids.sharedWritingFolder, fixture.users['other user'].id],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'category_shares',
    operation: 'update',
    description: 'upgrades the read share to write',
    statement: () => ({
      sql: `update public.category_shares set permission_level = 'write' where id = $1 returning id`,
      parameters: [ids.readShare],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'category_shares',
    operation: 'delete',
    description: 'removes the read share (the recipient leaving)',
    statement: () => ({
      sql: 'delete from public.category_shares where id = $1 returning id',
      parameters: [ids.readShare],
    }),
    allowed: ['owner', 'shared read', 'service role'],
  },
  ...folderItemCases('writings', ids.writing, ids.sharedWritingFolder, 'title'),
  ...folderItemCases('ideas', ids.idea, ids.sharedIdeaFolder, 'content'),
  {
    table: 'attachments',
    operation: 'select',
    description: "reads the owner's attachment",
    statement: () => ({
      sql: 'select id from public.attachments where id = $1',
      parameters: [ids.attachment],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'attachments',
    operation: 'insert',
    description: 'records its own upload for the shared writing',
    statement: (fixture, actor) => ({
      sql: `insert into public.attachments (user_id, writing_id, file_path) values ($1, $2, $3) returning id`,
      parameters: [actingUserId(fixture, actor), ids.writing, `${actingUserId(fixture, actor)}/x.png`],
    }),
    allowed: folderWriters,
  },
  {
    table: 'attachments',
    operation: 'update',
    description: "detaches the owner's attachment",
    statement: () => ({
      sql: 'update public.attachments set writing_id = null where id = $1 returning id',
      parameters: [ids.attachment],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'attachments',
    operation: 'delete',
    description: "deletes the owner's attachment",
    statement: () => ({
      sql: 'delete from public.attachments where id = $1 returning id',
      parameters: [ids.attachment],
    }),
    allowed: ownerOnly,
  },
  ...ownerRowCases(
    'chat_sessions',
    ids.chatSession,
    `insert into public.chat_sessions (user_id) values ($1) returning id`,
    'is_pinned = true',
  ),
  ...ownerRowCases(
    'chat_messages',
    ids.chatMessage,
    `insert into public.chat_messages (session_id, user_id, role) values ('${ids.chatSession}', $1, 'user') returning id`,
    `parts = '[{"type":"text","text":"changed"}]'`,
  ),
  {
    table: 'subscriptions',
    operation: 'select',
    description: "reads the owner's subscription",
    statement: (fixture) => ({
      sql: 'select user_id from public.subscriptions where user_id = $1',
      parameters: [fixture.users.owner.id],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'subscriptions',
    operation: 'insert',
    description: 'creates a subscription for the other user',
    statement: (fixture) => ({
      sql: `insert into public.subscriptions (user_id, price_id, status) values ($1, 'price_max', 'active') returning user_id`,
      parameters: [fixture.users['other user'].id],
    }),
    allowed: ['service role'],
  },
  {
    table: 'subscriptions',
    operation: 'update',
    description: "changes the owner's price",
    statement: (fixture) => ({
      sql: `update public.subscriptions set price_id = 'price_max' where user_id = $1 returning user_id`,
      parameters: [fixture.users.owner.id],
    }),
    allowed: ['service role'],
  },
  {
    table: 'subscriptions',
    operation: 'delete',
    description: "deletes the owner's subscription",
    statement: (fixture) => ({
      sql: 'delete from public.subscriptions where user_id = $1 returning user_id',
      parameters: [fixture.users.owner.id],
    }),
    allowed: ['service role'],
  },
  {
    table: 'usage_counters',
    operation: 'select',
    description: "reads the owner's usage",
    statement: (fixture) => ({
      sql: 'select user_id from public.usage_counters where user_id = $1',
      parameters: [fixture.users.owner.id],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'usage_counters',
    operation: 'insert',
    description: 'creates a usage counter for the owner',
    statement: (fixture) => ({
      sql: `insert into public.usage_counters (user_id, metric, period_start, count)
            values ($1, 'documents', '2026-01-01', 1) returning user_id`,
      parameters: [fixture.users.owner.id],
    }),
    allowed: ['service role'],
  },
  {
    table: 'usage_counters',
    operation: 'update',
    description: "resets the owner's usage",
    statement: (fixture) => ({
      sql: 'update public.usage_counters set count = 0 where user_id = $1 returning user_id',
      parameters: [fixture.users.owner.id],
    }),
    allowed: ['service role'],
  },
  {
    table: 'usage_counters',
    operation: 'delete',
    description: "deletes the owner's usage",
    statement: (fixture) => ({
      sql: 'delete from public.usage_counters where user_id = $1 returning user_id',
      parameters: [fixture.users.owner.id],
    }),
    allowed: ['service role'],
  },
  ...(['select', 'insert', 'update', 'delete'] as const).map((operation) => ({
    table: 'billing_events',
    operation,
    description: `${operation}s a payment webhook event (the webhook's own record)`,
    statement: () => ({
      sql: {
        select: `select id from public.billing_events where id = 'evt_fixture'`,
        insert: `insert into public.billing_events (id, type, created_at, outcome) values ('evt_' || gen_random_uuid(), 'x', now(), 'applied') returning id`,
        update: `update public.billing_events set outcome = 'stale' where id = 'evt_fixture' returning id`,
        delete: `delete from public.billing_events where id = 'evt_fixture' returning id`,
      }[operation],
      parameters: [],
    }),
    allowed: ['service role' as const],
  })),
  ...(['select', 'insert', 'update', 'delete'] as const).map((operation) => ({
    table: 'email_lookups',
    operation,
    description: `${operation}s the record of the owner's e-mail lookups (the lookup's own count)`,
    statement: (fixture: Fixture) => ({
      sql: {
        select: 'select user_id from public.email_lookups where user_id = $1',
        insert: 'insert into public.email_lookups (user_id) values ($1) returning user_id',
        update: 'update public.email_lookups set looked_up_at = now() where user_id = $1 returning user_id',
        delete: 'delete from public.email_lookups where user_id = $1 returning user_id',
      }[operation],
      parameters: [fixture.users.owner.id],
    }),
    allowed: ['service role' as const],
  })),
  {
    table: 'storage.objects',
    operation: 'select',
    description: "lists the owner's photo-clips file",
    statement: (fixture) => ({
      sql: `select id from storage.objects where bucket_id = 'photo-clips' and name = $1`,
      parameters: [`${fixture.users.owner.id}/existing.png`],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'storage.objects',
    operation: 'insert',
    description: "uploads into the owner's photo-clips folder",
    statement: (fixture) => ({
      sql: `insert into storage.objects (bucket_id, name) values ('photo-clips', $1) returning id`,
      parameters: [`${fixture.users.owner.id}/new.png`],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'storage.objects',
    operation: 'update',
    description: "replaces the owner's photo-clips file",
    statement: (fixture) => ({
      sql: `update storage.objects set metadata = '{}' where bucket_id = 'photo-clips' and name = $1 returning id`,
      parameters: [`${fixture.users.owner.id}/existing.png`],
    }),
    allowed: ownerOnly,
  },
  {
    table: 'storage.objects',
    operation: 'delete',
    description: "deletes the owner's photo-clips file",
    statement: (fixture) => ({
      sql: `delete from storage.objects where bucket_id = 'photo-clips' and name = $1 returning id`,
      parameters: [`${fixture.users.owner.id}/existing.png`],
    }),
    allowed: ownerOnly,
  },
];

let fixture: Fixture;

beforeAll(async () => {
  const database = await openMigratedDatabase({ seed: false });
  const create = (email: string) =>
    createAuthUser({ database, email, metadata: { name: email.split('@')[0] } });
  const users = {
    owner: await create('owner@example.com'),
    'other user': await create('other@example.com'),
    'shared read': await create('reader@example.com'),
    'shared write': await create('writer@example.com'),
    profileless: await create('profileless@example.com'),
  };
  await database.pg.query('delete from public.users where id = $1', [users.profileless.id]);
  await database.pg.query(
    `insert into public.categories (id, user_id, name, item_type)
     values ($1, $3, 'Shared writings', 'writing'), ($2, $3, 'Shared ideas', 'idea')`,
    [ids.sharedWritingFolder, ids.sharedIdeaFolder, users.owner.id],
  );
  await database.pg.query(
    `insert into public.category_shares (id, category_id, shared_with_user_id, permission_level, accepted_at)
     values ($1, $3, $5, 'read', now()), ($2, $3, $6, 'write', now()),
            (gen_random_uuid(), $4, $5, 'read', now()), (gen_random_uuid(), $4, $6, 'write', now())`,
    [
      ids.readShare,
      ids.writeShare,
      ids.sharedWritingFolder,
      ids.sharedIdeaFolder,
      users['shared read'].id,
      users['shared write'].id,
    ],
  );
  await database.pg.query(
    `insert into public.writings (id, user_id, title, category_id) values ($1, $3, 'Shared', $4), ($2, $3, 'Private', null)`,
    [ids.writing, ids.privateWriting, users.owner.id, ids.sharedWritingFolder],
  );
  await database.pg.query(
    `insert into public.ideas (id, user_id, content, category_id) values ($1, $2, 'An idea', $3)`,
    [ids.idea, users.owner.id, ids.sharedIdeaFolder],
  );
  await database.pg.query(
    `insert into public.attachments (id, user_id, writing_id, file_path) values ($1, $2, $3, $4)`,
    [ids.attachment, users.owner.id, ids.writing, `${users.owner.id}/a.png`],
  );
  await database.pg.query(`insert into public.chat_sessions (id, user_id) values ($1, $2)`, [
    ids.chatSession,
    users.owner.id,
  ]);
  await database.pg.query(
    `insert into public.chat_messages (id, session_id, user_id, role, parts) values ($1, $2, $3, 'user', '[]')`,
    [ids.chatMessage, ids.chatSession, users.owner.id],
  );
  await database.pg.query(
    `insert into public.subscriptions (user_id, customer_id, price_id, status) values ($1, 'cus_1', 'price_lite', 'active')`,
    [users.owner.id],
  );
  await database.pg.query(
    `insert into public.usage_counters (user_id, metric, period_start, count) values ($1, 'chat_messages', current_date, 3)`,
    [users.owner.id],
  );
  await database.pg.query(
    `insert into public.billing_events (id, type, created_at, outcome) values ('evt_fixture', 'customer.subscription.created', now(), 'applied')`,
  );
  await database.pg.query('insert into public.email_lookups (user_id) values ($1)', [users.owner.id]);
  await database.pg.query(
    `insert into storage.objects (bucket_id, name, owner) values ('photo-clips', $1, $2)`,
    [`${users.owner.id}/existing.png`, users.owner.id],
  );
  fixture = { database, users };
}, 120_000);

afterAll(async () => {
  await fixture?.database.close();
});

for (const testCase of cases) {
  describe(`${testCase.table}: ${testCase.operation}, ${testCase.description}`, () => {
    for (const actor of actors) {
      const allowed = testCase.allowed.includes(actor);
      it(`${allowed ? 'is allowed' : 'is refused'} for ${actor}`, async () => {
        const { sql, parameters } = testCase.statement(fixture, actor);
        const outcome = await attempt({
          database: fixture.database,
          auth: authOf(fixture, actor),
          sql,
          parameters,
        });
        if (allowed) {
          expect(outcome.error).toBeNull();
          expect(outcome.rows).toHaveLength(1);
        } else if (outcome.error) {
          // Refused outright: a missing privilege or a WITH CHECK violation, never another failure.
          expect(outcome.error.code).toBe('42501');
        } else {
          expect(outcome.rows).toHaveLength(0);
        }
      });
    }
  });
}

it('the matrix covers every table of the public schema with all four operations', async () => {
  const tables = await fixture.database.pg.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  for (const { name } of tables.rows) {
    const operations = new Set(cases.filter((testCase) => testCase.table === name).map((c) => c.operation));
    expect([name, [...operations].sort()]).toEqual([name, ['delete', 'insert', 'select', 'update']]);
  }
});

it('every table of the public schema has row-level security enabled', async () => {
  const tables = await fixture.database.pg.query<{ name: string; secured: boolean }>(
    `select relname as name, relrowsecurity as secured from pg_class
     where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
  );
  expect(tables.rows.length).toBeGreaterThanOrEqual(10);
  expect(tables.rows.filter((table) => !table.secured)).toEqual([]);
});
