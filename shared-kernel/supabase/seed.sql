-- Demo data for a lived-in first start: `demo@example.com` / `demo-password` with folders, writings and
-- ideas, and `friend@example.com` / `demo-password`, with whom the "Essays" folder is shared (write,
-- accepted).
-- Runs as the superuser once on a new database; safe to run again (on conflict do nothing).
-- The password hash is bcrypt cost 10 (bcryptjs, `$2a$` prefix), which GoTrue also verifies.

-- The string token columns are '' rather than NULL: hosted GoTrue fails to scan NULL into them.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
values
  ('00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
   'demo@example.com', '$2a$10$61HqZ/fpwq9Es4KQLGpBDOMboqu8SugZjhhbuEtrIWNZVtAyNlxsS', now(), null,
   '{"provider":"email","providers":["email"]}', '{"name":"Demo Writer","email_verified":true}',
   now() - interval '60 days', now(), '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'f0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
   'friend@example.com', '$2a$10$61HqZ/fpwq9Es4KQLGpBDOMboqu8SugZjhhbuEtrIWNZVtAyNlxsS', now(), null,
   '{"provider":"email","providers":["email"]}', '{"name":"Friendly Editor","email_verified":true}',
   now() - interval '30 days', now(), '', '', '', '')
on conflict do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values
  ('d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   jsonb_build_object('sub', 'd0000000-0000-4000-8000-000000000001', 'email', 'demo@example.com', 'email_verified', true, 'phone_verified', false),
   'email', now() - interval '60 days', now()),
  ('f0000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000002',
   jsonb_build_object('sub', 'f0000000-0000-4000-8000-000000000002', 'email', 'friend@example.com', 'email_verified', true, 'phone_verified', false),
   'email', now() - interval '30 days', now())
on conflict do nothing;

-- The profiles (public.users) were created by the auth.users trigger.

