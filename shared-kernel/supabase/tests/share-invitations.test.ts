// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvitations,
  applySeed,
  attempt,
  createAuthUser,
  openMigratedDatabase,
  signedIn,
} from './test-database.ts';

// Issue 10, item 1: a profile's e-mail is the server's, and sharing by e-mail reaches the account
// that verified that address; a share is an invitation that gives nothing until accepted.

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type User = { id: string; email: string };

let database: Database;
let owner: User;
let friend: User;
let attacker: User;

async function asUser<Row>(user: User, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  return database.runAs(signedIn(user), async (tx) => (await tx.query<Row>(sql, parameters)).rows);
}

const lookup = (caller: User, email: string) =>
  asUser<{ id: string; email: string }>(caller, 'select id, email from public.lookup_user_by_email($1)', [
    email,
  ]);

async function createFolder(user: User, name: string): Promise<string> {
  const [row] = await asUser<{ id: string }>(
    user,
    `insert into public.categories (name, item_type) values ($1, 'writing') returning id`,
    [name],
  );
  if (!row) throw new Error('no folder');
  return row.id;
}

async function invite(folder: string, recipient: User, permission = 'write'): Promise<string> {
  const [row] = await asUser<{ id: string }>(
    owner,
    `insert into public.category_shares (category_id, shared_with_user_id, permission_level)
     values ($1, $2, $3) returning id`,
    [folder, recipient.id, permission],
  );
  if (!row) throw new Error('no share');
  return row.id;
}

/** What `user` can reach of a folder: the folder row, its writings, and a search for its words. */
async function reach(user: User, folder: string) {
  const folders = await asUser(user, 'select id from public.categories where id = $1', [folder]);
  const writings = await asUser(user, 'select id from public.writings where category_id = $1', [folder]);
  const found = await asUser(user, `select id from public.search_workspace('quasar')`);
  return { folders: folders.length, writings: writings.length, found: found.length };
}

