-- Search snippets read as words. The snippet began 40 characters before the match wherever that fell:
-- mid-word, or inside the title the text opens with ('s The harbour smells of tar…' for a writing titled
-- 'Harbour notes', searched for 'gull'), and ended mid-word.
--
-- Now, as before, at most 140 characters around the first occurrence of the query (or of its first word;
-- the start of the text for a stemmed match), with whitespace collapsed, but:
-- * the title the text opens with is left out (it shows above the snippet), as the client did for a
--   snippet that happened to open with it; empty when the title says it all;
-- * it starts at a word's beginning and ends at a word's end;
-- * where it leaves out words of the text, before or after, an ellipsis says so, within the 140.
-- Results, their order and ranks are unchanged (search_matches is untouched).
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
         case when words.cut_before then '…' else '' end
           || case when words.cut_after
                -- one character more than fits, so a word ending exactly at the edge is kept whole
                then regexp_replace(left(words.rest, words.room), '\s+\S*$', '') || '…'
                else words.rest
              end,
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
    offset 0
  ) as found
  -- Whitespace is collapsed only in a window of 100 characters before the match and 200 from it.
  cross join lateral (
    select btrim(regexp_replace(substr(item.body, greatest(found.position - 100, 1), 300), '\s+', ' ', 'g')) as body,
           found.position > 101 as from_middle,
           greatest(found.position - 100, 1) + 300 <= length(item.body) as to_middle
    -- offset 0 (here and in each step) keeps each step computed once per row: flattened, every use of a
    -- column below repeated the expressions it is made of, the window's regexp among them
    -- (`pnpm bench:search`, all queries, p50: 178 ms flattened, 13.5 ms fenced, 16.5 ms before this change)
    offset 0
  ) as around
  cross join lateral (
    select coalesce(
             nullif(strpos(lower(around.body), input.needle), 0),
             nullif(strpos(lower(around.body), split_part(input.needle, ' ', 1)), 0),
             1
           ) as at,
           -- Where the text past its title begins: 1, or past the title the text opens with as words.
           case
             when not around.from_middle
               and coalesce(item.title, '') <> ''
               and lower(left(around.body, length(btrim(item.title)))) = lower(btrim(item.title))
               and substr(around.body, length(btrim(item.title)) + 1, 1) in (' ', '')
             then length(btrim(item.title)) + 2
             else 1
           end as past_title
    offset 0
  ) as hit
  -- 40 characters before the match, never before the text past the title, moved on to a word's start.
  cross join lateral (
    select greatest(hit.at - 40, hit.past_title) as start
  ) as wanted
  cross join lateral (
    select case
             when wanted.start = hit.past_title and not around.from_middle then wanted.start
             when substr(around.body, wanted.start - 1, 1) = ' ' then wanted.start
             else wanted.start
               + strpos(substr(around.body, wanted.start, greatest(hit.at - wanted.start, 0)), ' ')
           end as start
    offset 0
  ) as word
  cross join lateral (
    select
      word.start > hit.past_title or around.from_middle as cut_before,
      ltrim(substr(around.body, word.start)) as rest,
      140 - case when word.start > hit.past_title or around.from_middle then 1 else 0 end as room
    offset 0
  ) as kept
  cross join lateral (
    select kept.cut_before,
           kept.rest,
           kept.room,
           length(kept.rest) > kept.room or (around.to_middle and kept.rest <> '') as cut_after
  ) as words
  order by m.rank desc, item.updated_at desc
$$;
