import { act, render } from '@testing-library/react';
import { LOADING_MOTION_DELAY_MS } from 'shared-kernel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPLASH_FADE_MS, SplashOverlay } from './splash-overlay.tsx';

const advance = (milliseconds: number) => act(() => vi.advanceTimersByTime(milliseconds));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SplashOverlay', () => {
  it('stays while visible and fades out, then leaves, once hidden', () => {
    const { container, rerender } = render(<SplashOverlay visible />);
    const splash = container.firstElementChild;
    expect(splash?.getAttribute('data-state')).toBe('visible');
    advance(LOADING_MOTION_DELAY_MS);
    expect(container.firstElementChild).toBe(splash);

    rerender(<SplashOverlay visible={false} />);
    expect(splash?.getAttribute('data-state')).toBe('hiding');
    advance(SPLASH_FADE_MS - 1);
    expect(container.firstElementChild).toBe(splash);
    advance(1);
    expect(container.firstElementChild).toBeNull();
  });

  it('leaves at once, with no fade, when hidden sooner than the loading motion delay', () => {
    const { container, rerender } = render(<SplashOverlay visible />);
    advance(LOADING_MOTION_DELAY_MS - 1);
    rerender(<SplashOverlay visible={false} />);
    expect(container.firstElementChild).toBeNull();
  });

  it('comes back when shown again during the fade', () => {
    const { container, rerender } = render(<SplashOverlay visible />);
    advance(LOADING_MOTION_DELAY_MS);
    rerender(<SplashOverlay visible={false} />);
    advance(SPLASH_FADE_MS / 2);
    rerender(<SplashOverlay visible />);
    advance(SPLASH_FADE_MS);
    expect(container.firstElementChild?.getAttribute('data-state')).toBe('visible');
  });
});
