-- Search within its budget (docs/architecture.md, Budgets: results <= 50 ms p95; measured over 10,000 writings + 10,000 ideas).
-- Measured with `pnpm --filter tests bench:search` (PGlite, 2 cores shared with other work) before this
-- migration: p50 50-240 ms, p95 170-540 ms. Where the time went: ranking every match (a writing's
-- tsvector is stored out of line, so each ts_rank reads TOAST pages: ~45 ms for a word in 20% of the
-- writings), trigram rechecks of ~1 KB of text per matching row, GIN pending lists, hashing both tables
-- to re-read 100 results, and collapsing whitespace in whole texts for snippets.
-- Now: partial words match by word prefix (`ligh:*`) in the tsvector GIN index, the trigram index covers
-- titles only, and only the newest candidates of each kind are ranked (see search_matches).

-- The content trigram indexes are no longer read; dropping them also spares every autosave from
-- updating a trigram index over the whole text.
drop index if exists public.writings_search_trigram_idx;
drop index if exists public.ideas_search_trigram_idx;

-- A GIN index first collects new entries in a pending list that every search reads in full, until a
-- vacuum merges it into the index. PGlite has no autovacuum, so the list grew to its 4 MB limit there:
-- ~7 ms on every search, even one matching nothing. Without it each write updates the index at once,
-- which for one autosaved writing is about a hundred entries.
alter index public.writings_search_vector_idx set (fastupdate = off);
alter index public.ideas_search_vector_idx set (fastupdate = off);
select gin_clean_pending_list('public.writings_search_vector_idx'::regclass);
select gin_clean_pending_list('public.ideas_search_vector_idx'::regclass);

-- Partial words anywhere in a title ('ghthou' finds 'The lighthouse'): short texts, cheap to recheck.
create index writings_title_trigram_idx on public.writings
  using gin (title extensions.gin_trgm_ops) with (fastupdate = off);
create index ideas_title_trigram_idx on public.ideas
  using gin (title extensions.gin_trgm_ops) with (fastupdate = off);
-- Words of writing titles, so that title matches are always among the ranked candidates.
create index writings_title_search_idx on public.writings
  using gin (to_tsvector('english', title)) with (fastupdate = off);

-- The words of `query` as a full-text query: its websearch reading (quotes, `or`, `-`, English stemming)
-- or every word of 3 or more letters as a prefix ('ligh' finds 'lighthouse', whose lexeme is 'lighthous',
-- and a word being typed finds its completions). Shorter words stay whole: a 1-2 letter prefix matches a
-- large part of the vocabulary. The prefix query is assembled from letters and digits only, so the user's
-- text cannot inject tsquery operators. Empty (matching nothing) when the query has no words.
create function public.search_tsquery(query text) returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  with words as (
    select string_agg(
      case when length(word[1]) >= 3 then word[1] || ':*' else word[1] end, ' & ' order by position
    ) as prefix_query
    from regexp_matches(lower(coalesce(query, '')), '[[:alnum:]]+', 'g') with ordinality as matches (word, position)
  )
  select case
    when prefix_query is null then websearch_to_tsquery('english', coalesce(query, ''))
    else websearch_to_tsquery('english', query) || to_tsquery('simple', prefix_query)
  end
  from words
$$;

