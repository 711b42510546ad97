-- The start of one chat turn (functions/src/chat), in ONE round trip to the database instead of five:
-- the API call and the chat message counted against the caller's plan, the premium-model check, the
-- question stored, and the passages of the caller's notes retrieved (chat_passages). Every step is the
-- one the chat function made before, in the same order, each as its own call did it:
--   1. consume_usage('api_calls'): past the plan's limit, nothing else happens ('api-calls');
--   2. a premium model (`allowed_tiers` not null) on a plan not among them: refused ('premium'), no chat
--      message counted;
--   3. consume_usage('chat_messages'): past the day's limit, refused ('chat-messages'), nothing stored;
--   4. the session (titled `session_title` when new) and the question stored AS THE CALLER: row-level
--      security decides, and another writer's session refuses the message ('not-your-chat');
--   5. chat_passages(question, ...): SECURITY INVOKER as well, so RLS decides what is read.
-- SECURITY INVOKER: the caller's own rights throughout; consume_usage is the only definer it calls, as
-- before. Steps 1-3 stay counted when a later step refuses, as separate calls left them.
create function public.chat_begin(
  chat_id uuid,
  message_id uuid,
  message_parts jsonb,
  session_title text,
  question text,
  include_ideas boolean default true,
  include_writings boolean default true,
  max_results integer default 6,
  allowed_tiers text[] default null
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  api_calls jsonb;
  chat_messages jsonb;
  passages jsonb := '[]'::jsonb;
begin
  api_calls := public.consume_usage('api_calls');
  if not (api_calls->>'allowed')::boolean then
    return jsonb_build_object('refused', 'api-calls', 'resets_at', api_calls->'resets_at');
  end if;
  if allowed_tiers is not null and not ((api_calls->>'tier') = any (allowed_tiers)) then
    return jsonb_build_object('refused', 'premium');
  end if;
  chat_messages := public.consume_usage('chat_messages');
  if not (chat_messages->>'allowed')::boolean then
    return jsonb_build_object('refused', 'chat-messages', 'resets_at', chat_messages->'resets_at');
  end if;
  begin
    insert into public.chat_sessions (id, title) values (chat_id, session_title)
      on conflict (id) do nothing;
    insert into public.chat_messages (id, session_id, role, parts)
      values (message_id, chat_id, 'user', coalesce(message_parts, '[]'::jsonb))
      on conflict (id) do nothing;
  exception when insufficient_privilege then
    -- The session is someone else's (an id guessed or reused): RLS refuses the message.
    return jsonb_build_object('refused', 'not-your-chat');
  end;
  if (include_ideas or include_writings) and btrim(coalesce(question, '')) <> '' then
    begin
      select coalesce(jsonb_agg(jsonb_build_object('source', p.source, 'id', p.id, 'title', p.title,
                                                   'excerpt', p.excerpt) order by p.n), '[]'::jsonb)
        into passages
      from public.chat_passages(question, include_ideas, include_writings, max_results)
        with ordinality as p(source, id, title, excerpt, rank, n);
    exception when others then
      -- The chat answers without the notes rather than not at all; the function logs why.
      return jsonb_build_object('passages', '[]'::jsonb, 'retrieval_error', sqlerrm);
    end;
  end if;
  return jsonb_build_object('passages', passages);
end
$$;

revoke execute on function public.chat_begin(uuid, uuid, jsonb, text, text, boolean, boolean, integer, text[])
  from public, anon;
grant execute on function public.chat_begin(uuid, uuid, jsonb, text, text, boolean, boolean, integer, text[])
  to authenticated;
