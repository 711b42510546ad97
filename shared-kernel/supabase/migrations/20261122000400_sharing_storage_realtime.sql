-- Finding a user to share a folder with, the image bucket, and the tables realtime publishes.

-- Sharing by e-mail: signed-in users may find a profile by its exact e-mail (case-insensitive), even
-- though profiles are otherwise hidden from strangers. Security definer to see past that RLS;
-- anonymous callers get nothing (and no execute privilege).
create function public.lookup_user_by_email(user_email text)
returns table (id uuid, email text, name text, avatar_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email, u.name, u.avatar_url
  from public.users u
  where (select auth.uid()) is not null and lower(u.email) = lower(btrim(user_email))
  limit 1
$$;

revoke execute on function public.lookup_user_by_email(text) from public, anon;
grant execute on function public.lookup_user_by_email(text) to authenticated, service_role;

-- Images pasted into writings: public read (the editor embeds public URLs), 10 MB, images only.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('photo-clips', 'photo-clips', true, 10485760, array['image/*'])
on conflict (id) do nothing;

-- Users write only under their own folder: `<user id>/...`.
create policy "photo-clips: users read their own folder"
  on storage.objects for select to authenticated
  using (bucket_id = 'photo-clips' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "photo-clips: users upload into their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'photo-clips' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "photo-clips: users replace files in their own folder"
  on storage.objects for update to authenticated
  using (bucket_id = 'photo-clips' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'photo-clips' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "photo-clips: users delete files in their own folder"
  on storage.objects for delete to authenticated
  using (bucket_id = 'photo-clips' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- The workspace subscribes to changes of writings and ideas (docs/data-flow.md, Realtime: refetch and merge).
alter publication supabase_realtime add table public.writings, public.ideas;
