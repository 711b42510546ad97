-- Tier limits enforced by the server (docs/product.md, Tiers and limits). The browser's check is only a
-- courtesy; these functions are what a chat message, a document or a function call must pass.

-- The tier a subscription buys, written by the payment webhook from the price id (the price ids live in
-- the functions' configuration, so the database keeps the derived tier rather than the mapping).
alter table public.subscriptions
  add column tier text check (tier in ('FREE', 'LITE', 'PRO', 'MAX'));

-- The tier a user is entitled to now: the bought tier while the subscription is active or trialing,
-- otherwise FREE (no record is FREE).
create function public.entitled_tier(target_user uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select coalesce(subscription.tier, 'FREE')
       from public.subscriptions subscription
      where subscription.user_id = target_user and subscription.status in ('active', 'trialing')),
    'FREE'
  )
$$;

-- A tier's limit for a metric; null is unlimited. Mirrors TIER_LIMITS in shared-kernel/src/domain/tiers.ts
-- (shared-kernel/supabase/tests/usage-limits.test.ts compares the two).
create function public.tier_limit(tier text, usage_metric text) returns integer
language sql
immutable
set search_path = ''
as $$
  select case tier
    when 'FREE' then case usage_metric when 'api_calls' then 50 when 'documents' then 3 when 'chat_messages' then 10 end
    when 'LITE' then case usage_metric when 'api_calls' then 500 when 'documents' then 25 when 'chat_messages' then 100 end
    when 'PRO' then case usage_metric when 'api_calls' then 2500 when 'documents' then 100 when 'chat_messages' then 500 end
    else null
  end
$$;

-- Where a metric's current period starts and when it resets (UTC): documents count per month, the
-- others per day.
create function public.usage_period(usage_metric text, at timestamptz default now())
returns table (period_start date, resets_at timestamptz)
language sql
immutable
set search_path = ''
as $$
  select
    case when usage_metric = 'documents' then date_trunc('month', at at time zone 'utc')::date
         else (at at time zone 'utc')::date end,
    case when usage_metric = 'documents' then (date_trunc('month', at at time zone 'utc') + interval '1 month') at time zone 'utc'
         else ((at at time zone 'utc')::date + 1)::timestamp at time zone 'utc' end
$$;

-- Counts one use of a metric for a user if the tier allows it, atomically: the conditional upsert locks
-- the counter row, so concurrent calls never count past the limit. Internal (triggers and the wrapper
-- below); clients cannot name another user.
create function public.consume_usage_for(target_user uuid, usage_metric text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  user_tier text := public.entitled_tier(target_user);
  max_uses integer := public.tier_limit(user_tier, usage_metric);
  period record;
  new_count integer;
  current_count integer;
begin
  if usage_metric is null or usage_metric not in ('api_calls', 'documents', 'chat_messages') then
    raise exception 'unknown usage metric: %', usage_metric using errcode = '22023';
  end if;
  select * into period from public.usage_period(usage_metric);
  insert into public.usage_counters as counter (user_id, metric, period_start, count)
  values (target_user, usage_metric, period.period_start, 1)
  on conflict (user_id, metric, period_start) do update set count = counter.count + 1
    where max_uses is null or counter.count < max_uses
  returning counter.count into new_count;
  -- A first use is always inserted: every limit is at least 1.
  if new_count is null then
    select counter.count into current_count from public.usage_counters counter
     where counter.user_id = target_user and counter.metric = usage_metric and counter.period_start = period.period_start;
  end if;
  return jsonb_build_object(
    'allowed', new_count is not null,
    'metric', usage_metric,
    'tier', user_tier,
    'limit', max_uses,
    'used', coalesce(new_count, current_count),
    'remaining', case when max_uses is null then null else greatest(max_uses - coalesce(new_count, current_count), 0) end,
    'resets_at', period.resets_at
  );
end
$$;

revoke execute on function public.entitled_tier(uuid) from public, anon, authenticated;
revoke execute on function public.consume_usage_for(uuid, text) from public, anon, authenticated;
grant execute on function public.entitled_tier(uuid) to service_role;
grant execute on function public.consume_usage_for(uuid, text) to service_role;

-- The signed-in caller counts one use (the chat function calls this with the writer's own token).
create function public.consume_usage(usage_metric text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  return public.consume_usage_for(auth.uid(), usage_metric);
end
$$;

revoke execute on function public.consume_usage(text) from public, anon;
grant execute on function public.consume_usage(text) to authenticated, service_role;

-- The caller's tier and usage of every metric in its current period, counting nothing (the Plans tab's
-- meters).
create function public.usage_status() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  user_tier text;
  usage jsonb := '{}'::jsonb;
  metric_name text;
  period record;
  used_count integer;
  max_uses integer;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  user_tier := public.entitled_tier(caller);
  foreach metric_name in array array['api_calls', 'chat_messages', 'documents'] loop
    select * into period from public.usage_period(metric_name);
    select coalesce(sum(counter.count), 0)::integer into used_count from public.usage_counters counter
     where counter.user_id = caller and counter.metric = metric_name and counter.period_start = period.period_start;
    max_uses := public.tier_limit(user_tier, metric_name);
    usage := usage || jsonb_build_object(metric_name, jsonb_build_object(
      'limit', max_uses,
      'used', used_count,
      'remaining', case when max_uses is null then null else greatest(max_uses - used_count, 0) end,
      'resets_at', period.resets_at
    ));
  end loop;
  return jsonb_build_object('tier', user_tier, 'usage', usage);
end
$$;

revoke execute on function public.usage_status() from public, anon;
grant execute on function public.usage_status() to authenticated, service_role;
