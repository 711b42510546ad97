-- A short note is quoted whole in the chat's passages. ts_headline starts a fragment at a word it
-- counts, so a stop word first was cut: the idea 'A story told by the lighthouse itself' was quoted as
-- 'story told by the lighthouse itself'. Same signature, rows and order as
-- 20261126000200_chat_passages_by_index.sql; only the excerpt of a note of 40 words or fewer changes.

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
  -- A note of 40 words or fewer is quoted whole.
  select r.source, r.id, r.title,
         case
           when array_length(regexp_split_to_array(btrim(r.body), '\s+'), 1) <= 40 then btrim(r.body)
           else ts_headline('english', r.body, input.words,
             'MaxFragments=3, MinWords=20, MaxWords=40, StartSel="", StopSel="", FragmentDelimiter=" … "')
         end,
         r.rank
  from readable r, input
  order by r.rank desc, r.updated_at desc
$$;
