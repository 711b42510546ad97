-- A writing's `created_at` is when the writer made it. Writings made offline reach the server later, and
-- several in one insert (mf-writings/src/features/offline-store/sync-steps.ts, syncCreates): with the
-- server's now() alone, every row of that insert had the same time, the sync's, and the list (newest
-- first, then by id) showed them in a random order. The client now sends the time its device made each
-- one. A time later than the server's now is taken as now: a device whose clock runs ahead never lists a
-- writing above the ones made after it. A row sent without one gets now, as before.
create function public.writings_created_not_later() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.created_at := least(coalesce(new.created_at, now()), now());
  return new;
end
$$;

create trigger writings_created_not_later
  before insert on public.writings
  for each row execute function public.writings_created_not_later();
