-- Retrieval for the chat within its budget (docs/architecture.md, Budgets: p95 <= 50 ms over 10,000
-- ideas and 10,000 writings). Same signature, same rows, same order as 20261125000400_chat_retrieval.sql.
--
-- What was slow (~40 ms in PGlite even for a word no note holds): under row-level security a condition
-- whose operator is not leakproof (`@@`) may only run after the policy has passed a row, so it cannot be
-- an index condition: every row the caller may read (all 10,000, through the policy's user_id index) was
-- fetched and its stored tsvector matched in turn. As search_matches does (20261122000600_search_speed),
-- the matches are now found by a SECURITY DEFINER function through the GIN indexes, filtered by exactly
-- the read policy of writings and ideas (the caller's own rows, or rows in a folder the caller owns or
-- has ACCEPTED a share of: can_read_category's rule, computed once), and ranked; then chat_passages,
-- still SECURITY INVOKER, re-reads the few best by primary key AS THE CALLER, so row-level security has
-- the last word on every passage returned, and cuts the excerpts from those rows only.

-- The best `wanted` matches of `words` the caller can read: (source, id, rank, updated_at).
create function public.chat_passage_matches(
  words tsquery,
  include_ideas boolean,
  include_writings boolean,
  wanted integer
)
returns table (source text, id uuid, rank real, updated_at timestamptz)
language sql
stable
security definer
set search_path = ''
-- The tsquery is a parameter the planner cannot see; the GIN indexes are never much worse than a scan.
set enable_seqscan = off
rows 20
as $$
  with access as materialized (
    select (select auth.uid()) as caller,
           array(
             select c.id from public.categories c where c.user_id = (select auth.uid())
             union
             select s.category_id from public.category_shares s
             where s.shared_with_user_id = (select auth.uid()) and s.accepted_at is not null
           ) as folders
  ), writing_candidates as (
    -- A common word matches thousands of notes: only the 200 most recently changed are ranked (ranking
    -- reads each candidate's stored tsvector).
    select w.id, w.search_vector, w.updated_at
    from public.writings w, access a
    where include_writings and w.search_vector @@ words
      and (w.user_id = a.caller or w.category_id = any (a.folders))
    order by w.updated_at desc
    limit 200
  ), idea_candidates as (
    select i.id, i.search_vector, i.updated_at
    from public.ideas i, access a
    where include_ideas and i.search_vector @@ words
      and (i.user_id = a.caller or i.category_id = any (a.folders))
    order by i.updated_at desc
    limit 200
  ), writing_hits as (
    select 'writing'::text as source, c.id, ts_rank_cd(c.search_vector, words) as rank, c.updated_at
    from writing_candidates c
    order by rank desc, c.updated_at desc
    limit wanted
  ), idea_hits as (
    select 'idea'::text as source, c.id, ts_rank_cd(c.search_vector, words) as rank, c.updated_at
    from idea_candidates c
    order by rank desc, c.updated_at desc
    limit wanted
  )
  select * from writing_hits
  union all
  select * from idea_hits
  order by rank desc, updated_at desc
  limit wanted
$$;

revoke execute on function public.chat_passage_matches(tsquery, boolean, boolean, integer) from public, anon;
grant execute on function public.chat_passage_matches(tsquery, boolean, boolean, integer) to authenticated;

create or replace function public.chat_passages(
  question text,
  include_ideas boolean default true,
  include_writings boolean default true,
  max_results integer default 6
)
returns table (source text, id uuid, title text, excerpt text, rank real)
language sql
stable
security invoker
set search_path = ''
as $$
  with input as materialized (
    -- A question is not a search query: its words (stemmed, stop words dropped) are OR-ed, and matches
    -- ranked by cover density, so the notes holding more of the words, closer together, come first.
    select nullif(replace(plainto_tsquery('english', coalesce(question, ''))::text, ' & ', ' | '), '')::tsquery
             as words,
           least(greatest(coalesce(max_results, 6), 0), 20) as wanted
  ), best as materialized (
    select m.*
    from input, public.chat_passage_matches(input.words, include_ideas, include_writings, input.wanted) m
    where input.words is not null
  ), readable as (
    -- Re-read as the caller (row-level security applies): a row the policy hides is not returned.
    select b.source, b.id, w.title, w.content_text as body, b.rank, b.updated_at
    from best b join public.writings w on w.id = b.id
    where b.source = 'writing'
    union all
    select b.source, b.id, i.title, i.content, b.rank, b.updated_at
    from best b join public.ideas i on i.id = b.id
    where b.source = 'idea'
  )
  -- Up to three fragments of about 40 words around the matches: enough to answer from, small enough
  -- that six sources stay well inside any model's context.
  select r.source, r.id, r.title,
         ts_headline('english', r.body, input.words,
           'MaxFragments=3, MinWords=20, MaxWords=40, StartSel="", StopSel="", FragmentDelimiter=" … "'),
         r.rank
  from readable r, input
  order by r.rank desc, r.updated_at desc
$$;
