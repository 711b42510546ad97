// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_LIMITS, TIERS } from '../../src/domain/tiers.ts';
import {
  anonymous,
  attempt,
  createAuthUser,
  openMigratedDatabase,
  serviceRole,
  signedIn,
} from './test-database.ts';

// The server's tier limits: what the chat, a new document and a function call must pass
// (migration 20261124000100_usage_limits.sql).

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type User = { id: string; email: string };
type Usage = {
  allowed: boolean;
  metric: string;
  tier: string;
  limit: number | null;
  used: number;
  remaining: number | null;
  resets_at: string;
};

let database: Database;

beforeAll(async () => {
  database = await openMigratedDatabase({ seed: false });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

async function consume(user: User, metric: string): Promise<Usage> {
  const rows = await database.runAs(
    signedIn(user),
    async (tx) =>
      (await tx.query<{ usage: Usage }>('select public.consume_usage($1) as usage', [metric])).rows,
  );
  const [row] = rows;
  if (!row) throw new Error('consume_usage returned no row');
  return row.usage;
}

async function subscribe(user: User, tier: string, status: string): Promise<void> {
  await database.runAs(serviceRole, (tx) =>
    tx.query(
      `insert into public.subscriptions (user_id, price_id, status, tier) values ($1, $2, $3, $4)
       on conflict (user_id) do update set price_id = excluded.price_id, status = excluded.status, tier = excluded.tier`,
      [user.id, `price_${tier.toLowerCase()}`, status, tier],
    ),
  );
}

const metricKeys = { api_calls: 'apiCalls', documents: 'documents', chat_messages: 'chatMessages' } as const;

describe('tier limits', () => {
  it('the database knows the same limits as the kernel', async () => {
    for (const tier of TIERS) {
      for (const [metric, key] of Object.entries(metricKeys)) {
        const result = await database.pg.query<{ limit: number | null }>(
          'select public.tier_limit($1, $2) as limit',
          [tier, metric],
        );
        expect({ tier, metric, limit: result.rows[0]?.limit }).toEqual({
          tier,
          metric,
          limit: TIER_LIMITS[tier][key],
        });
      }
    }
  });

  it('a FREE user sends the 10th chat message of the day and is refused the 11th', async () => {
    const user = await createAuthUser({ database, email: 'free-chat@example.com' });
    for (let message = 1; message <= 9; message++) await consume(user, 'chat_messages');
    const tenth = await consume(user, 'chat_messages');
    expect(tenth).toMatchObject({ allowed: true, tier: 'FREE', limit: 10, used: 10, remaining: 0 });
    const eleventh = await consume(user, 'chat_messages');
    expect(eleventh).toMatchObject({ allowed: false, limit: 10, used: 10, remaining: 0 });
    const resetsAt = new Date(eleventh.resets_at);
    expect(resetsAt.getUTCHours()).toBe(0);
    expect(resetsAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
  });

  it('documents count per month and reset at the start of the next month (UTC)', async () => {
    const user = await createAuthUser({ database, email: 'free-docs@example.com' });
    const third = await Promise.all([1, 2, 3].map(() => consume(user, 'documents')));
    expect(third.map((usage) => usage.allowed)).toEqual([true, true, true]);
    const fourth = await consume(user, 'documents');
    expect(fourth).toMatchObject({ allowed: false, limit: 3, used: 3 });
    const resetsAt = new Date(fourth.resets_at);
    expect(resetsAt.getUTCDate()).toBe(1);
    expect(resetsAt.getUTCHours()).toBe(0);
  });

  it('concurrent uses never pass the limit', async () => {
    const user = await createAuthUser({ database, email: 'race@example.com' });
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => consume(user, 'chat_messages')));
    expect(outcomes.filter((usage) => usage.allowed)).toHaveLength(10);
    const counter = await database.pg.query<{ count: number }>(
      `select count from public.usage_counters where user_id = $1 and metric = 'chat_messages'`,
      [user.id],
    );
    expect(counter.rows).toEqual([{ count: 10 }]);
  });

  it('an active paid tier raises the limit; a canceled one is FREE again; MAX is unlimited', async () => {
    const user = await createAuthUser({ database, email: 'paid@example.com' });
    await subscribe(user, 'PRO', 'active');
    expect(await consume(user, 'documents')).toMatchObject({
      allowed: true,
      tier: 'PRO',
      limit: 100,
      used: 1,
    });
    await subscribe(user, 'PRO', 'canceled');
    expect(await consume(user, 'documents')).toMatchObject({
      allowed: true,
      tier: 'FREE',
      limit: 3,
      used: 2,
    });
    await subscribe(user, 'MAX', 'trialing');
    for (let use = 0; use < 12; use++) await consume(user, 'chat_messages');
    expect(await consume(user, 'chat_messages')).toMatchObject({
      allowed: true,
      tier: 'MAX',
      limit: null,
      remaining: null,
      used: 13,
    });
  });

  it('usage_status reports every meter without counting', async () => {
    const user = await createAuthUser({ database, email: 'meters@example.com' });
    await consume(user, 'api_calls');
    const read = async () =>
      (
        await database.runAs(
          signedIn(user),
          async (tx) =>
            (
              await tx.query<{ status: { tier: string; usage: Record<string, Usage> } }>(
                'select public.usage_status() as status',
              )
            ).rows,
        )
      )[0]?.status;
    const status = await read();
    expect(status?.tier).toBe('FREE');
    expect(status?.usage.api_calls).toMatchObject({ limit: 50, used: 1, remaining: 49 });
    expect(status?.usage.chat_messages).toMatchObject({ limit: 10, used: 0, remaining: 10 });
    expect(status?.usage.documents).toMatchObject({ limit: 3, used: 0, remaining: 3 });
    expect((await read())?.usage.api_calls).toMatchObject({ used: 1 });
  });

  it('nobody but the server names another user, and anonymous callers count nothing', async () => {
    const user = await createAuthUser({ database, email: 'other@example.com' });
    const victim = await createAuthUser({ database, email: 'victim@example.com' });
    const forOther = await attempt({
      database,
      auth: signedIn(user),
      sql: `select public.consume_usage_for($1, 'chat_messages')`,
      parameters: [victim.id],
    });
    expect(forOther.error?.code).toBe('42501');
    const tier = await attempt({
      database,
      auth: signedIn(user),
      sql: 'select public.entitled_tier($1)',
      parameters: [victim.id],
    });
    expect(tier.error?.code).toBe('42501');
    for (const sql of [`select public.consume_usage('chat_messages')`, 'select public.usage_status()']) {
      expect((await attempt({ database, auth: anonymous, sql })).error?.code).toBe('42501');
    }
    const unknown = await attempt({
      database,
      auth: signedIn(user),
      sql: `select public.consume_usage('tokens')`,
    });
    expect(unknown.error?.code).toBe('22023');
  });
});
