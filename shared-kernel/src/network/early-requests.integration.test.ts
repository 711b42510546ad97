import { type SpawnedTestBackend, spawnTestBackend } from 'local-backend/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { getSupabaseClient, type WorkspaceClient } from '../supabase/client.ts';
import {
  preloadedRememberedFiles,
  rememberEarlyRequests,
  sessionStorageKey,
  startEarlyRequests,
} from './early-requests.ts';

let backend: SpawnedTestBackend;
let client: WorkspaceClient;
let userId: string;
let requests: MockInstance<typeof fetch>;

/** What the page of this test reads on load: its session check and its list. */
async function firstScreenReads() {
  const user = await client.auth.getUser();
  const list = await client.from('writings').select('title').order('created_at');
  if (user.error || list.error) throw user.error ?? list.error;
  return { userId: user.data.user.id, titles: list.data.map((row) => row.title) };
}

/** The session the auth client keeps in localStorage. */
function storedSession(): { access_token: string; refresh_token: string; expires_at: number } {
  return JSON.parse(localStorage.getItem(sessionStorageKey(backend.url)) ?? '{}');
}

/** Moves the stored session's expiry 30 s away, as for a writer back after an hour: due for refresh. */
function expireStoredSession() {
  const session = storedSession();
  const expiring = { ...session, expires_at: Math.floor(Date.now() / 1000) + 30 };
  localStorage.setItem(sessionStorageKey(backend.url), JSON.stringify(expiring));
  return session;
}

/** A new page in this browser: nothing asked early yet, and the reads recorded from its start. */
function newPage(): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('workspace.early-requests')];
}

/** The requests that reached the network since the spy was set, as method and path. */
const sent = () =>
  requests.mock.calls.map(([input, init]) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return `${init?.method ?? 'GET'} ${url.pathname}`;
  });

