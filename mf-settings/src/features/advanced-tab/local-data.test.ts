import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData } from './local-data.ts';

describe('clearing this device’s data', () => {
  beforeEach(() => localStorage.clear());

  it('refuses while changes wait to sync, touching nothing', async () => {
    localStorage.setItem('workspace.preferences', '{"palette":"nord"}');
    expect(await clearLocalData({ unsynced: () => 3 })).toEqual({ cleared: false, unsynced: 3 });
    expect(localStorage.getItem('workspace.preferences')).not.toBeNull();
  });

  it('clears the stored preferences and drafts but keeps the session', async () => {
    localStorage.setItem('workspace.preferences', '{"palette":"nord"}');
    localStorage.setItem('sb-127-auth-token', '{"access_token":"x"}');
    expect(await clearLocalData({ unsynced: () => 0 })).toEqual({ cleared: true });
    expect(localStorage.getItem('workspace.preferences')).toBeNull();
    expect(localStorage.getItem('sb-127-auth-token')).not.toBeNull();
  });
});
