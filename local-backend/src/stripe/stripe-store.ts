import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';

/** A Stripe object as the local test mode keeps it (always has `id` and `object`). */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

// Kept in the backend's own database (not a migration: it is the local stand-in for Stripe's servers,
// not part of the product's schema), so a restarted backend still knows its customers and subscriptions.
const schemaSql = `
create schema if not exists stripe_local;
revoke all on schema stripe_local from public;
create table if not exists stripe_local.objects (id text primary key, kind text not null, data jsonb not null);
create table if not exists stripe_local.idempotency (key text primary key, request text not null, response jsonb not null);
create table if not exists stripe_local.clock (id integer primary key default 1, offset_seconds bigint not null default 0);
insert into stripe_local.clock (id) values (1) on conflict do nothing;
`;

/** Stripe-like ids: `cus_`, `sub_`, `cs_test_`, ... followed by 24 random characters. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').slice(0, 24)}`;
}

/** The local test mode's objects, idempotency keys and test clock. */
export interface StripeStore {
  get(id: string): Promise<StripeObject | undefined>;
  put(object: StripeObject): Promise<StripeObject>;
  list(kind: string): Promise<StripeObject[]>;
  /** The stored response of an idempotency key, with the request it answered. */
  idempotent(key: string): Promise<{ request: string; response: StripeObject } | undefined>;
  rememberIdempotent(key: string, request: string, response: StripeObject): Promise<void>;
  /** Seconds since the epoch on the test clock (real time plus what tests advanced it by). */
  now(): Promise<number>;
  advance(seconds: number): Promise<number>;
}

export async function openStripeStore(pg: PGlite): Promise<StripeStore> {
  await pg.exec(schemaSql);
  const offset = async () =>
    Number(
      (await pg.query<{ offset_seconds: string }>('select offset_seconds from stripe_local.clock')).rows[0]
        ?.offset_seconds ?? 0,
    );
  const store: StripeStore = {
    async get(id) {
      const { rows } = await pg.query<{ data: StripeObject }>(
        'select data from stripe_local.objects where id = $1',
        [id],
      );
      return rows[0]?.data;
    },
    async put(object) {
      await pg.query(
        `insert into stripe_local.objects (id, kind, data) values ($1, $2, $3)
         on conflict (id) do update set data = excluded.data`,
        [object.id, object.object, JSON.stringify(object)],
      );
      return object;
    },
    async list(kind) {
      const { rows } = await pg.query<{ data: StripeObject }>(
        'select data from stripe_local.objects where kind = $1',
        [kind],
      );
      return rows.map((row) => row.data);
    },
    async idempotent(key) {
      const { rows } = await pg.query<{ request: string; response: StripeObject }>(
        'select request, response from stripe_local.idempotency where key = $1',
        [key],
      );
      return rows[0];
    },
    async rememberIdempotent(key, request, response) {
      await pg.query(
        'insert into stripe_local.idempotency (key, request, response) values ($1, $2, $3) on conflict do nothing',
        [key, request, JSON.stringify(response)],
      );
    },
    async now() {
      return Math.floor(Date.now() / 1000) + (await offset());
    },
    async advance(seconds) {
      await pg.query('update stripe_local.clock set offset_seconds = offset_seconds + $1', [
        Math.round(seconds),
      ]);
      return store.now();
    },
  };
  return store;
}
