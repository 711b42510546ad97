-- A writing left as an untouched draft is deleted by the workspace (docs/product.md: leaving an
-- 'Untitled' writing with no text deletes it). Such a draft counted one of the month's documents when it
-- was made (count_new_writing, 20261125000200_billing_mirror.sql): three News pressed and left used up a
-- Free month. Deleted by its owner in the month it was made, an untouched draft gives its use back; a
-- writing with a title or text of its own does not, whoever deletes it.
create function public.uncount_abandoned_writing() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  period record;
begin
  if coalesce(auth.role(), '') <> 'authenticated' or auth.uid() is distinct from old.user_id then
    return old;
  end if;
  if lower(btrim(old.title)) <> 'untitled' or btrim(old.content_text, E' \t\r\n') <> '' then
    return old;
  end if;
  select * into period from public.usage_period('documents');
  if old.created_at < period.period_start::timestamp at time zone 'utc' then
    return old;
  end if;
  update public.usage_counters counter set count = counter.count - 1
   where counter.user_id = old.user_id and counter.metric = 'documents'
     and counter.period_start = period.period_start and counter.count > 0;
  return old;
end
$$;

revoke execute on function public.uncount_abandoned_writing() from public, anon, authenticated;

create trigger writings_uncount_abandoned
  after delete on public.writings
  for each row execute function public.uncount_abandoned_writing();
