// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthUser, openMigratedDatabase, serviceRole, signedIn } from './test-database.ts';

// Documents per month, counted and enforced in the database for every writing a user creates
// (migration 20261125000200_billing_mirror.sql).

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type User = { id: string; email: string };

let database: Database;

beforeAll(async () => {
  database = await openMigratedDatabase({ seed: false, tierLimits: 'enforced' });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const newUser = (label: string) =>
  createAuthUser({ database, email: `${label}-${crypto.randomUUID().slice(0, 8)}@example.com` });

type Failure = { code?: string; detail?: string };

/** Creates a writing as the user, committed; a refusal becomes a value. */
async function createWriting(user: User, id: string = crypto.randomUUID(), title = 'A writing') {
  try {
    await database.runAs(signedIn(user), (tx) =>
      tx.query('insert into public.writings (id, user_id, title) values ($1, $2, $3)', [id, user.id, title]),
    );
    return { ok: true, error: undefined };
  } catch (error) {
    return { ok: false, error: error as Failure };
  }
}

async function subscribe(user: User, tier: string): Promise<void> {
  await database.runAs(serviceRole, (tx) =>
    tx.query(`insert into public.subscriptions (user_id, status, tier) values ($1, 'active', $2)`, [
      user.id,
      tier,
    ]),
  );
}

const documentsUsed = async (user: User) =>
  Number(
    (
      await database.pg.query<{ count: number }>(
        `select count from public.usage_counters where user_id = $1 and metric = 'documents'`,
        [user.id],
      )
    ).rows[0]?.count ?? 0,
  );

describe('documents per month', () => {
  it('lets a FREE writer create a 3rd writing this month and refuses the 4th with PT429', async () => {
    const writer = await newUser('free');
    for (let index = 0; index < 3; index++) expect((await createWriting(writer)).ok).toBe(true);
    const fourth = await createWriting(writer);
    expect(fourth.ok).toBe(false);
    expect(fourth.error?.code).toBe('PT429');
    expect(JSON.parse(String(fourth.error?.detail))).toMatchObject({
      metric: 'documents',
      limit: 3,
      used: 3,
    });
    expect(await documentsUsed(writer)).toBe(3);
  });

  it('does not count a replayed create (same id) twice', async () => {
    const writer = await newUser('replay');
    const id = crypto.randomUUID();
    expect((await createWriting(writer, id)).ok).toBe(true);
    const replay = await createWriting(writer, id);
    expect(replay.error?.code).toBe('23505');
    expect(await documentsUsed(writer)).toBe(1);
  });

  it('gives back the document of an untouched draft its writer deleted (a New left), not of a writing', async () => {
    const writer = await newUser('drafts');
    const draft = crypto.randomUUID();
    const kept = crypto.randomUUID();
    expect((await createWriting(writer, draft, 'Untitled')).ok).toBe(true);
    expect((await createWriting(writer, kept)).ok).toBe(true);
    expect((await createWriting(writer)).ok).toBe(true);
    const remove = (id: string) =>
      database.runAs(signedIn(writer), (tx) => tx.query('delete from public.writings where id = $1', [id]));
    await remove(draft);
    expect(await documentsUsed(writer)).toBe(2);
    // A writing of its own (here, its title) stays counted when deleted.
    await remove(kept);
    expect(await documentsUsed(writer)).toBe(2);
    expect((await createWriting(writer)).ok).toBe(true);
    expect((await createWriting(writer)).error?.code).toBe('PT429');
  });

  it('gives MAX no limit and PRO its 100', async () => {
    const max = await newUser('max');
    await subscribe(max, 'MAX');
    for (let index = 0; index < 120; index++) expect((await createWriting(max)).ok).toBe(true);
    const pro = await newUser('pro');
    await subscribe(pro, 'PRO');
    for (let index = 0; index < 4; index++) expect((await createWriting(pro)).ok).toBe(true);
  });

  it('does not count what the service role or the seed inserts', async () => {
    const writer = await newUser('service');
    for (let index = 0; index < 5; index++) {
      await database.runAs(serviceRole, (tx) =>
        tx.query('insert into public.writings (user_id, title) values ($1, $2)', [writer.id, 'Imported']),
      );
    }
    expect(await documentsUsed(writer)).toBe(0);
  });
});
