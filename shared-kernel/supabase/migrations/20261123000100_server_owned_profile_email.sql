-- A profile's e-mail is the server's (issue: a user could set theirs to a friend's address and receive
-- the folders shared "with" that address). It mirrors auth.users through handle_auth_user_change
-- (20261122000100_core_schema.sql); users may edit only their name and avatar.

-- Profiles whose e-mail was edited through the API take their account's address back before the
-- unique index is built.
update public.users u
set email = a.email
from auth.users a
where a.id = u.id and u.email is distinct from a.email;

-- One profile per address, whatever its case; also the index lookup_user_by_email searches.
drop index if exists public.users_lower_email_idx;
create unique index users_lower_email_key on public.users (lower(email));

-- The update policy covers whole rows; column privileges decide which columns.
revoke update on public.users from anon, authenticated;
grant update (name, avatar_url) on public.users to authenticated;

-- Sharing by e-mail finds the account whose verified auth e-mail it is (case-insensitive, spaces
-- trimmed): an unconfirmed sign-up cannot claim an address. The profile index narrows the search,
-- auth.users has the last word (a soft-deleted account is nobody to share with).
create or replace function public.lookup_user_by_email(user_email text)
returns table (id uuid, email text, name text, avatar_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, a.email::text, u.name, u.avatar_url
  from public.users u
  join auth.users a on a.id = u.id
  where (select auth.uid()) is not null
    and lower(u.email) = lower(btrim(user_email))
    and lower(a.email) = lower(btrim(user_email))
    and a.email_confirmed_at is not null
    and a.deleted_at is null
  limit 1
$$;

revoke execute on function public.lookup_user_by_email(text) from public, anon;
grant execute on function public.lookup_user_by_email(text) to authenticated, service_role;
