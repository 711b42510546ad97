-- Product tables (docs/data-flow.md, Tables), their foreign keys, list-query indexes and bookkeeping
-- triggers. Row-level security follows in the next migration; search in the one after.

-- Shared trigger: `updated_at` is the server's clock, whatever the client sends.
create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- User profiles, one per auth user, kept in step with auth.users by the triggers below.
create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  name text,
  avatar_url text,
  created_at timestamptz not null default now()
);
-- lookup_user_by_email compares case-insensitively.
create index users_lower_email_idx on public.users (lower(email));

-- Security definer: the auth service inserts into auth.users as a role without rights on public.users.
create function public.handle_auth_user_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  metadata jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  display_name text := coalesce(metadata ->> 'name', metadata ->> 'display_name', metadata ->> 'full_name');
begin
  insert into public.users (id, email, name, avatar_url)
  values (new.id, new.email, display_name, metadata ->> 'avatar_url')
  on conflict (id) do update
    set email = excluded.email,
        name = coalesce(excluded.name, public.users.name),
        avatar_url = coalesce(excluded.avatar_url, public.users.avatar_url);
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_auth_user_change();

create trigger on_auth_user_updated
  after update of email, raw_user_meta_data on auth.users
  for each row
  when (old.email is distinct from new.email or old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function public.handle_auth_user_change();

-- A hosted project may already have users when this migration is pushed.
insert into public.users (id, email, name, avatar_url)
select id,
       email,
       coalesce(raw_user_meta_data ->> 'name', raw_user_meta_data ->> 'display_name',
                raw_user_meta_data ->> 'full_name'),
       raw_user_meta_data ->> 'avatar_url'
from auth.users
on conflict (id) do nothing;

-- Folders, each holding either ideas or writings.
create table public.categories (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  item_type text not null check (item_type in ('idea', 'writing')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Folder lists: by item_type ordered by name (the owner's, and the shared ones through RLS).
create index categories_item_type_name_idx on public.categories (item_type, name);
create index categories_user_id_item_type_name_idx on public.categories (user_id, item_type, name);

create trigger categories_set_updated_at
  before update on public.categories
  for each row execute function public.set_updated_at();

create table public.category_shares (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references public.categories (id) on delete cascade,
  shared_with_user_id uuid not null references public.users (id) on delete cascade,
  permission_level text not null default 'read' check (permission_level in ('read', 'write')),
  created_at timestamptz not null default now(),
  -- Also the index for "shares of a folder" (its leading column).
  constraint category_shares_category_id_shared_with_user_id_key unique (category_id, shared_with_user_id)
);
-- "Folders shared with me".
create index category_shares_shared_with_user_id_idx on public.category_shares (shared_with_user_id);

-- A check constraint cannot look at the folder's owner: a trigger refuses sharing with oneself.
create function public.refuse_share_with_owner() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.categories c where c.id = new.category_id and c.user_id = new.shared_with_user_id
  ) then
    raise exception 'A folder cannot be shared with its owner' using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger category_shares_refuse_owner
  before insert or update of category_id, shared_with_user_id on public.category_shares
  for each row execute function public.refuse_share_with_owner();

-- Rich-text documents. The id default also accepts ids made by the client (offline creation).
create table public.writings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  title text not null default 'Untitled',
  -- The folder's name, kept for the client's `category` filter; follows category_id (triggers below).
  category text,
  category_id uuid references public.categories (id) on delete set null,
  content jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index writings_user_id_created_at_idx on public.writings (user_id, created_at desc);
create index writings_category_id_created_at_idx on public.writings (category_id, created_at desc);

create trigger writings_set_updated_at
  before update on public.writings
  for each row execute function public.set_updated_at();

-- Quick notes. The title is derived: the first 60 characters of the content, else 'Untitled'.
create table public.ideas (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  content text not null default '',
  title text generated always as (
    coalesce(nullif(left(btrim(regexp_replace(content, '\s+', ' ', 'g')), 60), ''), 'Untitled')
  ) stored,
  kind text not null default 'note' check (kind = 'note'),
  category_id uuid references public.categories (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ideas_user_id_kind_updated_at_idx on public.ideas (user_id, kind, updated_at desc);
create index ideas_category_id_kind_updated_at_idx on public.ideas (category_id, kind, updated_at desc);

create trigger ideas_set_updated_at
  before update on public.ideas
  for each row execute function public.set_updated_at();

-- A shared folder's writers may edit others' items, but not take them over: through the API an item's
-- owner (user_id) never changes, and only its owner moves it to another folder or out of one. (Folder
-- deletion unassigns items through the foreign key, which does not run as an API role.)
create function public.guard_item_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if new.user_id is distinct from old.user_id then
      raise exception 'The owner (user_id) of an item cannot be changed' using errcode = '42501';
    end if;
    if new.category_id is distinct from old.category_id and old.user_id is distinct from auth.uid() then
      raise exception 'Only the owner of an item moves it to another folder' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;

create trigger writings_guard_update
  before update of user_id, category_id on public.writings
  for each row execute function public.guard_item_update();

create trigger ideas_guard_update
  before update of user_id, category_id on public.ideas
  for each row execute function public.guard_item_update();

-- writings.category mirrors the folder: the folder's name when assigned, NULL when unassigned
-- (also when the folder is deleted: ON DELETE SET NULL fires this update trigger).
create function public.sync_writing_category() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.category_id is null then
    if tg_op = 'UPDATE' and old.category_id is not null then
      new.category := null;
    end if;
  elsif tg_op = 'INSERT' or new.category_id is distinct from old.category_id then
    new.category := coalesce((select c.name from public.categories c where c.id = new.category_id), new.category);
  end if;
  return new;
end
$$;

create trigger writings_sync_category
  before insert or update of category_id on public.writings
  for each row execute function public.sync_writing_category();

-- Renaming a folder renames it in its writings. Security definer: writings of a shared folder belong
-- to other users, and only the folder's owner can rename it.
create function public.propagate_category_rename() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.writings set category = new.name where category_id = new.id and category is distinct from new.name;
  return new;
end
$$;

create trigger categories_propagate_rename
  after update of name on public.categories
  for each row
  when (old.name is distinct from new.name and new.item_type = 'writing')
  execute function public.propagate_category_rename();

-- Uploaded images. writing_id is ON DELETE SET NULL rather than CASCADE: the row is the only record of
-- the file in storage, so an orphaned attachment (writing_id NULL) is what a cleanup job deletes along
-- with its object; a cascade would leave the file behind untracked. Uploads also exist before their
-- writing is saved (the client sets writing_id afterwards).
create table public.attachments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  writing_id uuid references public.writings (id) on delete set null,
  file_path text not null,
  public_url text,
  mime_type text,
  size bigint check (size >= 0),
  created_at timestamptz not null default now()
);
create index attachments_user_id_idx on public.attachments (user_id);
create index attachments_writing_id_idx on public.attachments (writing_id);

-- AI chat. Session ids may be made by the client.
create table public.chat_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  title text not null default 'New Chat',
  is_pinned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chat_sessions_user_id_updated_at_idx on public.chat_sessions (user_id, updated_at desc);

create trigger chat_sessions_set_updated_at
  before update on public.chat_sessions
  for each row execute function public.set_updated_at();

create table public.chat_messages (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references public.chat_sessions (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  parts jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now()
);
create index chat_messages_session_id_created_at_idx on public.chat_messages (session_id, created_at);

-- A new message moves its session to the top of the history.
create function public.touch_chat_session() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.chat_sessions set updated_at = now() where id = new.session_id;
  return new;
end
$$;

create trigger chat_messages_touch_session
  after insert on public.chat_messages
  for each row execute function public.touch_chat_session();

-- Mirror of the payment provider's subscription, one row per user, written by its webhook.
create table public.subscriptions (
  user_id uuid primary key references public.users (id) on delete cascade,
  customer_id text unique,
  subscription_id text unique,
  price_id text,
  status text check (
    status in ('trialing', 'active', 'canceled', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'paused')
  ),
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger subscriptions_set_updated_at
  before update on public.subscriptions
  for each row execute function public.set_updated_at();

-- Usage against the tier limits (docs/product.md, Tiers and limits): API calls and chat messages per day, documents per month.
create table public.usage_counters (
  user_id uuid not null references public.users (id) on delete cascade,
  metric text not null check (metric in ('api_calls', 'documents', 'chat_messages')),
  period_start date not null,
  count integer not null default 0 check (count >= 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, metric, period_start)
);

create trigger usage_counters_set_updated_at
  before update on public.usage_counters
  for each row execute function public.set_updated_at();

-- Adds to the signed-in user's counter for the current period (UTC) and returns the new count.
-- Security definer: users may count their own usage but never write the table directly.
create function public.increment_usage(usage_metric text, amount integer default 1) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_user_id uuid := auth.uid();
  today date := (now() at time zone 'utc')::date;
  new_count integer;
begin
  if current_user_id is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if amount is null or amount < 1 then
    raise exception 'amount must be a positive integer' using errcode = '22023';
  end if;
  insert into public.usage_counters as counter (user_id, metric, period_start, count)
  values (
    current_user_id,
    usage_metric,
    case when usage_metric = 'documents' then date_trunc('month', today)::date else today end,
    amount
  )
  on conflict (user_id, metric, period_start) do update set count = counter.count + excluded.count
  returning counter.count into new_count;
  return new_count;
end
$$;

revoke execute on function public.increment_usage(text, integer) from public, anon;
grant execute on function public.increment_usage(text, integer) to authenticated, service_role;
