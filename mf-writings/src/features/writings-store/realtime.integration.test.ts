// @vitest-environment node
import { testClientOf } from 'shared-kernel/testing';
import { describe, expect, it, vi } from 'vitest';
import { backendForThisFile, signUpOn } from '../../testing/in-process-backend.ts';
import { connectWritingsStore, getWritingsState } from './index.ts';

// The list's realtime subscription, on the real backend: changes made elsewhere reach the list.
const backend = backendForThisFile();

const signUp = (label: string) => signUpOn(backend, label);

describe('the writings list, live', { timeout: 30_000 }, () => {
  it('refetches when another session changes a writing (realtime)', async () => {
    const { client, userId } = await signUp('live');
    connectWritingsStore({ client, userId });
    await vi.waitFor(() => expect(getWritingsState().status).toBe('ready'));
    await vi.waitFor(() => expect(getWritingsState().live).toBe(true));
    await client.from('writings').insert({ user_id: userId, title: 'Arrived live' });
    await vi.waitFor(
      () => expect(getWritingsState().items.map((item) => item.title)).toEqual(['Arrived live']),
      {
        timeout: 5000,
      },
    );
  });

  it('shows a writing and a folder made elsewhere before the list joined its channel (realtime waits for the first screen)', async () => {
    let firstScreen = () => {};
    const shown = new Promise<void>((resolve) => {
      firstScreen = resolve;
    });
    const client = testClientOf(backend, { realtimeAfter: () => shown });
    const { data } = await client.auth.signUp({
      email: `joined-late-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'a-password',
    });
    const userId = data.user?.id ?? '';
    connectWritingsStore({ client, userId });
    await vi.waitFor(() => expect(getWritingsState().status).toBe('ready'));
    const elsewhere = backend.client();
    await elsewhere.auth.setSession(
      (await client.auth.getSession()).data.session ?? { access_token: '', refresh_token: '' },
    );
    await elsewhere
      .from('writings')
      .insert({ user_id: userId, title: 'Made before the channel' })
      .throwOnError();
    await elsewhere
      .from('categories')
      .insert({ user_id: userId, name: 'Drafts', item_type: 'writing' })
      .throwOnError();
    expect(getWritingsState().items).toEqual([]);
    expect(getWritingsState().folders).toEqual([]);

    firstScreen();
    await vi.waitFor(() => expect(getWritingsState().live).toBe(true));
    await vi.waitFor(() =>
      expect(getWritingsState().items.map((item) => item.title)).toEqual(['Made before the channel']),
    );
    await vi.waitFor(() =>
      expect(getWritingsState().folders.map((folder) => folder.name)).toEqual(['Drafts']),
    );
  });
});
