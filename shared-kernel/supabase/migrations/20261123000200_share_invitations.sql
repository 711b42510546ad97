-- A share is an invitation: it starts pending and gives no access until its recipient accepts it;
-- declining deletes it. Before this, anyone could put a folder (named, say, "URGENT: re-enter your
-- password at ...") into anyone's sidebar. Access checks below count only accepted shares.

alter table public.category_shares add column accepted_at timestamptz;

-- Shares made before invitations existed were already in use.
update public.category_shares set accepted_at = created_at where accepted_at is null;

-- Owners invite and set the permission; only the recipient accepts (accept_folder_invitation). The
-- policies cover whole rows, column privileges keep accepted_at out of the owner's reach.
revoke insert, update on public.category_shares from anon, authenticated;
grant insert (id, category_id, shared_with_user_id, permission_level) on public.category_shares to authenticated;
grant update (category_id, shared_with_user_id, permission_level) on public.category_shares to authenticated;

-- A share moved to another folder or person is a new invitation: an accepted share must not carry
-- a folder its recipient never accepted, or reach someone else.
create function public.reset_moved_share() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.category_id is distinct from old.category_id or new.shared_with_user_id is distinct from old.shared_with_user_id then
    new.accepted_at := null;
  end if;
  return new;
end
$$;

create trigger category_shares_reset_moved
  before update of category_id, shared_with_user_id on public.category_shares
  for each row execute function public.reset_moved_share();

-- The recipient accepts an invitation. Security definer: recipients may not update shares otherwise
-- (they would also change the permission).
create function public.accept_folder_invitation(share_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.category_shares
  set accepted_at = coalesce(accepted_at, now())
  where id = share_id and shared_with_user_id = (select auth.uid());
  if not found then
    raise exception 'No such invitation' using errcode = 'P0002';
  end if;
end
$$;

-- The signed-in user's pending invitations, newest first: which folder, from whom (the inviter's
-- server-owned e-mail), with what access. Security definer: until accepted, the folder itself is not
-- readable by the recipient.
create function public.list_folder_invitations()
returns table (
  share_id uuid,
  category_id uuid,
  category_name text,
  item_type text,
  permission_level text,
  owner_name text,
  owner_email text,
  created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, c.id, c.name, c.item_type, s.permission_level, u.name, u.email, s.created_at
  from public.category_shares s
  join public.categories c on c.id = s.category_id
  join public.users u on u.id = c.user_id
  where s.shared_with_user_id = (select auth.uid()) and s.accepted_at is null
  order by s.created_at desc
$$;

revoke execute on function public.accept_folder_invitation(uuid), public.list_folder_invitations()
  from public, anon;
grant execute on function public.accept_folder_invitation(uuid), public.list_folder_invitations()
  to authenticated, service_role;

create or replace function public.can_read_category(target_category_id uuid) returns boolean
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
      and s.accepted_at is not null
  )
$$;

create or replace function public.can_write_category(target_category_id uuid) returns boolean
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
      and s.accepted_at is not null
  )
$$;

-- Profiles visible between members (owner and accepted recipients) of one folder; an owner also sees
-- the people they invited, for the share dialog. An invitee sees the inviter through
-- list_folder_invitations only.
create or replace function public.shares_category_with(other_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with members as (
    select c.id as category_id, c.user_id from public.categories c
    union all
    select s.category_id, s.shared_with_user_id from public.category_shares s where s.accepted_at is not null
  )
  select exists (
    select 1
    from members mine
    join members theirs on theirs.category_id = mine.category_id
    where mine.user_id = (select auth.uid()) and theirs.user_id = other_user_id
  ) or exists (
    select 1
    from public.category_shares s
    join public.categories c on c.id = s.category_id
    where c.user_id = (select auth.uid()) and s.shared_with_user_id = other_user_id
  )
$$;

-- Search reads the caller's folders itself (20261122000600_search_speed.sql): the same function with
-- only accepted shares counted.
-- items in folders the caller owns or that are shared with them, computed once instead of by a function
create or replace function public.search_matches(query text, max_results integer default 100)
returns table (source text, id uuid, rank real)
language sql
stable
security definer
set search_path = ''
-- The cost model does not count reading the stored tsvectors in a sequential scan; a bitmap scan over
-- the GIN index is never much worse, even when almost every row matches.
set enable_seqscan = off
-- Every value that depends on the query reaches the plan through the `input` row, so planning each
-- call anew (~4 ms in PGlite for this statement) could not find a better plan than the cached one.
set plan_cache_mode = force_generic_plan
-- At most 100 rows (the default estimate of 1000 made search_workspace join them by hashing both tables).
rows 100
as $$
  with input as materialized (
    select public.search_tsquery(query) as words,
           public.search_like_pattern(query) as pattern,
           (select auth.uid()) as caller,
           least(greatest(coalesce(max_results, 100), 0), 100) as wanted,
           -- Enough candidates that the best `wanted` of them are worth showing; ranking 200 writings
           -- reads ~600 TOAST pages (~5 ms in PGlite).
           200 as candidates
  ), access as materialized (
    select input.*,
           array(
             select c.id from public.categories c where c.user_id = input.caller
             union
             select s.category_id from public.category_shares s
             where s.shared_with_user_id = input.caller and s.accepted_at is not null
           ) as folders
    from input
  ), writing_candidates as (
    (
      select w.id
      from public.writings w, access a
      where w.search_vector @@ a.words and (w.user_id = a.caller or w.category_id = any(a.folders))
      order by w.updated_at desc
      limit (select candidates from access)
    )
    union
    (
      select w.id
      from public.writings w, access a
      where (to_tsvector('english', w.title) @@ a.words or w.title ilike a.pattern)
        and (w.user_id = a.caller or w.category_id = any(a.folders))
      order by w.updated_at desc
      limit (select candidates from access)
    )
  ), idea_candidates as (
    (
      select i.id
      from public.ideas i, access a
      where i.search_vector @@ a.words and (i.user_id = a.caller or i.category_id = any(a.folders))
      order by i.updated_at desc
      limit (select candidates from access)
    )
    union
    (
      select i.id
      from public.ideas i, access a
      where i.title ilike a.pattern and (i.user_id = a.caller or i.category_id = any(a.folders))
      order by i.updated_at desc
      limit (select candidates from access)
    )
  )
  select ranked.source, ranked.id, ranked.rank::real
  from (
    select 'writing' as source, w.id, w.updated_at,
           ts_rank(w.search_vector, a.words)
             + case when w.title ilike a.pattern or to_tsvector('english', w.title) @@ a.words
                 then 0.5 else 0 end as rank
    from writing_candidates c
    join public.writings w on w.id = c.id
    cross join access a
    union all
    select 'idea', i.id, i.updated_at,
           ts_rank(i.search_vector, a.words) + case when i.title ilike a.pattern then 0.5 else 0 end
    from idea_candidates c
    join public.ideas i on i.id = c.id
    cross join access a
  ) as ranked
  order by ranked.rank desc, ranked.updated_at desc
  limit (select wanted from access)
$$;
