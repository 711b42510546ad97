import { beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'workspace.preferences';

async function freshModule() {
  vi.resetModules();
  return import('./preferences.ts');
}

describe('preferences', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the spec defaults: aurora, sans, ideas then chat, docked right', async () => {
    const { getPreferences } = await freshModule();
    expect(getPreferences()).toMatchObject({
      palette: 'aurora',
      uiFont: 'sans',
      panelOrder: 'ideas-first',
      ideasDock: 'right',
      ideasOpen: true,
      chatOpen: true,
    });
  });

  it('saves a change and reads it back after a reload', async () => {
    const first = await freshModule();
    first.updatePreferences({ panelOrder: 'chat-first', ideasDock: 'left' });

    const reloaded = await freshModule();
    expect(reloaded.getPreferences()).toMatchObject({ panelOrder: 'chat-first', ideasDock: 'left' });
  });

  it('keeps the valid fields of a damaged entry and defaults the rest', async () => {
    localStorage.setItem(KEY, JSON.stringify({ palette: 'nope', ideasDock: 'left', uiFont: 42 }));
    const { getPreferences } = await freshModule();
    expect(getPreferences()).toMatchObject({ palette: 'aurora', ideasDock: 'left', uiFont: 'sans' });
  });

  it('falls back to the defaults when the entry is not JSON', async () => {
    localStorage.setItem(KEY, '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { getPreferences } = await freshModule();
    expect(getPreferences().palette).toBe('aurora');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('follows a change made in another tab', async () => {
    const { preferences$ } = await freshModule();
    const seen: string[] = [];
    preferences$.subscribe((preferences) => seen.push(preferences.palette));

    localStorage.setItem(KEY, JSON.stringify({ palette: 'nord' }));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));

    expect(seen).toEqual(['aurora', 'nord']);
  });

  it('tells no one of a change that changes nothing (a panel opened that is open)', async () => {
    const { preferences$, updatePreferences } = await freshModule();
    const seen: boolean[] = [];
    preferences$.subscribe((preferences) => seen.push(preferences.chatOpen));

    updatePreferences({ chatOpen: true });
    updatePreferences({ chatOpen: false });

    expect(seen).toEqual([true, false]);
  });
});
