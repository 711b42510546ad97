import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, type RequestAuth } from './database.ts';

const reader: RequestAuth = { role: 'authenticated', claims: { sub: 'reader-1', role: 'authenticated' } };

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  // The three API roles and auth.uid() as hosted Supabase has them, on one table with RLS.
  await database.pg.exec(`
    create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;
    create function current_subject() returns text language sql stable
      as $$ select current_setting('request.jwt.claims', true)::json ->> 'sub' $$;
    create table notes (id int primary key, owner text not null, body text);
    alter table notes enable row level security;
    create policy "own notes" on notes for all to authenticated
      using (owner = current_subject()) with check (owner = current_subject());
    grant select, insert, update, delete on notes to authenticated;
    insert into notes values (1, 'reader-1', 'mine'), (2, 'someone-else', 'theirs');
  `);
});

afterAll(async () => {
  await database.close();
});

const ownBodies = { sql: 'select body from notes order by id', parameters: [] };

describe('queryAs', () => {
  it('runs a statement as the role and claims given, under row-level security', async () => {
    const result = await database.queryAs<{ body: string }>(reader, ownBodies);
    expect(result.rows).toEqual([{ body: 'mine' }]);
    const other = { role: 'authenticated', claims: { sub: 'someone-else' } } as const;
    expect((await database.queryAs<{ body: string }>(other, ownBodies)).rows).toEqual([{ body: 'theirs' }]);
  });

  it('leaves the connection as the superuser with no claims afterwards', async () => {
    await database.queryAs(reader, ownBodies);
    const after = await database.pg.query<{ role: string; claims: string | null }>(
      `select current_user as role, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(after.rows).toEqual([{ role: 'postgres', claims: null }]);
  });

  it('binds values as parameters, never as SQL text', async () => {
    const statement = { sql: 'select body from notes where body = $1', parameters: ["mine' or '1' = '1"] };
    expect((await database.queryAs(reader, statement)).rows).toEqual([]);
  });

  it('commits a write, and rolls it back when the check throws', async () => {
    const insert = (id: number) => ({
      sql: 'insert into notes (id, owner, body) values ($1, $2, $3) returning id',
      parameters: [String(id), 'reader-1', 'draft'],
    });
    await database.queryAs(reader, insert(10));
    await expect(
      database.queryAs(reader, insert(11), () => {
        throw new Error('not what was asked');
      }),
    ).rejects.toThrow('not what was asked');
    const ids = await database.pg.query<{ id: number }>('select id from notes where id >= 10 order by id');
    expect(ids.rows).toEqual([{ id: 10 }]);
  });

  it('rejects with the Postgres error and keeps working after it', async () => {
    const duplicate = { sql: 'insert into notes (id, owner) values ($1, $2)', parameters: ['1', 'reader-1'] };
    // Twice: the second time through the kept statement, which is retried fresh and fails again.
    await expect(database.queryAs(reader, duplicate)).rejects.toMatchObject({ code: '23505' });
    await expect(database.queryAs(reader, duplicate)).rejects.toMatchObject({ code: '23505' });
    await expect(
      database.queryAs(reader, { sql: 'select nonsense from', parameters: [] }),
    ).rejects.toMatchObject({ code: '42601' });
    expect((await database.queryAs(reader, ownBodies)).rows).toContainEqual({ body: 'mine' });
  });

  it('enforces a policy with-check on writes', async () => {
    const forged = {
      sql: 'insert into notes (id, owner) values ($1, $2)',
      parameters: ['20', 'someone-else'],
    };
    await expect(database.queryAs(reader, forged)).rejects.toMatchObject({ code: '42501' });
  });

  it('still answers a kept statement after the schema under it changed', async () => {
    const everything = { sql: 'select * from notes where id = $1', parameters: ['1'] };
    expect(Object.keys((await database.queryAs(reader, everything)).rows[0] ?? {})).toEqual([
      'id',
      'owner',
      'body',
    ]);
    await database.pg.exec('alter table notes add column mood text');
    expect(Object.keys((await database.queryAs(reader, everything)).rows[0] ?? {})).toEqual([
      'id',
      'owner',
      'body',
      'mood',
    ]);
  });

  it('still answers a kept statement after a column it compares changed type', async () => {
    await database.pg.exec(`
      create table levels (id int primary key, level int); insert into levels values (1, 5);
      grant select on levels to authenticated;
    `);
    const atLevel = (level: string) => ({
      sql: 'select id from levels where level = $1',
      parameters: [level],
    });
    expect((await database.queryAs(reader, atLevel('5'))).rows).toEqual([{ id: 1 }]);
    await database.pg.exec(`alter table levels alter column level type text using level::text`);
    await database.pg.exec(`update levels set level = 'five'`);
    expect((await database.queryAs(reader, atLevel('five'))).rows).toEqual([{ id: 1 }]);
  });

  it('still answers after every prepared statement was deallocated', async () => {
    await database.queryAs(reader, ownBodies);
    await database.pg.exec('deallocate all');
    expect((await database.queryAs(reader, ownBodies)).rows).toContainEqual({ body: 'mine' });
  });

  it('answers more distinct statements than it keeps prepared, closing the least recently used', async () => {
    for (let index = 0; index < 300; index++) {
      const result = await database.queryAs<{ value: number }>(reader, {
        sql: `select ${index} + $1::int as value`,
        parameters: ['1'],
      });
      expect(result.rows).toEqual([{ value: index + 1 }]);
    }
    // The most recent statement again: the closes of the statements pushed out go with it.
    await database.queryAs(reader, { sql: 'select 299 + $1::int as value', parameters: ['1'] });
    const kept = await database.pg.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements',
    );
    expect(kept.rows[0]?.count).toBeLessThanOrEqual(256);
  });
});

describe('runAs', () => {
  it('runs its work in one transaction as the role and claims given', async () => {
    const seen = await database.runAs(reader, async (tx) => {
      const role = await tx.query<{ role: string }>('select current_user as role');
      const bodies = await tx.query<{ body: string }>('select body from notes where id < 10 order by id');
      return { role: role.rows[0]?.role, bodies: bodies.rows };
    });
    expect(seen).toEqual({ role: 'authenticated', bodies: [{ body: 'mine' }] });
  });
});
