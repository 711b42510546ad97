// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestAuth } from '../../../local-backend/src/db/database.ts';
import {
  acceptInvitations,
  anonymous,
  attempt,
  createAuthUser,
  openMigratedDatabase,
  signedIn,
} from './test-database.ts';

// Issue 10 (low): the folder-name mirror writings.category and the attachment's file path and public
// URL cannot be set to anything else, by any role.

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type User = { id: string; email: string };
type Person = 'owner' | 'other user' | 'shared read' | 'shared write';
type Actor = Person | 'anonymous';

const actors: Actor[] = ['owner', 'other user', 'anonymous', 'shared read', 'shared write'];
const base = 'http://127.0.0.1:54321/storage/v1/object/public/photo-clips/';

let database: Database;
const users = {} as Record<Person, User>;
let folder: string;
let writing: string;

const authOf = (actor: Actor): RequestAuth => (actor === 'anonymous' ? anonymous : signedIn(users[actor]));
/** The user an actor records uploads as (anonymous pretends to be the owner). */
const uploaderOf = (actor: Actor): User => (actor === 'anonymous' ? users.owner : users[actor]);

async function category(): Promise<string | null> {
  const row = (
    await database.pg.query<{ category: string | null }>(
      'select category from public.writings where id = $1',
      [writing],
    )
  ).rows[0];
  return row?.category ?? null;
}

function recordAttachment(actor: Actor, filePath: string, publicUrl: string | null) {
  return attempt({
    database,
    auth: authOf(actor),
    sql: `insert into public.attachments (user_id, writing_id, file_path, public_url) values ($1, $2, $3, $4) returning id`,
    parameters: [uploaderOf(actor).id, writing, filePath, publicUrl],
  });
}

beforeAll(async () => {
  database = await openMigratedDatabase({ seed: false });
  for (const person of ['owner', 'other user', 'shared read', 'shared write'] as const) {
    users[person] = await createAuthUser({ database, email: `${person.replace(' ', '-')}@example.com` });
  }
  const run = (user: User, sql: string, parameters: unknown[]) =>
    database.runAs(
      signedIn(user),
      async (tx) => (await tx.query<{ id: string }>(sql, parameters)).rows[0]?.id ?? '',
    );
  folder = await run(
    users.owner,
    `insert into public.categories (name, item_type) values ('Essays', 'writing') returning id`,
    [],
  );
  writing = await run(
    users.owner,
    `insert into public.writings (title, category_id) values ('Mine', $1) returning id`,
    [folder],
  );
  await run(
    users.owner,
    `insert into public.category_shares (category_id, shared_with_user_id, permission_level)
     values ($1, $2, 'read'), ($1, $3, 'write') returning id`,
    [folder, users['shared read'].id, users['shared write'].id],
  );
  await acceptInvitations({ database, recipient: users['shared read'] });
  await acceptInvitations({ database, recipient: users['shared write'] });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("writings.category stays the folder's name", () => {
  for (const actor of actors) {
    it(`whatever ${actor} writes into it`, async () => {
      const outcome = await database
        .runAs(authOf(actor), (tx) =>
          tx.query(`update public.writings set category = 'Hijacked', title = title where id = $1`, [
            writing,
          ]),
        )
        .then(
          () => null,
          (error: { code: string }) => error.code,
        );
      expect([null, '42501']).toContain(outcome);
      expect(await category()).toBe('Essays');
    });
  }
});

describe('attachments record only their uploader’s own stored objects', () => {
  for (const actor of actors) {
    const allowed = actor === 'owner' || actor === 'shared write';

    it(`${actor}: a file in another user's folder is refused`, async () => {
      const victim = actor === 'other user' ? users.owner : users['other user'];
      const outcome = await recordAttachment(actor, `${victim.id}/x.png`, null);
      expect(outcome.error?.code).toMatch(/^(23514|42501)$/);
    });

    it(`${actor}: a path climbing out of the folder is refused`, async () => {
      const outcome = await recordAttachment(actor, `${uploaderOf(actor).id}/../other/x.png`, null);
      expect(outcome.error?.code).toMatch(/^(23514|42501)$/);
    });

    it(`${actor}: a javascript: or foreign public URL is refused`, async () => {
      const path = `${uploaderOf(actor).id}/x.png`;
      for (const url of [
        'javascript:alert(1)//',
        `${base}${users.owner.id}/other.png`,
        `ftp://host/${path}`,
      ]) {
        const outcome = await recordAttachment(actor, path, url);
        expect(outcome.error?.code, url).toMatch(/^(23514|42501)$/);
      }
    });

    it(`${actor}: its own file with its public URL is ${allowed ? 'recorded' : 'refused'}`, async () => {
      const path = `${uploaderOf(actor).id}/x.png`;
      const outcome = await recordAttachment(actor, path, `${base}${path}`);
      if (allowed) expect(outcome.rows).toHaveLength(1);
      else expect(outcome.error?.code).toBe('42501');
    });
  }

  it("the owner cannot turn an attachment's URL into a script afterwards", async () => {
    const path = `${users.owner.id}/y.png`;
    await database.runAs(signedIn(users.owner), (tx) =>
      tx.query('insert into public.attachments (file_path, public_url) values ($1, $2)', [
        path,
        `${base}${path}`,
      ]),
    );
    const outcome = await attempt({
      database,
      auth: signedIn(users.owner),
      sql: `update public.attachments set public_url = 'javascript:alert(1)' where file_path = $1`,
      parameters: [path],
    });
    expect(outcome.error?.code).toBe('23514');
  });
});
