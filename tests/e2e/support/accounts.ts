import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient, type Session } from '@supabase/supabase-js';
import { LOCAL_BACKEND } from 'shared-kernel/build';
import { sessionStorageKey as authStorageKey } from 'shared-kernel/early';
import WebSocket from 'ws';

/** The backend the production build under test talks to (the build's default: the local backend). */
export const BACKEND = LOCAL_BACKEND;

export type Account = { email: string; password: string; session: Session };

/** A Node client of the backend (Node 20 has no global WebSocket for realtime). */
export function backendClient() {
  return createClient(BACKEND.url, BACKEND.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/**
 * The Supabase CLI's well-known local service_role key (signed with its public demo secret; it grants
 * nothing outside a developer's machine). Only Node-side test code uses it, to arrange a writer's plan.
 */
const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * Signs up a fresh writer (sign-up is auto-confirmed on the local backend). Writers are on a
 * complimentary Max plan, so tests of other features never meet a tier limit; `plan: 'FREE'` keeps the
 * plan a new account really has (the plans specs).
 */
export async function createAccount(
  prefix = 'writer',
  { plan = 'MAX' }: { plan?: 'FREE' | 'MAX' } = {},
): Promise<Account> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const { data, error } = await backendClient().auth.signUp({ email, password });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  if (plan === 'MAX') {
    const service = createClient(BACKEND.url, LOCAL_SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const granted = await service
      .from('subscriptions')
      .insert({ user_id: data.session.user.id, status: 'active', tier: 'MAX' });
    if (granted.error) throw new Error(`granting Max failed: ${granted.error.message}`);
  }
  return { email, password, session: data.session };
}

/** Where the app's auth client keeps the session of `url`. */
export const sessionStorageKey = (url: string = BACKEND.url): string => authStorageKey(url);

/** Opens the page already signed in as `account` (the session is put where the app's client looks). */
export async function signInBeforeLoad(page: Page, account: Account): Promise<void> {
  await page.addInitScript(
    ({ key, session }) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify(session));
    },
    { key: sessionStorageKey(), session: account.session },
  );
}

/**
 * Moves the stored session's expiry a minute into the past, as for a writer back after an hour: the next
 * load refreshes it. Set from a page of the app's origin that is not the workspace (`/static/closed-tab`,
 * a 404), as a closed tab would leave it: a loaded workspace's auth client would refresh it at once.
 */
export async function expireStoredSession(page: Page, appUrl = ''): Promise<void> {
  await page.goto(`${appUrl}/static/closed-tab`);
  await page.evaluate((key) => {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }));
  }, sessionStorageKey());
}
