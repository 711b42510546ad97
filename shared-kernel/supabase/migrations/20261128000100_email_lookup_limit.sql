-- Finding a user by e-mail (to share a folder) tells whoever asks whether an address has an account, and
-- anyone can sign up to ask. So the lookup answers only the id a share needs and the address as
-- stored (which the caller typed: two columns keep the answer a list of rows), not the name or picture
-- (those show to collaborators once an invitation exists); and at most 30 lookups per caller per hour:
-- enough for a writer inviting people, too few to sweep a list of addresses.

-- The lookups of the last hour, per caller. No policy: only the lookup (security definer) reads or
-- writes it.
create table public.email_lookups (
  user_id uuid not null references public.users (id) on delete cascade,
  looked_up_at timestamptz not null default now()
);
create index email_lookups_by_caller on public.email_lookups (user_id, looked_up_at);
alter table public.email_lookups enable row level security;
revoke all on public.email_lookups from anon, authenticated;

drop function public.lookup_user_by_email(text);

-- As before (20261123000100), the account whose verified auth e-mail it is, case-insensitive, spaces
-- trimmed, not soft-deleted. Past the limit it raises (PostgREST answers 400): the share fails.
create function public.lookup_user_by_email(user_email text)
returns table (id uuid, email text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null then
    return;
  end if;
  -- One caller's lookups are counted one at a time, so parallel requests cannot pass the limit together.
  perform pg_advisory_xact_lock(hashtext('email_lookups:' || caller::text));
  delete from public.email_lookups l where l.user_id = caller and l.looked_up_at <= now() - interval '1 hour';
  if (select count(*) from public.email_lookups l where l.user_id = caller) >= 30 then
    raise exception 'too many e-mail lookups; try again later' using errcode = 'P0001';
  end if;
  insert into public.email_lookups (user_id) values (caller);
  return query
    select u.id, a.email::text
    from public.users u
    join auth.users a on a.id = u.id
    where lower(u.email) = lower(btrim(user_email))
      and lower(a.email) = lower(btrim(user_email))
      and a.email_confirmed_at is not null
      and a.deleted_at is null
    limit 1;
end
$$;

revoke execute on function public.lookup_user_by_email(text) from public, anon;
grant execute on function public.lookup_user_by_email(text) to authenticated, service_role;
