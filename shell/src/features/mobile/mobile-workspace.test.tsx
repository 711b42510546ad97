import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MobileArea, MobileWorkspace } from './mobile-workspace.tsx';

const renderArea = (area: MobileArea) => <p>{`${area} area`}</p>;
const tab = (name: string) => screen.getByRole('tab', { name });

describe('MobileWorkspace', () => {
  it('shows the writings first, with tabs for Writings, Ideas and Chat', () => {
    render(<MobileWorkspace renderArea={renderArea} />);
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Writings',
      'Ideas',
      'Chat',
    ]);
    expect(tab('Writings').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('writings area');
  });

  it('shows one area at a time and keeps the others mounted once shown', async () => {
    const spy = vi.fn(renderArea);
    render(<MobileWorkspace renderArea={spy} />);
    expect(spy.mock.calls.map(([area]) => area)).not.toContain('chat');

    await userEvent.click(tab('Chat'));
    expect(screen.getByRole('tabpanel').textContent).toBe('chat area');
    expect(tab('Chat').getAttribute('aria-selected')).toBe('true');

    await userEvent.click(tab('Writings'));
    expect(screen.getByRole('tabpanel').textContent).toBe('writings area');
    const chat = screen.getByText('chat area').closest('[role="tabpanel"]');
    expect(chat?.hasAttribute('hidden')).toBe(true);
  });

  it('moves between tabs with the arrow keys, Home and End', () => {
    render(<MobileWorkspace renderArea={renderArea} />);
    tab('Writings').focus();

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Ideas'));
    expect(screen.getByRole('tabpanel').textContent).toBe('ideas area');

    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(tab('Chat'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Writings'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Chat'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('writings area');
  });
});
