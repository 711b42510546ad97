-- Retrieval for the chat (functions/src/chat): the passages of the caller's ideas and writings most
-- relevant to a question. SECURITY INVOKER: row-level security decides what is read, so a folder shared
-- with the caller counts and nobody else's notes ever do. The chat function calls it with the writer's
-- own token, never with the service role.
--
-- A question is not a search query: "what did I write about the lighthouse keeper?" shares only some
-- words with the notes that answer it. Its words (stemmed, stop words dropped) are OR-ed, and matches
-- ranked by cover density, so the notes holding more of the words, closer together, come first.
-- Ranking reads each match's stored tsvector (TOAST pages): a common word matches thousands of notes,
-- so only the 200 most recently changed matches of each table are ranked (as search_matches does).
create function public.chat_passages(
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
-- The question reaches the plan through the `input` row, whose selectivity the planner cannot see: it
-- would scan whole tables. The GIN indexes are never much worse (as for search_matches).
set enable_seqscan = off
as $$
  with input as materialized (
    select nullif(replace(plainto_tsquery('english', coalesce(question, ''))::text, ' & ', ' | '), '')::tsquery
             as words,
           least(greatest(coalesce(max_results, 6), 0), 20) as wanted
  ), writing_candidates as (
    select w.id, w.updated_at
    from public.writings w, input
    where include_writings and w.search_vector @@ input.words
    order by w.updated_at desc
    limit 200
  ), idea_candidates as (
    select i.id, i.updated_at
    from public.ideas i, input
    where include_ideas and i.search_vector @@ input.words
    order by i.updated_at desc
    limit 200
  ), writing_hits as (
    select 'writing'::text as source, w.id, w.title, w.content_text as body,
           ts_rank_cd(w.search_vector, input.words) as rank, w.updated_at
    from writing_candidates c
    join public.writings w on w.id = c.id
    cross join input
    order by rank desc, w.updated_at desc
    limit (select wanted from input)
  ), idea_hits as (
    select 'idea'::text as source, i.id, i.title, i.content as body,
           ts_rank_cd(i.search_vector, input.words) as rank, i.updated_at
    from idea_candidates c
    join public.ideas i on i.id = c.id
    cross join input
    order by rank desc, i.updated_at desc
    limit (select wanted from input)
  ), best as (
    select * from writing_hits
    union all
    select * from idea_hits
    order by rank desc, updated_at desc
    limit (select wanted from input)
  )
  -- Up to three fragments of about 40 words around the matches: enough to answer from, small enough
  -- that six sources stay well inside any model's context.
  select best.source, best.id, best.title,
         ts_headline('english', best.body, input.words,
           'MaxFragments=3, MinWords=20, MaxWords=40, StartSel="", StopSel="", FragmentDelimiter=" … "'),
         best.rank
  from best, input
  order by best.rank desc, best.updated_at desc
$$;

revoke execute on function public.chat_passages(text, boolean, boolean, integer) from public, anon;
grant execute on function public.chat_passages(text, boolean, boolean, integer) to authenticated;
