import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_SYNC_NOTE_DELAY_MS } from '../domain/constants.ts';
import { pendingSyncText } from '../domain/messages.ts';
import { PendingSync } from './pending-sync.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PendingSync', () => {
  it('says nothing of a change the server takes at once', () => {
    const { rerender } = render(<PendingSync count={1} />);
    act(() => vi.advanceTimersByTime(PENDING_SYNC_NOTE_DELAY_MS - 100));
    rerender(<PendingSync count={0} />);
    act(() => vi.advanceTimersByTime(PENDING_SYNC_NOTE_DELAY_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells changes that keep waiting, follows their count, and goes once they are synced', () => {
    const { rerender } = render(<PendingSync count={2} />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(PENDING_SYNC_NOTE_DELAY_MS));
    expect(screen.getByRole('status').textContent).toBe(pendingSyncText(2));
    rerender(<PendingSync count={1} />);
    expect(screen.getByRole('status').textContent).toBe(pendingSyncText(1));
    rerender(<PendingSync count={0} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