beforeAll(async () => {
  database = await openMigratedDatabase({ seed: false });
  owner = await createAuthUser({ database, email: 'owner@example.com', metadata: { name: 'Owner' } });
  friend = await createAuthUser({ database, email: 'friend@example.com', metadata: { name: 'Friend' } });
  attacker = await createAuthUser({ database, email: 'mallory@example.com', metadata: { name: 'Mallory' } });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('profile e-mail', () => {
  it('a user cannot change the e-mail of their profile, but can change their name', async () => {
    const outcome = await attempt({
      database,
      auth: signedIn(attacker),
      sql: `update public.users set email = 'friend@example.com' where id = $1 returning id`,
      parameters: [attacker.id],
    });
    expect(outcome.error?.code).toBe('42501');
    expect(
      await asUser(attacker, `update public.users set name = 'M' where id = $1 returning name`, [
        attacker.id,
      ]),
    ).toEqual([{ name: 'M' }]);
  });

  it("after an attacker tries to take friend's address, sharing with friend@example.com reaches friend", async () => {
    // Committed when it succeeds (as it did before the fix).
    const claim = (address: string) =>
      database
        .runAs(signedIn(attacker), (tx) =>
          tx.query('update public.users set email = $1 where id = $2', [address, attacker.id]),
        )
        .catch(() => undefined);
    await claim('friend@example.com');
    await asUser(friend, `update public.users set name = 'Friend' where id = $1`, [friend.id]);
    // An address nobody has registered yet, then its owner signs up.
    await claim('colleague@example.com');
    const colleague = await createAuthUser({ database, email: 'colleague@example.com' }).catch(() => null);
    expect(await lookup(owner, 'friend@example.com')).toEqual([
      { id: friend.id, email: 'friend@example.com' },
    ]);
    expect(await lookup(owner, 'colleague@example.com')).toEqual([
      { id: colleague?.id, email: 'colleague@example.com' },
    ]);
    // What a share dialog would show for the attacker.
    const [profile] = await asUser<{ email: string }>(
      attacker,
      'select email from public.users where id = $1',
      [attacker.id],
    );
    expect(profile?.email).toBe('mallory@example.com');
  });

  it('the lookup ignores case and spaces', async () => {
    expect(await lookup(owner, '  FRIEND@Example.COM ')).toEqual([
      { id: friend.id, email: 'friend@example.com' },
    ]);
  });

  it('an account whose e-mail was never confirmed is not found', async () => {
    await createAuthUser({ database, email: 'unconfirmed@example.com', confirmed: false });
    expect(await lookup(owner, 'unconfirmed@example.com')).toEqual([]);
  });

  it('two profiles cannot hold one address, whatever its case', async () => {
    const outcome = await attempt({
      database,
      auth: { role: 'service_role', claims: { role: 'service_role' } },
      sql: `update public.users set email = 'Friend@Example.com' where id = $1`,
      parameters: [attacker.id],
    });
    expect(outcome.error?.code).toBe('23505');
  });

  it("the profile follows the account's e-mail when the auth service changes it", async () => {
    const user = await createAuthUser({ database, email: 'old@example.com' });
    await database.pg.query(`update auth.users set email = 'new@example.com' where id = $1`, [user.id]);
    expect(await lookup(owner, 'new@example.com')).toEqual([{ id: user.id, email: 'new@example.com' }]);
  });
});

describe('invitations', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await createFolder(owner, 'URGENT: re-enter your password');
    await asUser(owner, `insert into public.writings (title, category_id) values ('A quasar', $1)`, [folder]);
  });

  it('a pending invitation gives no access, and the recipient sees who invited them to what', async () => {
    const share = await invite(folder, friend);
    expect(await reach(friend, folder)).toEqual({ folders: 0, writings: 0, found: 0 });
    const write = await attempt({
      database,
      auth: signedIn(friend),
      sql: `insert into public.writings (title, category_id) values ('Mine', $1) returning id`,
      parameters: [folder],
    });
    expect(write.error?.code).toBe('42501');
    expect(
      await asUser(
        friend,
        'select share_id, category_name, permission_level, owner_name, owner_email from public.list_folder_invitations()',
      ),
    ).toEqual([
      {
        share_id: share,
        category_name: 'URGENT: re-enter your password',
        permission_level: 'write',
        owner_name: 'Owner',
        owner_email: 'owner@example.com',
      },
    ]);
    expect(await asUser(attacker, 'select share_id from public.list_folder_invitations()')).toEqual([]);
  });

  it('the owner cannot mark an invitation accepted; nobody but the recipient accepts it', async () => {
    const [share] = await asUser<{ id: string }>(
      owner,
      'select id from public.category_shares where category_id = $1',
      [folder],
    );
    const byOwner = await attempt({
      database,
      auth: signedIn(owner),
      sql: 'update public.category_shares set accepted_at = now() where id = $1',
      parameters: [share?.id],
    });
    expect(byOwner.error?.code).toBe('42501');
    const insertAccepted = await attempt({
      database,
      auth: signedIn(owner),
      sql: `insert into public.category_shares (category_id, shared_with_user_id, accepted_at) values ($1, $2, now())`,
      parameters: [folder, attacker.id],
    });
    expect(insertAccepted.error?.code).toBe('42501');
    const byStranger = await attempt({
      database,
      auth: signedIn(attacker),
      sql: 'select public.accept_folder_invitation($1)',
      parameters: [share?.id],
    });
    expect(byStranger.error?.code).toBe('P0002');
    expect(await reach(friend, folder)).toEqual({ folders: 0, writings: 0, found: 0 });
  });

  it('accepting gives the access the invitation offered; the recipient cannot change its permission', async () => {
    await acceptInvitations({ database, recipient: friend });
    expect(await reach(friend, folder)).toEqual({ folders: 1, writings: 1, found: 1 });
    expect(await asUser(friend, 'select * from public.list_folder_invitations()')).toEqual([]);
    const upgrade = await attempt({
      database,
      auth: signedIn(friend),
      sql: `update public.category_shares set permission_level = 'read' where category_id = $1 returning id`,
      parameters: [folder],
    });
    expect(upgrade.rows ?? []).toEqual([]);
  });

  it('a share handed to someone else is a new invitation', async () => {
    await asUser(owner, 'update public.category_shares set shared_with_user_id = $1 where category_id = $2', [
      attacker.id,
      folder,
    ]);
    expect(await reach(attacker, folder)).toEqual({ folders: 0, writings: 0, found: 0 });
    await asUser(owner, 'delete from public.category_shares where category_id = $1', [folder]);
  });

  it('declining (deleting the share) removes the invitation and never gives access', async () => {
    const other = await createFolder(owner, 'Declined');
    const share = await invite(other, friend, 'read');
    expect(
      await asUser(friend, 'delete from public.category_shares where id = $1 returning id', [share]),
    ).toEqual([{ id: share }]);
    expect(await asUser(friend, 'select * from public.list_folder_invitations()')).toEqual([]);
    expect(await reach(friend, other)).toMatchObject({ folders: 0, writings: 0 });
  });

  it("an owner sees the profile of someone they invited; the invitee sees no other member's", async () => {
    const team = await createFolder(owner, 'Team');
    await invite(team, attacker, 'read');
    const profiles = (user: User) =>
      asUser<{ id: string }>(user, 'select id from public.users where id = any($1)', [
        [owner.id, attacker.id],
      ]);
    expect((await profiles(owner)).map((row) => row.id).sort()).toEqual([owner.id, attacker.id].sort());
    expect(await profiles(attacker)).toEqual([{ id: attacker.id }]);
  });

  it("the seed's demo share is accepted: friend sees the Essays folder", async () => {
    const seeded = await openMigratedDatabase({ seed: true });
    try {
      await applySeed({ database: seeded });
      const rows = await seeded.runAs(
        signedIn({ id: 'f0000000-0000-4000-8000-000000000002', email: 'friend@example.com' }),
        async (tx) => (await tx.query<{ name: string }>(`select name from public.categories`)).rows,
      );
      expect(rows).toEqual([{ name: 'Essays' }]);
    } finally {
      await seeded.close();
    }
  });
});
