-- Local-only change capture for realtime (never part of a migration): hosted Supabase streams the
-- tables of the `supabase_realtime` publication from the write-ahead log; locally each of those tables
-- gets an AFTER ROW trigger that notifies channel `local_realtime`. Runs at every start, after the
-- migrations, so the triggers always follow the publication. Idempotent.
--
-- The notification names the change only (schema, table, type, primary key): pg_notify refuses
-- payloads over 8000 bytes, and that error would abort the user's write (docs/backend.md, PGlite fact 4). Each subscriber re-reads the row under its own role instead.

create schema if not exists local_realtime;
grant usage on schema local_realtime to anon, authenticated, service_role;

-- A deleted row, whole, until realtime has decided who may hear of its deletion (the row is gone, so its
-- filters and read policies are evaluated on this copy). Realtime removes each row as it delivers it;
-- rows left by a stop in between are of no use after a restart.
create table if not exists local_realtime.deleted_rows (
  id bigint generated always as identity primary key,
  old_row jsonb not null
);
revoke all on local_realtime.deleted_rows from public, anon, authenticated, service_role;
truncate local_realtime.deleted_rows;

-- Trigger arguments: the table's primary key columns. Security definer: it writes deleted_rows, which
-- no API role may touch.
create or replace function local_realtime.notify_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed_row jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  primary_key jsonb := '{}'::jsonb;
  key_column text;
  deleted_row bigint;
begin
  foreach key_column in array tg_argv loop
    primary_key := primary_key || jsonb_build_object(key_column, changed_row -> key_column);
  end loop;
  if tg_op = 'DELETE' then
    insert into local_realtime.deleted_rows (old_row) values (changed_row) returning id into deleted_row;
  end if;
  -- Lowercase channel name: PGlite's listen() lowercases the name it listens on (docs/backend.md, PGlite fact 5).
  perform pg_notify('local_realtime', jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'primary_key', primary_key,
    'deleted_row', deleted_row,
    'commit_timestamp', now()
  )::text);
  return null;
end
$$;

do $$
declare
  published record;
  stale record;
  readable text;
  reader text;
  search_path_before text := current_setting('search_path');
begin
  -- One trigger per published table that has a primary key (without one a row cannot be re-read).
  for published in
    select c.oid as relation,
           -- Schema-qualified: regclass output omits a schema on the search path, the functions have none.
           format('%I.%I', n.nspname, c.relname) as qualified_name,
           c.relname as table_name,
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
    -- per-statement cost dominates (docs/backend.md, PGlite fact 7), and a change must reach its
    -- subscribers within the realtime budget (docs/architecture.md, Budgets). The subscriber's id is set
    -- apart as well (`request.jwt.claim.sub`, which auth.uid() reads first): the claims are then parsed
    -- once per subscriber, not once per auth.uid() in the policies (three for a shared folder's row).
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
          perform set_config('request.jwt.claim.sub', coalesce(claims::jsonb ->> 'sub', ''), true);
          visibility := visibility || exists (
            select from %2$s t where %3$s
          );
        end loop;
        -- Nothing after this call reads the last subscriber's id in place of its own claims' (a request
        -- sets only the claims).
        perform set_config('request.jwt.claim.sub', '', true);
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

    -- local_realtime."readable_by_<table oid>_<role>"(claims_list, old_row): as visible_to above, for a
    -- row that is gone (a DELETE), judged on its last version by the table's SELECT policies as Postgres
    -- combines them for that role: any permissive policy that applies to it, and every restrictive one;
    -- all rows when row-level security is off or the role bypasses it. One function per API role, as
    -- Postgres checks the privileges of every function a statement names, even in a policy that does not
    -- apply to the role running it. Printed with an empty search_path, so every name in the policies is
    -- schema-qualified as the function's own empty search_path needs.
    foreach reader in array array['anon', 'authenticated', 'service_role'] loop
      perform set_config('search_path', '', true);
      select case
        when not c.relrowsecurity or r.rolbypassrls then 'true'
        else format(
          '(%s) and (%s)',
          coalesce(string_agg(policy.qual, ' or ') filter (where policy.permissive), 'false'),
          coalesce(string_agg(policy.qual, ' and ') filter (where not policy.permissive), 'true')
        )
      end
      into readable
      from pg_class c
      join pg_roles r on r.rolname = reader
      left join lateral (
        select p.polpermissive as permissive,
               coalesce('(' || pg_get_expr(p.polqual, p.polrelid) || ')', 'true') as qual
        from pg_policy p
        where p.polrelid = c.oid
          and p.polcmd in ('r', '*')
          and (0 = any (p.polroles) or exists (
            select from unnest(p.polroles) as role_oid where pg_has_role(reader, role_oid, 'member')
          ))
      ) policy on true
      where c.oid = published.relation
      group by c.relrowsecurity, r.rolbypassrls;
      perform set_config('search_path', search_path_before, true);

      execute format(
        $function$
        create or replace function local_realtime.%1$I(claims_list text[], old_row jsonb) returns boolean[]
        language plpgsql
        set search_path = ''
        as $body$
        declare
          visibility boolean[] := '{}';
          claims text;
        begin
          foreach claims in array claims_list loop
            perform set_config('request.jwt.claims', claims, true);
            perform set_config('request.jwt.claim.sub', coalesce(claims::jsonb ->> 'sub', ''), true);
            visibility := visibility || exists (
              select from jsonb_populate_record(null::%2$s, old_row) as %3$I where %4$s
            );
          end loop;
          -- Nothing after this call reads the last subscriber's id in place of its own claims' (a request
          -- sets only the claims).
          perform set_config('request.jwt.claim.sub', '', true);
          return visibility;
        end
        $body$
        $function$,
        format('readable_by_%s_%s', published.relation, reader), published.qualified_name,
        published.table_name, readable
      );
      execute format('revoke execute on function local_realtime.%I(text[], jsonb) from public',
        format('readable_by_%s_%s', published.relation, reader));
      execute format('grant execute on function local_realtime.%I(text[], jsonb) to %I',
        format('readable_by_%s_%s', published.relation, reader), reader);
    end loop;
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
