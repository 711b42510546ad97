-- A writing's `updated_at` is when its text last changed (its title or content). It is the version a
-- writer's edit is checked against before it is saved (mf-writings/src/features/offline-store/sync-steps.ts).
-- A move into a folder changed it too: the next edit of a writing the writer had just moved was taken for
-- a change made elsewhere, and a "(conflicted copy)" was made of it. A move now leaves it as it was. It
-- is still the server's clock, whatever the client sends.
create function public.set_writing_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.title is distinct from old.title or new.content is distinct from old.content then
    new.updated_at := now();
  else
    new.updated_at := old.updated_at;
  end if;
  return new;
end
$$;

drop trigger writings_set_updated_at on public.writings;
create trigger writings_set_updated_at
  before update on public.writings
  for each row execute function public.set_writing_updated_at();
