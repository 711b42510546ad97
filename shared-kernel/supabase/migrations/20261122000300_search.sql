-- Full-text search over writings and ideas: a generated tsvector with a GIN index for words (with
-- English stemming), and a pg_trgm GIN index for partial words. search_workspace ranks both.

-- Hosted Supabase keeps extensions in schema `extensions`; the local backend creates that schema too.
-- The operator class is therefore always named with its schema below.
create extension if not exists pg_trgm with schema extensions;

-- The plain text of a Tiptap/ProseMirror JSON document: text nodes in document order, a line break
-- after each block and hard break. Anything else (a bare string, a number) is returned as text.
create function public.rich_text_to_plain_text(document jsonb) returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  child jsonb;
  result text := '';
begin
  if document is null then
    return '';
  end if;
  case jsonb_typeof(document)
    when 'object' then
      if document ->> 'type' = 'text' then
        return coalesce(document ->> 'text', '');
      elsif document ->> 'type' = 'hardBreak' then
        return E'\n';
      elsif jsonb_typeof(document -> 'content') = 'array' then
        for child in select value from jsonb_array_elements(document -> 'content') loop
          result := result || public.rich_text_to_plain_text(child);
        end loop;
        return result || case when document ->> 'type' = 'doc' then '' else E'\n' end;
      end if;
      return '';
    when 'array' then
      for child in select value from jsonb_array_elements(document) loop
        result := result || public.rich_text_to_plain_text(child);
      end loop;
      return result;
    when 'null' then
      return '';
    else
      return document #>> '{}';
  end case;
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

-- Ranked search over the writings and ideas the caller may read (security invoker: RLS applies).
-- Word matches (websearch syntax, stemmed) rank by ts_rank; substring matches of three or more
-- characters (trigram index) are found too and a title hit ranks higher. At most 100 results.
create function public.search_workspace(query text, max_results integer default 100)
returns table (source text, id uuid, title text, snippet text, rank real, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  with terms as (
    select websearch_to_tsquery('english', coalesce(query, '')) as words,
           -- Substring search only from 3 characters: shorter patterns cannot use the trigram index.
           case when length(btrim(query)) >= 3
             then '%' || replace(replace(replace(btrim(query), '\', '\\'), '%', '\%'), '_', '\_') || '%'
           end as pattern
  ), matches as (
    select 'writing'::text as source, w.id, w.title, w.content_text as body, w.updated_at,
           ts_rank(w.search_vector, terms.words)
             + case when w.title ilike terms.pattern then 0.5 else 0 end
             + case when (w.title || ' ' || w.content_text) ilike terms.pattern then 0.1 else 0 end as rank
    from public.writings w, terms
    where w.search_vector @@ terms.words or (w.title || ' ' || w.content_text) ilike terms.pattern
    union all
    select 'idea'::text, i.id, i.title, i.content, i.updated_at,
           ts_rank(i.search_vector, terms.words)
             + case when i.content ilike terms.pattern then 0.1 else 0 end
    from public.ideas i, terms
    where i.search_vector @@ terms.words or i.content ilike terms.pattern
  )
  select m.source, m.id, m.title, public.search_snippet(m.body, query), m.rank::real, m.updated_at
  from matches m
  order by m.rank desc, m.updated_at desc
  limit least(greatest(coalesce(max_results, 100), 0), 100)
$$;

revoke execute on function public.search_workspace(text, integer) from public, anon;
grant execute on function public.search_workspace(text, integer) to authenticated, service_role;
