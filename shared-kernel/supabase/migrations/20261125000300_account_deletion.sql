-- Deleting an account (issue 16). The delete-account function, holding the service role, lists the
-- user's stored files (to remove them through the storage API, which deletes their bytes too), then
-- removes the user: every row of theirs goes with them (on delete cascade from auth.users through
-- public.users: folders, shares both ways, writings, ideas, attachments, chats, subscription, usage).
-- Neither is callable by a user: only the service role, after the function checked the password.

create function public.account_storage_objects(target uuid)
returns table (bucket_id text, name text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.bucket_id, o.name
  from storage.objects o
  where o.owner = target or (storage.foldername(o.name))[1] = target::text
$$;

revoke execute on function public.account_storage_objects(uuid) from public, anon, authenticated;
grant execute on function public.account_storage_objects(uuid) to service_role;

create function public.delete_account(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.users where id = target;
end
$$;

revoke execute on function public.delete_account(uuid) from public, anon, authenticated;
grant execute on function public.delete_account(uuid) to service_role;
