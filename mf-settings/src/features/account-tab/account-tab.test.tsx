import { act, render, screen } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { reportUnsyncedChanges } from 'shared-kernel';
import { createTestAreaProps } from 'shared-kernel/testing';
import { describe, expect, it } from 'vitest';
import { SettingsDialog } from '../settings-dialog/index.ts';

// Radix's modal sets `pointer-events: none` on the body and gives it back to the dialog from an effect;
// on a busy machine user-event could check an input in between and refuse to type. The writer's view
// (the dialog is open and its fields take input) is what these tests assert, so that check is off.
const userEvent = userEventLibrary.setup({ pointerEventsCheck: 0 });

describe('the Account tab', () => {
  it('shows the rules of a new password under the form, before asking the service', async () => {
    const props = createTestAreaProps();
    render(<SettingsDialog {...props} />);
    act(() => props.bus.emit({ type: 'settings.open', tab: 'Account' }));
    await screen.findByRole('dialog', { name: 'Settings' });

    await userEvent.type(screen.getByLabelText('New password'), 'abcdefg');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdefh');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match');

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password must be at least 6 characters');
  });

  it('asks before signing out while changes wait to sync, and stays signed in on Cancel', async () => {
    reportUnsyncedChanges('writings', 2);
    const props = createTestAreaProps();
    render(<SettingsDialog {...props} />);
    act(() => props.bus.emit({ type: 'settings.open', tab: 'Account' }));
    await screen.findByRole('dialog', { name: 'Settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('2 changes waiting to sync');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(props.events.some((event) => event.type === 'toast.show')).toBe(false);
    reportUnsyncedChanges('writings', 0);
  });

  it('labels every control of the Editor tab, the interval starting at 30 s', async () => {
    const props = createTestAreaProps();
    render(<SettingsDialog {...props} />);
    act(() => props.bus.emit({ type: 'settings.open', tab: 'Editor' }));
    await screen.findByRole('dialog', { name: 'Settings' });
    for (const name of ['Auto-save', 'Spell check', 'Focus mode', 'Line numbers in code blocks']) {
      expect(screen.getByRole('switch', { name })).toBeTruthy();
    }
    expect(screen.getByRole('slider', { name: 'Save interval' }).getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByRole('radiogroup', { name: 'Tab size in code blocks' })).toBeTruthy();
  });
});
