import { act, render, screen } from '@testing-library/react';
import { LOADING_FAILSAFE_MS } from 'shared-kernel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen, TYPING_CHARACTER_MS, TYPING_HOLD_MS } from './loading-screen.tsx';

const TAGLINE = 'create something awesome';
const advance = (milliseconds: number) => act(() => vi.advanceTimersByTime(milliseconds));
const typed = () => document.querySelector('[data-typed]')?.textContent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LoadingScreen', () => {
  it('types the tagline one character at a time, then reports done once', () => {
    const onDone = vi.fn();
    render(<LoadingScreen onDone={onDone} />);
    expect(screen.getByRole('status', { name: TAGLINE })).toBeTruthy();

    advance(TYPING_CHARACTER_MS * 7 + 20);
    expect(typed()).toBe('create');
    advance(TYPING_CHARACTER_MS * TAGLINE.length);
    expect(typed()).toBe(TAGLINE);
    expect(onDone).not.toHaveBeenCalled();

    advance(TYPING_HOLD_MS);
    expect(onDone).toHaveBeenCalledOnce();
    advance(LOADING_FAILSAFE_MS);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('ends after the 8 s failsafe when animation frames never come (a hidden tab)', () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const onDone = vi.fn();
    render(<LoadingScreen onDone={onDone} />);

    advance(LOADING_FAILSAFE_MS - 1);
    expect(onDone).not.toHaveBeenCalled();
    advance(1);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('reports nothing after it has left the page', () => {
    const onDone = vi.fn();
    const { unmount } = render(<LoadingScreen onDone={onDone} />);
    unmount();
    advance(LOADING_FAILSAFE_MS);
    expect(onDone).not.toHaveBeenCalled();
  });
});
