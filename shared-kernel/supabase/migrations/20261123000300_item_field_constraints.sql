-- Fields a collaborator or a client could otherwise fill with anything.

-- writings.category mirrors the folder's name whoever writes the row: a writer of a shared folder
-- could rename the owner's writing's folder label (it is what the client's `category` filter reads).
-- Security definer so the name is read whatever the caller may see. Outside any folder the label is
-- the owner's own (only the owner can write such a writing).
create or replace function public.sync_writing_category() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.category_id is not null then
    new.category := (select c.name from public.categories c where c.id = new.category_id);
  elsif tg_op = 'UPDATE' and old.category_id is not null then
    new.category := null;
  end if;
  return new;
end
$$;

drop trigger writings_sync_category on public.writings;
create trigger writings_sync_category
  before insert or update of category_id, category on public.writings
  for each row execute function public.sync_writing_category();

-- An attachment records an object of the uploader's own folder of `photo-clips`, as upload-image
-- writes it (`<user id>/<uuid>.<ext>`), and its public URL: an http(s) URL ending in that object's
-- public path (never `javascript:` or another user's file). Path segments are plain names, so `..`
-- cannot climb out. NOT VALID: rows already stored elsewhere are left for cleanup, new and edited rows
-- are checked.
alter table public.attachments
  add constraint attachments_file_path_in_uploader_folder check (
    split_part(file_path, '/', 1) = user_id::text
    and file_path ~ '^[^/]+(/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$'
  ) not valid;

alter table public.attachments
  add constraint attachments_public_url_of_file check (
    public_url is null
    -- substring() is NULL when the URL does not start so, and a NULL check would pass.
    or coalesce(
      public_url = substring(
        public_url from '^https?://[A-Za-z0-9.-]+(?::[0-9]+)?(?:/[A-Za-z0-9._~-]+)*/storage/v1/object/public/photo-clips/'
      ) || file_path,
      false
    )
  ) not valid;
