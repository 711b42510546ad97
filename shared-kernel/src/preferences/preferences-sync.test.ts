import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function freshModules() {
  vi.resetModules();
  const preferences = await import('./preferences.ts');
  const sync = await import('./preferences-sync.ts');
  return { ...preferences, ...sync };
}

function fakeAuth(result: { error: unknown } = { error: null }) {
  const updateUser = vi.fn(async (_attributes: { data: Record<string, unknown> }) => result);
  return { client: { auth: { updateUser } } as never, updateUser };
}

describe('preferences that follow the writer through their account', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('saves a changed palette or editor setting to the metadata 400 ms after it settles, once', async () => {
    const { syncPreferencesWithAccount, updatePreferences } = await freshModules();
    const { client, updateUser } = fakeAuth();
    const stop = syncPreferencesWithAccount({ client, metadata: {} });
    updatePreferences({ palette: 'nord' });
    updatePreferences({ tabSize: 8 });
    await vi.advanceTimersByTimeAsync(399);
    expect(updateUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(updateUser).toHaveBeenCalledTimes(1);
    expect(updateUser.mock.calls[0]?.[0].data.preferences).toMatchObject({ palette: 'nord', tabSize: 8 });
    stop();
  });

  it('does not save what stays on the device (panel order, notifications)', async () => {
    const { syncPreferencesWithAccount, updatePreferences } = await freshModules();
    const { client, updateUser } = fakeAuth();
    const stop = syncPreferencesWithAccount({ client, metadata: {} });
    updatePreferences({ panelOrder: 'chat-first', desktopNotifications: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(updateUser).not.toHaveBeenCalled();
    stop();
  });

  it('takes a newer copy from the metadata, but never an older one', async () => {
    const { adoptSyncedPreferences, getPreferences, updatePreferences } = await freshModules();
    updatePreferences({ palette: 'rose' });
    const local = getPreferences().syncedChangedAt;
    expect(adoptSyncedPreferences({ preferences: { palette: 'nord', syncedChangedAt: local - 1 } })).toBe(
      false,
    );
    expect(getPreferences().palette).toBe('rose');
    expect(
      adoptSyncedPreferences({
        preferences: { palette: 'nord', ideasDock: 'left', syncedChangedAt: local + 1 },
      }),
    ).toBe(true);
    expect(getPreferences()).toMatchObject({ palette: 'nord', ideasDock: 'right' });
  });

  it('logs a failure to save and carries on', async () => {
    const { syncPreferencesWithAccount, updatePreferences } = await freshModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = fakeAuth({ error: new Error('offline') });
    const stop = syncPreferencesWithAccount({ client, metadata: null });
    updatePreferences({ spellCheck: false });
    await vi.advanceTimersByTimeAsync(400);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    stop();
  });
});
