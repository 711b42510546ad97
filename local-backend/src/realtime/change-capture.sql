-- Local-only change capture for realtime (never part of a migration): hosted Supabase streams the
-- tables of the `supabase_realtime` publication from the write-ahead log; locally each of those tables
-- gets an AFTER ROW trigger that notifies channel `local_realtime`. Runs at every start, after the
-- migrations, so the triggers always follow the publication. Idempotent.
--
-- The notification names the change only (schema, table, type, primary key): pg_notify refuses
-- payloads over 8000 bytes, and that error would abort the user's write (notes/supabase-protocol.md
-- §7.2). Each subscriber re-reads the row under its own role instead.

create schema if not exists local_realtime;
grant usage on schema local_realtime to anon, authenticated, service_role;

-- Trigger arguments: the table's primary key columns.
create or replace function local_realtime.notify_change() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  changed_row jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  primary_key jsonb := '{}'::jsonb;
  key_column text;
begin
  foreach key_column in array tg_argv loop
    primary_key := primary_key || jsonb_build_object(key_column, changed_row -> key_column);
  end loop;
  -- Lowercase channel name: PGlite's listen() lowercases the name it listens on (§7.3).
  perform pg_notify('local_realtime', jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'primary_key', primary_key,
    'commit_timestamp', now()
  )::text);
  return null;
end
$$;

do $$
declare
  published record;
  stale record;
begin
  -- One trigger per published table that has a primary key (without one a row cannot be re-read).
  for published in
    select c.oid as relation,
           -- Schema-qualified: regclass output omits a schema on the search path, the functions have none.
           format('%I.%I', n.nspname, c.relname) as qualified_name,
           string_agg(quote_literal(a.attname), ', ' order by array_position(i.indkey::int2[], a.attnum)) as key_columns,
           -- Each key column compared with its value cast from the JSON text: an indexable condition
           -- even in PL/pgSQL's cached generic plan (see below).
           string_agg(
             format('t.%I = (primary_key ->> %L)::%s', a.attname, a.attname, format_type(a.atttypid, a.atttypmod)),
             ' and '
           ) as key_match
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    join pg_index i on i.indrelid = c.oid and i.indisprimary
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
    where p.pubname = 'supabase_realtime'
    group by c.oid, n.nspname, c.relname
  loop
    execute format(
      'create or replace trigger local_realtime_notify after insert or update or delete on %s '
        'for each row execute function local_realtime.notify_change(%s)',
      published.relation::regclass, published.key_columns
    );

    -- local_realtime."visible_to_<table oid>"(claims_list, primary_key): which of several subscribers
    -- (their JWT claims, all under the transaction's current role) may see a row. Row-level security
    -- decides per subscriber, exactly as for a request; each loop pass is a new execution, so policies'
    -- `(select auth.uid())` init plans see the claims just set. One call for all of a change's
    -- subscribers instead of a transaction each, and static SQL so PL/pgSQL caches its plan: PGlite's
    -- per-statement cost dominates (§6e), and a change must reach 50 subscribers within 100 ms.
    execute format(
      $function$
      create or replace function local_realtime.%1$I(claims_list text[], primary_key jsonb) returns boolean[]
      language plpgsql
      set search_path = ''
      as $body$
      declare
        visibility boolean[] := '{}';
        claims text;
      begin
        foreach claims in array claims_list loop
          perform set_config('request.jwt.claims', claims, true);
          visibility := visibility || exists (
            select from %2$s t where %3$s
          );
        end loop;
        return visibility;
      end
      $body$
      $function$,
      'visible_to_' || published.relation, published.qualified_name, published.key_match
    );
    execute format('revoke execute on function local_realtime.%I(text[], jsonb) from public',
      'visible_to_' || published.relation);
    execute format('grant execute on function local_realtime.%I(text[], jsonb) to anon, authenticated, service_role',
      'visible_to_' || published.relation);
  end loop;

  -- Tables that left the publication stop notifying.
  for stale in
    select t.tgrelid::regclass as relation
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'local_realtime_notify'
      and not exists (
        select from pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger local_realtime_notify on %s', stale.relation);
  end loop;
end
$$;
