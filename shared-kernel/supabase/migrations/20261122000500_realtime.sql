-- Realtime for every table the workspace subscribes to (docs/data-flow.md, Realtime: refetch and merge): writings and ideas were published by
-- 20261122000400; this adds folders, shares, chat and attachments.
--
-- The publication is the one mechanism, here and on hosted Supabase: there, Realtime streams the tables
-- of `supabase_realtime` from the write-ahead log; the local backend has no WAL stream, so at every start
-- it installs a notify trigger on each table of this same publication (local-backend/src/realtime/
-- change-capture.sql, local-only SQL). No trigger is created by a migration, so nothing local-only ever
-- reaches a hosted database.
do $$
declare
  published_table text;
begin
  -- Every Supabase project has this publication; the guard keeps the file valid on a bare Postgres.
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    return;
  end if;
  foreach published_table in array array['categories', 'category_shares', 'chat_sessions', 'chat_messages',
    'attachments', 'writings', 'ideas']
  loop
    if not exists (
      select from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = published_table
    ) then
      execute format('alter publication supabase_realtime add table public.%I', published_table);
    end if;
  end loop;
end
$$;