beforeAll(async () => {
  backend = await spawnTestBackend();
  client = getSupabaseClient(backend);
  const { data, error } = await client.auth.signUp({
    email: `early-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'a-password',
  });
  if (error || !data.user) throw error ?? new Error('no user');
  userId = data.user.id;
  await client.from('writings').insert({ title: 'First', user_id: userId }).throwOnError();
  // The first load of this browser since sign-in: it records what it read until its first screen.
  newPage();
  await firstScreenReads();
  rememberEarlyRequests();
}, 120_000);

afterEach(() => requests?.mockRestore());
afterAll(() => backend?.stop());

describe('early requests', { timeout: 30_000 }, () => {
  it('keeps the reads of the first screen, without the token', async () => {
    const stored = localStorage.getItem('workspace.early-requests') ?? '';
    const { reads } = JSON.parse(stored) as { reads: { url: string }[] };
    expect(reads.map((read) => new URL(read.url).pathname)).toEqual(['/auth/v1/user', '/rest/v1/writings']);
    const { data } = await client.auth.getSession();
    expect(stored).not.toContain(data.session?.access_token);
  });

  it('makes them at the next load, and answers each caller once with its response', async () => {
    newPage();
    requests = vi.spyOn(globalThis, 'fetch');
    startEarlyRequests(backend);
    expect(sent()).toEqual(['GET /auth/v1/user', 'GET /rest/v1/writings']);

    expect(await firstScreenReads()).toEqual({ userId, titles: ['First'] });
    expect(sent()).toHaveLength(2); // both answered by the early requests

    await firstScreenReads();
    expect(sent()).toHaveLength(4); // asked again: from the server
  });

  it('drops what it read early once the page writes, so the list shows the write', async () => {
    newPage();
    requests = vi.spyOn(globalThis, 'fetch');
    startEarlyRequests(backend);
    await Promise.all(requests.mock.results.map((result) => result.value)); // the early list is in
    await client.from('writings').insert({ title: 'Second', user_id: userId }).throwOnError();

    expect((await firstScreenReads()).titles).toEqual(['First', 'Second']);
  });

  it('asks for no reads with a session the auth client may refresh while the page loads', () => {
    const session = storedSession();
    newPage();
    requests = vi.spyOn(globalThis, 'fetch');
    startEarlyRequests(backend, session.expires_at - 100);
    expect(sent()).toEqual([]);
  });

  it('refreshes an expiring session at once, and the auth client takes that answer: one refresh, reads early', async () => {
    const before = expireStoredSession();
    newPage();
    requests = vi.spyOn(globalThis, 'fetch');
    startEarlyRequests(backend);
    expect(sent()).toEqual(['POST /auth/v1/token']);

    // The auth client starts and refreshes the session it finds stored: the same request.
    const { data, error } = await client.auth.getSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(before.refresh_token);
    await vi.waitFor(() => expect(sent()).toHaveLength(3)); // the reads, with the new token
    expect(await firstScreenReads()).toEqual({ userId, titles: ['First', 'Second'] });
    expect(sent()).toEqual(['POST /auth/v1/token', 'GET /auth/v1/user', 'GET /rest/v1/writings']);
  });

  it('stores the refreshed session when the page has not asked for it, so the old token is never sent again', async () => {
    const before = expireStoredSession();
    newPage();
    requests = vi.spyOn(globalThis, 'fetch');
    startEarlyRequests(backend);
    await vi.waitFor(() => expect(sent()).toHaveLength(3));

    const after = storedSession();
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.expires_at).toBeGreaterThan(Date.now() / 1000 + 120);
    // The auth client, starting now, finds a current session: nothing is refreshed twice.
    const { data } = await client.auth.getSession();
    expect(data.session?.access_token).toBe(after.access_token);
    expect(await firstScreenReads()).toEqual({ userId, titles: ['First', 'Second'] });
    expect(sent()).toEqual(['POST /auth/v1/token', 'GET /auth/v1/user', 'GET /rest/v1/writings']);
  });

  it("makes another writer's reads never; only the session check goes early", async () => {
    const stored = JSON.parse(localStorage.getItem('workspace.early-requests') ?? '{}');
    localStorage.setItem(
      'workspace.early-requests',
      JSON.stringify({ ...stored, userId: crypto.randomUUID() }),
    );
    newPage();
    requests = vi.spyOn(globalThis, 'fetch');
    startEarlyRequests(backend);
    expect(sent()).toEqual(['GET /auth/v1/user']);
    await firstScreenReads();
  });

  it("never sends the writer's token anywhere but the backend", () => {
    const stored = JSON.parse(localStorage.getItem('workspace.early-requests') ?? '{}');
    const elsewhere = { url: 'https://attacker.example/collect', headers: [], signed: true };
    localStorage.setItem(
      'workspace.early-requests',
      JSON.stringify({ ...stored, userId, reads: [elsewhere] }),
    );
    newPage();
    requests = vi.spyOn(globalThis, 'fetch');
    startEarlyRequests(backend);
    expect(sent()).toEqual([]);
  });

  it('preloads each remembered file once, and none the page already asked for', () => {
    const stored = JSON.parse(localStorage.getItem('workspace.early-requests') ?? '{}');
    const file = (name: string, as: string) => ({ url: `https://cdn.example/static/${name}`, as });
    localStorage.setItem(
      'workspace.early-requests',
      JSON.stringify({
        ...stored,
        userId,
        files: [
          file('a.js', 'script'),
          file('a.js', 'script'),
          file('b.css', 'style'),
          file('c.js', 'script'),
        ],
      }),
    );
    const asked = document.createElement('script');
    asked.src = 'https://cdn.example/static/c.js';
    document.head.append(asked);
    newPage();
    expect(preloadedRememberedFiles()).toBe(false);
    startEarlyRequests(backend);
    // The shell then leaves the federation runtime's own preloading out (shell/src/remotes/register-remotes.ts).
    expect(preloadedRememberedFiles()).toBe(true);
    const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(preloaded.map((link) => [link.href, link.as])).toEqual([
      ['https://cdn.example/static/a.js', 'script'],
      ['https://cdn.example/static/b.css', 'style'],
    ]);
    for (const element of [asked, ...preloaded]) element.remove();
  });

  it('forgets them on sign-out', async () => {
    await firstScreenReads();
    rememberEarlyRequests();
    await client.auth.signOut();
    expect(localStorage.getItem('workspace.early-requests')).toBeNull();
  });
});
