import type { Transaction } from '@electric-sql/pglite';

/** Anything that runs a parameterised query: the superuser instance or one of its transactions. */
export type Queryable = Pick<Transaction, 'query'>;

/** The auth.users columns the endpoints read, with the user's identities. */
export interface UserRecord {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
  identities: IdentityRecord[];
}

/** An auth.identities row as `to_jsonb` returns it (timestamps are strings there). */
interface IdentityRecord {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

const selectUser = `
  select u.id, u.aud, u.role, u.email, u.encrypted_password, u.email_confirmed_at, u.confirmed_at,
         u.confirmation_sent_at, u.recovery_sent_at, u.email_change, u.email_change_sent_at, u.last_sign_in_at,
         coalesce(u.raw_app_meta_data, '{}') as raw_app_meta_data,
         coalesce(u.raw_user_meta_data, '{}') as raw_user_meta_data,
         u.is_anonymous, u.created_at, u.updated_at,
         coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id),
                  '[]') as identities
  from auth.users u`;

/** The user with this (lower-cased) e-mail, or undefined. */
export async function findUserByEmail({ db, email }: { db: Queryable; email: string }) {
  const result = await db.query<UserRecord>(
    `${selectUser} where lower(u.email) = $1 and u.deleted_at is null`,
    [email],
  );
  return result.rows[0];
}

/** The user with this id, or undefined. */
export async function findUserById({ db, id }: { db: Queryable; id: string }) {
  const result = await db.query<UserRecord>(`${selectUser} where u.id = $1 and u.deleted_at is null`, [id]);
  return result.rows[0];
}

/**
 * Creates an e-mail/password user and its `email` identity, as GoTrue's signup does. The product
 * migration's trigger on auth.users copies the profile into public.users.
 */
export async function insertUser({
  db,
  email,
  passwordHash,
  confirmed,
  data,
}: {
  db: Queryable;
  email: string;
  passwordHash: string;
  confirmed: boolean;
  data: Record<string, unknown>;
}): Promise<UserRecord> {
  const id = crypto.randomUUID();
  const identityData = { sub: id, email, email_verified: confirmed, phone_verified: false };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, is_sso_user, is_anonymous, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4::boolean then now() end, case when not $4::boolean then now() end,
       '{"provider":"email","providers":["email"]}', $5, false, false, now(), now())`,
    [id, email, passwordHash, confirmed, JSON.stringify({ ...data, ...identityData })],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2, 'email', now(), now())`,
    [id, JSON.stringify(identityData)],
  );
  const user = await findUserById({ db, id });
  if (!user) throw new Error('inserted user not found');
  return user;
}

/** Records a sign-in on the user and its identities. */
export async function touchLastSignIn({ db, id }: { db: Queryable; id: string }): Promise<void> {
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [id]);
  await db.query(
    'update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1',
    [id],
  );
}

/** Confirms the user's e-mail (signup link, or a recovery link of a never-confirmed user). */
export async function confirmEmail({ db, id }: { db: Queryable; id: string }): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified":true}'
     where id = $1`,
    [id],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified":true}', updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [id],
  );
}

/** Sets a new password hash. */
export async function updatePassword({
  db,
  id,
  passwordHash,
}: {
  db: Queryable;
  id: string;
  passwordHash: string;
}) {
  await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
    id,
    passwordHash,
  ]);
}

/** Replaces the user metadata (already merged by the caller). */
export async function updateUserMetadata({
  db,
  id,
  userMetadata,
}: {
  db: Queryable;
  id: string;
  userMetadata: Record<string, unknown>;
}): Promise<void> {
  await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
    id,
    JSON.stringify(userMetadata),
  ]);
}

/** Records an e-mail change waiting for its confirmation link. */
export async function requestEmailChange({ db, id, email }: { db: Queryable; id: string; email: string }) {
  await db.query(
    'update auth.users set email_change = $2, email_change_sent_at = now(), updated_at = now() where id = $1',
    [id, email],
  );
}

/** Moves the user (and its e-mail identity) to a new address. */
export async function changeEmail({
  db,
  id,
  email,
}: {
  db: Queryable;
  id: string;
  email: string;
}): Promise<void> {
  await db.query(
    `update auth.users set email = $2::text, email_change = '', email_change_sent_at = null, updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || jsonb_build_object('email', $2::text)
     where id = $1`,
    [id, email],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [id, email],
  );
}

/** Marks when a recovery mail was sent. */
export async function markRecoverySent({ db, id }: { db: Queryable; id: string }): Promise<void> {
  await db.query('update auth.users set recovery_sent_at = now() where id = $1', [id]);
}

/** Marks when a confirmation mail was sent. */
export async function markConfirmationSent({ db, id }: { db: Queryable; id: string }): Promise<void> {
  await db.query('update auth.users set confirmation_sent_at = now() where id = $1', [id]);
}

const isoOrNull = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

/** The User object of GoTrue's JSON (docs/backend.md, protocol fact 4). */
export function toUserJson(user: UserRecord) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: isoOrNull(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: isoOrNull(user.confirmation_sent_at),
    confirmed_at: isoOrNull(user.confirmed_at),
    recovery_sent_at: isoOrNull(user.recovery_sent_at),
    ...(user.email_change
      ? { new_email: user.email_change, email_change_sent_at: isoOrNull(user.email_change_sent_at) }
      : {}),
    last_sign_in_at: isoOrNull(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: user.identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: isoOrNull(identity.last_sign_in_at),
      created_at: isoOrNull(identity.created_at),
      updated_at: isoOrNull(identity.updated_at),
      email: identity.email,
    })),
    created_at: isoOrNull(user.created_at),
    updated_at: isoOrNull(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}
