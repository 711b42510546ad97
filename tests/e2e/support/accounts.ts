import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient, type Session } from '@supabase/supabase-js';
import { LOCAL_BACKEND } from 'shared-kernel/build';
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

/** Signs up a fresh writer (sign-up is auto-confirmed on the local backend). */
export async function createAccount(prefix = 'writer'): Promise<Account> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const { data, error } = await backendClient().auth.signUp({ email, password });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { email, password, session: data.session };
}

/** Where supabase-js keeps the session in the browser, for a given backend URL. */
export function sessionStorageKey(url: string = BACKEND.url): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

/** Opens the page already signed in as `account` (the session is put where the app's client looks). */
export async function signInBeforeLoad(page: Page, account: Account): Promise<void> {
  await page.addInitScript(
    ({ key, session }) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify(session));
    },
    { key: sessionStorageKey(), session: account.session },
  );
}
