import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestAreaProps } from 'shared-kernel/testing';
import { describe, expect, it } from 'vitest';
import { SettingsDialog } from './settings-dialog.tsx';

describe('SettingsDialog', () => {
  it('stays closed until settings are asked for on the bus', () => {
    render(<SettingsDialog {...createTestAreaProps()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on settings.open with the seven tabs, Account first', async () => {
    const props = createTestAreaProps();
    render(<SettingsDialog {...props} />);

    act(() => props.bus.emit({ type: 'settings.open' }));

    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Account',
      'Plans',
      'Appearance',
      'Editor',
      'Workspace',
      'Notifications',
      'Advanced',
    ]);
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(dialog).toBeTruthy();
  });

  it('opens on the tab the event names and closes with its close button', async () => {
    const props = createTestAreaProps();
    render(<SettingsDialog {...props} />);

    act(() => props.bus.emit({ type: 'settings.open', tab: 'Plans' }));
    expect((await screen.findByRole('tab', { name: 'Plans' })).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