insert into public.categories (id, user_id, name, item_type, created_at)
values
  ('c0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'The Lighthouse Keeper', 'writing', now() - interval '40 days'),
  ('c0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'Essays', 'writing', now() - interval '20 days'),
  ('c0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001', 'Story seeds', 'idea', now() - interval '50 days')
on conflict do nothing;

-- Accepted, as if friend had accepted the invitation: the demo shows a shared folder at once.
insert into public.category_shares (id, category_id, shared_with_user_id, permission_level, accepted_at)
values ('5c000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000002', 'write', now())
on conflict do nothing;

-- Content is Tiptap/ProseMirror JSON: a level-1 heading (the title), then blocks. `category` is filled
-- from category_id by a trigger.
insert into public.writings (id, user_id, title, category_id, content, created_at, updated_at)
values
  ('10000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'The Lighthouse Keeper — Chapter 1', 'c0000000-0000-4000-8000-000000000001',
   '{"type":"doc","content":[{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"The Lighthouse Keeper — Chapter 1"}]},{"type":"paragraph","content":[{"type":"text","text":"The lamp had not failed in forty-one years, and Maren Holt intended to keep it that way. Every evening at dusk she climbed the ninety-six steps, counting them aloud the way her father had taught her."}]},{"type":"paragraph","content":[{"type":"text","text":"Tonight the sea was "},{"type":"text","marks":[{"type":"italic"}],"text":"wrong"},{"type":"text","text":". Flat as slate, and far too quiet for November."}]},{"type":"paragraph","content":[{"type":"text","text":"She trimmed the wick, wound the clockwork, and watched the beam sweep out across the water — once, twice — before she saw the boat."}]}]}'::jsonb,
   now() - interval '9 days', now() - interval '9 days'),
  ('10000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'The Lighthouse Keeper — Chapter 2', 'c0000000-0000-4000-8000-000000000001',
   '{"type":"doc","content":[{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"The Lighthouse Keeper — Chapter 2"}]},{"type":"paragraph","content":[{"type":"text","text":"The boat had no name painted on its bow, only a row of numbers half scraped away by salt."}]},{"type":"paragraph","content":[{"type":"text","text":"Maren rowed out at first light. Inside she found a leather satchel, a compass that pointed steadily south, and a letter addressed to her — in her father''s handwriting."}]},{"type":"blockquote","content":[{"type":"paragraph","content":[{"type":"text","text":"If you are reading this, the light has done its work. Do not let them turn it off."}]}]}]}'::jsonb,
   now() - interval '6 days', now() - interval '6 days'),
  ('10000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001', 'Character notes: Maren Holt', 'c0000000-0000-4000-8000-000000000001',
   '{"type":"doc","content":[{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"Character notes: Maren Holt"}]},{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Age 38, keeper of the Skerry Point light since she was 21"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Counts things when anxious: steps, waves, gulls"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Wants: to be left alone. Needs: to be found."}]}]}]},{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Voice"}]},{"type":"paragraph","content":[{"type":"text","text":"Dry, precise, a little formal. She names the weather the way other people name friends."}]}]}'::jsonb,
   now() - interval '12 days', now() - interval '12 days'),
  ('10000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000001', 'On writing every day', 'c0000000-0000-4000-8000-000000000002',
   '{"type":"doc","content":[{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"On writing every day"}]},{"type":"paragraph","content":[{"type":"text","text":"The advice is old and everyone gives it: write every day. What nobody mentions is that "},{"type":"text","marks":[{"type":"bold"}],"text":"most of those days will be bad"},{"type":"text","text":", and that the bad days are the point."}]},{"type":"paragraph","content":[{"type":"text","text":"A daily practice is not a promise of good pages. It is a promise to show up, so that when the good pages arrive, you are there to catch them."}]},{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Three rules I actually keep"}]},{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Fifteen minutes counts."}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Never end a session at the end of a scene."}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Re-read yesterday, but do not edit it."}]}]}]}]}'::jsonb,
   now() - interval '3 days', now() - interval '3 days'),
  ('10000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000001', 'Why drafts should be ugly', 'c0000000-0000-4000-8000-000000000002',
   '{"type":"doc","content":[{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"Why drafts should be ugly"}]},{"type":"paragraph","content":[{"type":"text","text":"A first draft has one job: to exist. Polishing sentences that may not survive the next revision is a tax you pay before you know what you owe."}]},{"type":"paragraph","content":[{"type":"text","text":"Let the draft be ugly. Leave brackets where the right word should go [LIKE THIS] and keep moving."}]}]}'::jsonb,
   now() - interval '1 days', now() - interval '1 days'),
  ('10000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000001', 'Reading list for the winter', null,
   '{"type":"doc","content":[{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"Reading list for the winter"}]},{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"The Remains of the Day — Kazuo Ishiguro"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Housekeeping — Marilynne Robinson"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"The Old Man and the Sea — Ernest Hemingway"}]}]},{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"Bird by Bird — Anne Lamott"}]}]}]},{"type":"paragraph","content":[{"type":"text","text":"Theme: solitude, and people who keep things running."}]}]}'::jsonb,
   now() - interval '0 days', now() - interval '0 days')

on conflict do nothing;

insert into public.ideas (id, user_id, content, category_id, created_at, updated_at)
values
  ('20000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'A lighthouse keeper who counts waves instead of sheep. What happens the night the count comes out different?', 'c0000000-0000-4000-8000-000000000003', now() - interval '0 days', now() - interval '0 days'),
  ('20000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'Title idea: "The Quiet Before Weather"', null, now() - interval '0 days', now() - interval '0 days'),
  ('20000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001', 'Letters found in a boat with no name — each one dated a year in the future.', 'c0000000-0000-4000-8000-000000000003', now() - interval '1 days', now() - interval '1 days'),
  ('20000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000001', 'Essay: the difference between solitude and loneliness is who chose it.', null, now() - interval '1 days', now() - interval '1 days'),
  ('20000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000001', 'A town where the tide goes out and never comes back. The kids play on the new land; the old fishermen won''t set foot on it.', 'c0000000-0000-4000-8000-000000000003', now() - interval '3 days', now() - interval '3 days'),
  ('20000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000001', 'Try writing a scene entirely in dialogue. No tags, no beats.', null, now() - interval '5 days', now() - interval '5 days'),
  ('20000000-0000-4000-8000-000000000007', 'd0000000-0000-4000-8000-000000000001', 'Compass that always points to the person you miss most.', 'c0000000-0000-4000-8000-000000000003', now() - interval '8 days', now() - interval '8 days'),
  ('20000000-0000-4000-8000-000000000008', 'd0000000-0000-4000-8000-000000000001', 'Ask the library about nineteenth-century lighthouse logbooks for research.', null, now() - interval '12 days', now() - interval '12 days'),
  ('20000000-0000-4000-8000-000000000009', 'd0000000-0000-4000-8000-000000000001', 'Two rival radio operators on opposite islands who fall in love over Morse code.', 'c0000000-0000-4000-8000-000000000003', now() - interval '20 days', now() - interval '20 days'),
  ('20000000-0000-4000-8000-000000000010', 'd0000000-0000-4000-8000-000000000001', 'Morning pages: three pages longhand before looking at a screen. Try it for two weeks.', null, now() - interval '45 days', now() - interval '45 days')
on conflict do nothing;

-- The demo accounts are on a complimentary Max plan (no provider subscription behind it), so a first
-- start can try everything without meeting a limit; a new account starts on Free.
insert into public.subscriptions (user_id, status, tier)
values
  ('d0000000-0000-4000-8000-000000000001', 'active', 'MAX'),
  ('f0000000-0000-4000-8000-000000000002', 'active', 'MAX')
on conflict do nothing;
