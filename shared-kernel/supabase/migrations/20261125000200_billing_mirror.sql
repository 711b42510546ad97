-- The paid side: the payment webhook's mirror of subscriptions (idempotent, safe out of order) and the
-- documents-per-month limit, counted and enforced in the database for every writing a user creates.

-- Webhook events already applied, by the provider's event id: a replayed event changes nothing.
create table public.billing_events (
  id text primary key,
  type text not null,
  created_at timestamptz not null,
  outcome text not null,
  received_at timestamptz not null default now()
);

alter table public.billing_events enable row level security;
-- No policy: only the service role (the webhook) reads or writes it.
revoke all on public.billing_events from anon, authenticated;

-- When the provider created the newest event applied to this record: an older event never overwrites it.
alter table public.subscriptions add column last_event_at timestamptz;

-- Applies one subscription event to the mirror, atomically with recording its id. Answers 'duplicate'
-- (the id was seen), 'stale' (older than what is stored, or about a subscription the user has replaced),
-- 'unmatched' (no user for the customer) or 'applied'. The user is the one the customer id is recorded
-- for (create-checkout records it), else `target_user` from the checkout's metadata.
create function public.apply_billing_event(
  event_id text,
  event_type text,
  event_created timestamptz,
  target_user uuid,
  customer text,
  subscription text,
  price text,
  subscription_status text,
  period_end timestamptz,
  cancel_at_end boolean,
  bought_tier text
) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
  existing public.subscriptions;
  verdict text := 'applied';
begin
  insert into public.billing_events (id, type, created_at, outcome)
  values (event_id, event_type, event_created, 'pending')
  on conflict (id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  select subscriptions.user_id into owner from public.subscriptions where subscriptions.customer_id = customer;
  owner := coalesce(owner, target_user);
  if owner is null or not exists (select 1 from public.users where id = owner) then
    verdict := 'unmatched';
  else
    select * into existing from public.subscriptions where user_id = owner for update;
    if existing.last_event_at is not null and existing.last_event_at > event_created then
      verdict := 'stale';
    elsif existing.subscription_id is not null and existing.subscription_id <> subscription
      and existing.status in ('active', 'trialing') and subscription_status not in ('active', 'trialing') then
      verdict := 'stale';
    else
      insert into public.subscriptions as mirror (
        user_id, customer_id, subscription_id, price_id, status, current_period_end, cancel_at_period_end, tier, last_event_at
      ) values (
        owner, customer, subscription, price, subscription_status, period_end, coalesce(cancel_at_end, false), bought_tier, event_created
      )
      on conflict (user_id) do update set
        customer_id = excluded.customer_id,
        subscription_id = excluded.subscription_id,
        price_id = excluded.price_id,
        status = excluded.status,
        current_period_end = excluded.current_period_end,
        cancel_at_period_end = excluded.cancel_at_period_end,
        tier = excluded.tier,
        last_event_at = excluded.last_event_at;
    end if;
  end if;
  update public.billing_events set outcome = verdict where id = event_id;
  return verdict;
end
$$;

revoke execute on function public.apply_billing_event(text, text, timestamptz, uuid, text, text, text, text, timestamptz, boolean, text)
  from public, anon, authenticated;
grant execute on function public.apply_billing_event(text, text, timestamptz, uuid, text, text, text, text, timestamptz, boolean, text)
  to service_role;

-- Records the provider's customer for a user who has none yet, and answers the user's customer id
-- (one customer per user: a second checkout reuses the first customer).
create function public.record_billing_customer(target_user uuid, customer text) returns text
language sql
security definer
set search_path = ''
as $$
  insert into public.subscriptions as mirror (user_id, customer_id) values (target_user, customer)
  on conflict (user_id) do update set customer_id = coalesce(mirror.customer_id, excluded.customer_id)
  returning mirror.customer_id
$$;

revoke execute on function public.record_billing_customer(uuid, text) from public, anon, authenticated;
grant execute on function public.record_billing_customer(uuid, text) to service_role;

-- Documents per month: every writing a signed-in user creates counts one use; past the tier's limit the
-- insert is refused with SQLSTATE PT429 (PostgREST answers HTTP 429) and the usage as JSON in the
-- detail. A replayed create (its id already exists) is not counted again: it fails on the primary key.
-- Inserts by the service role or the superuser (seed, migrations) are not a user's and are not counted.
-- `app.tier_limits = 'off'` (a server-side setting no client can change) counts without refusing; test
-- backends of other features use it.
create function public.count_new_writing() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  usage jsonb;
begin
  if coalesce(auth.role(), '') <> 'authenticated' then
    return new;
  end if;
  if exists (select 1 from public.writings where id = new.id) then
    return new;
  end if;
  usage := public.consume_usage_for(new.user_id, 'documents');
  if not (usage ->> 'allowed')::boolean and coalesce(current_setting('app.tier_limits', true), 'on') <> 'off' then
    raise exception 'Document limit reached for this month'
      using errcode = 'PT429', detail = usage::text, hint = 'Upgrade your plan to create more documents.';
  end if;
  return new;
end
$$;

revoke execute on function public.count_new_writing() from public, anon, authenticated;

create trigger writings_count_documents
  before insert on public.writings
  for each row execute function public.count_new_writing();
