-- Row-level security on every table. Owners have full rights on their rows; a folder shared `read` lets
-- the recipient read it and its items; `write` also lets them create items in it, edit them and move
-- items into it. Only the owner renames, deletes or shares a folder; a recipient may leave (delete its
-- share). Every policy is for `authenticated`: anonymous requests see and change nothing.
-- `(select auth.uid())` is evaluated once per statement instead of once per row.

-- Folder access checks. Security definer so that policies on categories, category_shares and the items
-- can consult both tables without recursing into each other's policies.
create function public.is_category_owner(target_category_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.categories c where c.id = target_category_id and c.user_id = (select auth.uid())
  )
$$;

create function public.can_read_category(target_category_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.categories c where c.id = target_category_id and c.user_id = (select auth.uid())
  ) or exists (
    select 1
    from public.category_shares s
    where s.category_id = target_category_id and s.shared_with_user_id = (select auth.uid())
  )
$$;

create function public.can_write_category(target_category_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.categories c where c.id = target_category_id and c.user_id = (select auth.uid())
  ) or exists (
    select 1
    from public.category_shares s
    where s.category_id = target_category_id
      and s.shared_with_user_id = (select auth.uid())
      and s.permission_level = 'write'
  )
$$;

-- True when the signed-in user and `other_user_id` are both members (owner or recipient) of one folder.
create function public.shares_category_with(other_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with members as (
    select c.id as category_id, c.user_id from public.categories c
    union all
    select s.category_id, s.shared_with_user_id from public.category_shares s
  )
  select exists (
    select 1
    from members mine
    join members theirs on theirs.category_id = mine.category_id
    where mine.user_id = (select auth.uid()) and theirs.user_id = other_user_id
  )
$$;

revoke execute on function public.is_category_owner(uuid), public.can_read_category(uuid),
  public.can_write_category(uuid), public.shares_category_with(uuid) from public, anon;
grant execute on function public.is_category_owner(uuid), public.can_read_category(uuid),
  public.can_write_category(uuid), public.shares_category_with(uuid) to authenticated, service_role;

-- users: profiles are created and deleted with the auth user; a user may edit their own.
alter table public.users enable row level security;

create policy "Profiles are readable by their user and by folder collaborators"
  on public.users for select to authenticated
  using (id = (select auth.uid()) or public.shares_category_with(id));

create policy "Users update their own profile"
  on public.users for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- categories
alter table public.categories enable row level security;

create policy "Folders are readable by their owner and their recipients"
  on public.categories for select to authenticated
  using (user_id = (select auth.uid()) or public.can_read_category(id));

create policy "Users create their own folders"
  on public.categories for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Only the owner renames a folder"
  on public.categories for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Only the owner deletes a folder"
  on public.categories for delete to authenticated
  using (user_id = (select auth.uid()));

-- category_shares
alter table public.category_shares enable row level security;

create policy "Shares are readable by the folder's owner and recipients"
  on public.category_shares for select to authenticated
  using (shared_with_user_id = (select auth.uid()) or public.can_read_category(category_id));

create policy "Only the owner shares a folder"
  on public.category_shares for insert to authenticated
  with check (public.is_category_owner(category_id));

create policy "Only the owner changes a share"
  on public.category_shares for update to authenticated
  using (public.is_category_owner(category_id))
  with check (public.is_category_owner(category_id));

create policy "The owner removes a share and a recipient leaves"
  on public.category_shares for delete to authenticated
  using (shared_with_user_id = (select auth.uid()) or public.is_category_owner(category_id));

-- writings and ideas: the same rules. An item outside any folder is its owner's alone; an item in a
-- folder may be written only by those who can write the folder, so WITH CHECK on category_id also
-- governs moving items into folders.
alter table public.writings enable row level security;

create policy "Writings are readable by their owner and by readers of their folder"
  on public.writings for select to authenticated
  using (user_id = (select auth.uid()) or (category_id is not null and public.can_read_category(category_id)));

create policy "Users create writings of their own, in folders they can write"
  on public.writings for insert to authenticated
  with check (
    user_id = (select auth.uid()) and (category_id is null or public.can_write_category(category_id))
  );

create policy "Writings are edited by their owner and by writers of their folder"
  on public.writings for update to authenticated
  using (user_id = (select auth.uid()) or (category_id is not null and public.can_write_category(category_id)))
  with check (
    (category_id is null and user_id = (select auth.uid()))
    or (category_id is not null and public.can_write_category(category_id))
  );

create policy "Writings are deleted by their owner and by the folder's owner"
  on public.writings for delete to authenticated
  using (user_id = (select auth.uid()) or (category_id is not null and public.is_category_owner(category_id)));

alter table public.ideas enable row level security;

create policy "Ideas are readable by their owner and by readers of their folder"
  on public.ideas for select to authenticated
  using (user_id = (select auth.uid()) or (category_id is not null and public.can_read_category(category_id)));

create policy "Users create ideas of their own, in folders they can write"
  on public.ideas for insert to authenticated
  with check (
    user_id = (select auth.uid()) and (category_id is null or public.can_write_category(category_id))
  );

create policy "Ideas are edited by their owner and by writers of their folder"
  on public.ideas for update to authenticated
  using (user_id = (select auth.uid()) or (category_id is not null and public.can_write_category(category_id)))
  with check (
    (category_id is null and user_id = (select auth.uid()))
    or (category_id is not null and public.can_write_category(category_id))
  );

create policy "Ideas are deleted by their owner and by the folder's owner"
  on public.ideas for delete to authenticated
  using (user_id = (select auth.uid()) or (category_id is not null and public.is_category_owner(category_id)));

-- attachments: the uploader's, attached only to writings the uploader may edit.
create function public.can_write_writing(target_writing_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.writings w
    where w.id = target_writing_id
      and (w.user_id = (select auth.uid()) or (w.category_id is not null and public.can_write_category(w.category_id)))
  )
$$;

revoke execute on function public.can_write_writing(uuid) from public, anon;
grant execute on function public.can_write_writing(uuid) to authenticated, service_role;

alter table public.attachments enable row level security;

create policy "Attachments are readable by their owner"
  on public.attachments for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users record their own attachments"
  on public.attachments for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (writing_id is null or public.can_write_writing(writing_id))
  );

create policy "Attachments are edited by their owner"
  on public.attachments for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (writing_id is null or public.can_write_writing(writing_id))
  );

create policy "Attachments are deleted by their owner"
  on public.attachments for delete to authenticated
  using (user_id = (select auth.uid()));

-- chat_sessions and chat_messages: the owner only.
alter table public.chat_sessions enable row level security;

create policy "Chat sessions belong to their owner"
  on public.chat_sessions for all to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

alter table public.chat_messages enable row level security;

create policy "Chat messages belong to the owner of their session"
  on public.chat_messages for all to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.chat_sessions s where s.id = session_id and s.user_id = (select auth.uid())
    )
  );

-- subscriptions and usage_counters: readable by the owner; written by the service role (webhooks,
-- functions) or, for usage, through public.increment_usage. Revoking the write privileges makes an
-- attempt fail loudly (42501) instead of silently matching no row.
alter table public.subscriptions enable row level security;

create policy "Subscriptions are readable by their owner"
  on public.subscriptions for select to authenticated
  using (user_id = (select auth.uid()));

revoke insert, update, delete, truncate on public.subscriptions from anon, authenticated;

alter table public.usage_counters enable row level security;

create policy "Usage counters are readable by their owner"
  on public.usage_counters for select to authenticated
  using (user_id = (select auth.uid()));

revoke insert, update, delete, truncate on public.usage_counters from anon, authenticated;
