-- GoTrue's internal tables that the local /auth/v1 endpoints need, next to auth.users and auth.identities
-- (platform.sql). Column names follow GoTrue's migrations; only what the local endpoints use is here.
-- Only the superuser (the auth endpoints) touches them: no grants to the API roles.
-- Runs at every start: idempotent.

-- One row per signed-in device. An access token's `session_id` claim points here; logout deletes rows.
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamp,
  aal text not null default 'aal1',
  not_after timestamptz,
  user_agent text,
  ip inet
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Rotated refresh tokens: each use revokes the token and issues a child (`parent` = the old token).
-- `updated_at` of a revoked token is when it was rotated, for the reuse window.
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id varchar(255) not null,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  parent varchar(255),
  session_id uuid not null references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- Links sent by mail (confirmation, recovery, e-mail change). Only a SHA-256 of the token is stored.
do $$
begin
  if not exists (
    select from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'auth' and t.typname = 'one_time_token_type'
  ) then
    create type auth.one_time_token_type as enum (
      'confirmation_token',
      'reauthentication_token',
      'recovery_token',
      'email_change_token_new',
      'email_change_token_current',
      'phone_change_token'
    );
  end if;
end
$$;

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  constraint one_time_tokens_user_id_token_type_key unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);

-- PKCE: a verified link redirects with `?code=<auth_code>`, exchanged with the code verifier.
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  code_challenge text not null,
  provider_type text not null,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);

-- How each session was authenticated (`password`, `otp`, ...): the access token's `amr` claim, kept
-- across refreshes.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
