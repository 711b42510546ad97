// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymous,
  attempt,
  createAuthUser,
  openMigratedDatabase,
  serviceRole,
  signedIn,
} from './test-database.ts';

// Migration 20261125000300_account_deletion.sql: who may list a user's files and delete a user.

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
let database: Database;

beforeAll(async () => {
  database = await openMigratedDatabase({ seed: false });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('account deletion in the database', () => {
  it('neither a visitor nor a signed-in user (even the user themself) may call the two functions', async () => {
    const user = await createAuthUser({ database, email: 'victim@example.com' });
    for (const auth of [anonymous, signedIn(user)]) {
      for (const sql of [
        'select public.delete_account($1)',
        'select * from public.account_storage_objects($1)',
      ]) {
        const outcome = await attempt({ database, auth, sql, parameters: [user.id] });
        expect(outcome.error?.code).toBe('42501');
      }
    }
  });

  it('the service role removes the user and every row of theirs, and nobody else’s', async () => {
    const leaving = await createAuthUser({ database, email: 'leaving@example.com' });
    const staying = await createAuthUser({ database, email: 'staying@example.com' });
    for (const user of [leaving, staying]) {
      await database.runAs(signedIn(user), async (tx) => {
        const folder = await tx.query<{ id: string }>(
          `insert into public.categories (user_id, name, item_type) values ($1, 'Drafts', 'writing') returning id`,
          [user.id],
        );
        await tx.query(
          `insert into public.writings (user_id, title, category_id, content) values ($1, 'Mine', $2, '{}'::jsonb)`,
          [user.id, folder.rows[0]?.id],
        );
        await tx.query(`insert into public.ideas (user_id, content, kind) values ($1, 'an idea', 'note')`, [
          user.id,
        ]);
      });
    }
    await database.runAs(serviceRole, (tx) => tx.query('select public.delete_account($1)', [leaving.id]));

    const count = async (table: string, userId: string) =>
      (
        await database.pg.query<{ n: number }>(
          `select count(*)::int as n from ${table} where ${table === 'auth.users' || table === 'public.users' ? 'id' : 'user_id'} = $1`,
          [userId],
        )
      ).rows[0]?.n;
    for (const table of [
      'auth.users',
      'public.users',
      'public.categories',
      'public.writings',
      'public.ideas',
    ]) {
      expect({ table, left: await count(table, leaving.id) }).toEqual({ table, left: 0 });
      expect({ table, kept: await count(table, staying.id) }).toEqual({ table, kept: 1 });
    }
  });
});