-- The definer half, now top-N: the GIN indexes find the matches the caller may read (own items, and
-- items in folders the caller owns or that are shared with them, computed once instead of by a function
-- call per row); of each kind only the `candidates` newest matches plus the newest title matches are
-- ranked, since ranking reads every candidate's whole tsvector. For a rare word that is every match;
-- for a word in thousands of items, the best of the recent ones, which a search overlay wants anyway.
-- A title containing the query (literally or as a word) ranks 0.5 higher.
create or replace function public.search_matches(query text, max_results integer default 100)
returns table (source text, id uuid, rank real)
language sql
stable
security definer
set search_path = ''
-- The cost model does not count reading the stored tsvectors in a sequential scan; a bitmap scan over
-- the GIN index is never much worse, even when almost every row matches.
set enable_seqscan = off
-- Every value that depends on the query reaches the plan through the `input` row, so planning each
-- call anew (~4 ms in PGlite for this statement) could not find a better plan than the cached one.
set plan_cache_mode = force_generic_plan
-- At most 100 rows (the default estimate of 1000 made search_workspace join them by hashing both tables).
rows 100
as $$
  with input as materialized (
    select public.search_tsquery(query) as words,
           public.search_like_pattern(query) as pattern,
           (select auth.uid()) as caller,
           least(greatest(coalesce(max_results, 100), 0), 100) as wanted,
           -- Enough candidates that the best `wanted` of them are worth showing; ranking 200 writings
           -- reads ~600 TOAST pages (~5 ms in PGlite).
           200 as candidates
  ), access as materialized (
    select input.*,
           array(
             select c.id from public.categories c where c.user_id = input.caller
             union
             select s.category_id from public.category_shares s where s.shared_with_user_id = input.caller
           ) as folders
    from input
  ), writing_candidates as (
    (
      select w.id
      from public.writings w, access a
      where w.search_vector @@ a.words and (w.user_id = a.caller or w.category_id = any(a.folders))
      order by w.updated_at desc
      limit (select candidates from access)
    )
    union
    (
      select w.id
      from public.writings w, access a
      where (to_tsvector('english', w.title) @@ a.words or w.title ilike a.pattern)
        and (w.user_id = a.caller or w.category_id = any(a.folders))
      order by w.updated_at desc
      limit (select candidates from access)
    )
  ), idea_candidates as (
    (
      select i.id
      from public.ideas i, access a
      where i.search_vector @@ a.words and (i.user_id = a.caller or i.category_id = any(a.folders))
      order by i.updated_at desc
      limit (select candidates from access)
    )
    union
    (
      select i.id
      from public.ideas i, access a
      where i.title ilike a.pattern and (i.user_id = a.caller or i.category_id = any(a.folders))
      order by i.updated_at desc
      limit (select candidates from access)
    )
  )
  select ranked.source, ranked.id, ranked.rank::real
  from (
    select 'writing' as source, w.id, w.updated_at,
           ts_rank(w.search_vector, a.words)
             + case when w.title ilike a.pattern or to_tsvector('english', w.title) @@ a.words
                 then 0.5 else 0 end as rank
    from writing_candidates c
    join public.writings w on w.id = c.id
    cross join access a
    union all
    select 'idea', i.id, i.updated_at,
           ts_rank(i.search_vector, a.words) + case when i.title ilike a.pattern then 0.5 else 0 end
    from idea_candidates c
    join public.ideas i on i.id = c.id
    cross join access a
  ) as ranked
  order by ranked.rank desc, ranked.updated_at desc
  limit (select wanted from access)
$$;

-- Unchanged results, computed in less time:
-- * each match is re-read as the caller by its primary key (a lateral lookup), where the planner had
--   hashed both whole tables under RLS (~35 ms for 100 results);
-- * the snippet (140 characters around the first occurrence of the query, or of its first word, with
--   whitespace collapsed; the start of the text for a stemmed match) collapses whitespace only in a
--   window of 100 characters before the match and 200 from it: collapsing a whole ~1 KB text took
--   ~0.2 ms per result. Written inline, as search_snippet was a function call per row.
create or replace function public.search_workspace(query text, max_results integer default 100)
returns table (source text, id uuid, title text, snippet text, rank real, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  with input as (
    select lower(btrim(regexp_replace(coalesce(query, ''), '\s+', ' ', 'g'))) as needle
  )
  select m.source,
         m.id,
         item.title,
         substr(around.body, greatest(coalesce(
           nullif(strpos(lower(around.body), input.needle), 0),
           nullif(strpos(lower(around.body), split_part(input.needle, ' ', 1)), 0),
           1
         ) - 40, 1), 140),
         m.rank,
         item.updated_at
  from input
  cross join public.search_matches(query, max_results) as m
  cross join lateral (
    select w.title, w.content_text as body, w.updated_at
    from public.writings w
    where m.source = 'writing' and w.id = m.id
    union all
    select i.title, i.content, i.updated_at
    from public.ideas i
    where m.source = 'idea' and i.id = m.id
  ) as item
  cross join lateral (
    select coalesce(
      nullif(strpos(lower(item.body), input.needle), 0),
      nullif(strpos(lower(item.body), split_part(input.needle, ' ', 1)), 0),
      1
    ) as position
  ) as found
  cross join lateral (
    select btrim(regexp_replace(substr(item.body, greatest(found.position - 100, 1), 300), '\s+', ' ', 'g')) as body
  ) as around
  order by m.rank desc, item.updated_at desc
$$;

drop function public.search_snippet(text, text);
