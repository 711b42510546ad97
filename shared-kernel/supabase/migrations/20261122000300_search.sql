-- Full-text search over writings and ideas: a generated tsvector with a GIN index for words (with
-- English stemming), and a pg_trgm GIN index for partial words. search_workspace ranks both.

-- Hosted Supabase keeps extensions in schema `extensions`; the local backend creates that schema too.
-- The operator class is therefore always named with its schema below.
create extension if not exists pg_trgm with schema extensions;

-- The plain text of a Tiptap/ProseMirror JSON document: its text nodes in document order, each block
-- and hard break starting a new line (`$.**` walks the tree depth-first, parents before children).
-- A bare JSON string is returned as is; anything else has no text. Plain SQL: about 3.5 times faster
-- than a recursive plpgsql walk, which matters for a generated column.
create function public.rich_text_to_plain_text(document jsonb) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case jsonb_typeof(document)
    when 'string' then document #>> '{}'
    when 'object' then ltrim(coalesce((
      select string_agg(
        case when node ->> 'type' = 'text' then coalesce(node ->> 'text', '') else E'\n' end, '' order by position
      )
      from jsonb_path_query(
        document, 'strict $.** ? (@.type == "text" || @.type == "hardBreak" || @.content.type() == "array")'
      ) with ordinality as nodes (node, position)
    ), ''), E'\n')
    else ''
  end
$$;

alter table public.writings
  add column content_text text not null generated always as (public.rich_text_to_plain_text(content)) stored,
  add column search_vector tsvector generated always as (
    setweight(to_tsvector('english', coalesce(title, '')), 'A')
    || setweight(to_tsvector('english', public.rich_text_to_plain_text(content)), 'B')
  ) stored;

create index writings_search_vector_idx on public.writings using gin (search_vector);
create index writings_search_trigram_idx on public.writings
  using gin ((title || ' ' || content_text) extensions.gin_trgm_ops);

alter table public.ideas
  add column search_vector tsvector generated always as (to_tsvector('english', content)) stored;

create index ideas_search_vector_idx on public.ideas using gin (search_vector);
create index ideas_search_trigram_idx on public.ideas using gin (content extensions.gin_trgm_ops);

-- 140 characters of `body` around the first occurrence of the query (or of its first word), with
-- whitespace collapsed; the start of the body when neither occurs literally (a stemmed match).
create function public.search_snippet(body text, query text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  with normalized as (
    select btrim(regexp_replace(coalesce(body, ''), '\s+', ' ', 'g')) as body,
           lower(btrim(regexp_replace(coalesce(query, ''), '\s+', ' ', 'g'))) as query
  ), found as (
    select body,
           coalesce(
             nullif(strpos(lower(body), query), 0),
             nullif(strpos(lower(body), split_part(query, ' ', 1)), 0),
             1
           ) as position
    from normalized
  )
  select substr(body, greatest(position - 40, 1), 140) from found
$$;

-- The ILIKE pattern matching `query` literally anywhere, or NULL below 3 characters: shorter patterns
-- cannot use the trigram index.
create function public.search_like_pattern(query text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when length(btrim(query)) >= 3
    then '%' || replace(replace(replace(btrim(query), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;

-- Why two functions: under row-level security Postgres may not use an index for a condition whose
-- operator is not leakproof (`@@`, `ILIKE`) before the policy has filtered the rows, so a security
-- invoker search reads every row the caller may see (0.4-0.8 s for 10,000 writings + 10,000 ideas in
-- PGlite). search_matches therefore runs as definer, lets the GIN indexes find the matches and keeps
-- those the caller may read by the same rules as the policies; search_workspace then re-reads each
-- match as the caller, so RLS itself still decides what is returned.

-- Ranked matches the caller may read. Word matches (websearch syntax, English stemming) rank by
-- ts_rank; substring matches (trigram index) are found too, and a title containing the query ranks
-- higher. (A rank term for substring hits in the content would re-read every content: too slow.)
create function public.search_matches(query text, max_results integer default 100)
returns table (source text, id uuid, rank real)
language sql
stable
security definer
set search_path = ''
-- The cost model does not count detoasting every stored tsvector and text in a sequential scan, so
-- it chose one over the GIN indexes: 600 ms instead of 5 ms for a rare word over 10,000 writings.
-- A bitmap scan over the index is never much worse, even when almost every row matches.
set enable_seqscan = off
-- Likewise a cached generic plan cannot tell a rare query from a common one.
set plan_cache_mode = force_custom_plan
as $$
  -- Materialized: planned on their own, the match conditions drive the GIN indexes; planned together
  -- with the access rule, the planner preferred walking all of the caller's rows by user_id.
  with writing_matches as materialized (
    select w.id, w.user_id, w.category_id, w.title, w.search_vector, w.updated_at
    from public.writings w
    where w.search_vector @@ websearch_to_tsquery('english', query)
       or (w.title || ' ' || w.content_text) ilike public.search_like_pattern(query)
  ), idea_matches as materialized (
    select i.id, i.user_id, i.category_id, i.search_vector, i.updated_at
    from public.ideas i
    where i.search_vector @@ websearch_to_tsquery('english', query)
       or i.content ilike public.search_like_pattern(query)
  )
  select m.source, m.id, m.rank::real
  from (
    select 'writing' as source, w.id, w.updated_at,
           ts_rank(w.search_vector, websearch_to_tsquery('english', query))
             + case when w.title ilike public.search_like_pattern(query) then 0.5 else 0 end as rank
    from writing_matches w
    where w.user_id = auth.uid() or (w.category_id is not null and public.can_read_category(w.category_id))
    union all
    select 'idea', i.id, i.updated_at, ts_rank(i.search_vector, websearch_to_tsquery('english', query))
    from idea_matches i
    where i.user_id = auth.uid() or (i.category_id is not null and public.can_read_category(i.category_id))
  ) as m
  order by m.rank desc, m.updated_at desc
  limit least(greatest(coalesce(max_results, 100), 0), 100)
$$;

revoke execute on function public.search_matches(text, integer) from public, anon;
grant execute on function public.search_matches(text, integer) to authenticated, service_role;

-- Search over writings and ideas for the search overlay: at most 100 results, best first, each with a
-- 140-character snippet around the match. Security invoker: RLS applies to every row returned.
create function public.search_workspace(query text, max_results integer default 100)
returns table (source text, id uuid, title text, snippet text, rank real, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.source,
         m.id,
         coalesce(w.title, i.title),
         public.search_snippet(coalesce(w.content_text, i.content), query),
         m.rank,
         coalesce(w.updated_at, i.updated_at) as updated_at
  from public.search_matches(query, max_results) as m
  left join public.writings w on m.source = 'writing' and w.id = m.id
  left join public.ideas i on m.source = 'idea' and i.id = m.id
  where w.id is not null or i.id is not null
  order by m.rank desc, updated_at desc
$$;

revoke execute on function public.search_workspace(text, integer) from public, anon;
grant execute on function public.search_workspace(text, integer) to authenticated, service_role;
