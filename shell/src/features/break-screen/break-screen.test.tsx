import { act, fireEvent, render, screen } from '@testing-library/react';
import { BREAK_SCREEN } from 'shared-kernel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BreakScreen } from './break-screen.tsx';
import { WELCOME_BACK, WRITING_JOKES } from './writing-jokes.ts';

const clockText = (date: Date) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
const advance = (milliseconds: number) => act(() => vi.advanceTimersByTime(milliseconds));
const icons = () => document.querySelectorAll('[data-bouncing-icon]');
const shownJoke = () => screen.queryByText((text) => WRITING_JOKES.includes(text));

function preferReducedMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 2, 14, 9, 30, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('BreakScreen', () => {
  it('shows the time and updates it every second', () => {
    render(<BreakScreen onExit={() => {}} />);
    expect(screen.getByText(clockText(new Date(2026, 2, 14, 9, 30, 0)))).toBeTruthy();

    advance(BREAK_SCREEN.clockTickMs);
    expect(screen.getByText(clockText(new Date(2026, 2, 14, 9, 30, 1)))).toBeTruthy();

    advance(BREAK_SCREEN.clockTickMs * 59);
    expect(screen.getByText(clockText(new Date(2026, 2, 14, 9, 31, 0)))).toBeTruthy();
  });

  it('shows a writing joke after 500 ms', () => {
    render(<BreakScreen onExit={() => {}} />);
    advance(BREAK_SCREEN.jokeDelayMs - 1);
    expect(shownJoke()).toBeNull();

    advance(1);
    expect(shownJoke()).toBeTruthy();
  });

  it('picks the joke at random', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    render(<BreakScreen onExit={() => {}} />);
    advance(BREAK_SCREEN.jokeDelayMs);
    expect(screen.getByText(WRITING_JOKES.at(-1) ?? '')).toBeTruthy();
  });

  it('starts with one icon and adds one every 30 s, never more than 120', () => {
    preferReducedMotion();
    render(<BreakScreen onExit={() => {}} />);
    expect(icons()).toHaveLength(1);

    advance(BREAK_SCREEN.iconIntervalMs - 1);
    expect(icons()).toHaveLength(1);
    advance(1);
    expect(icons()).toHaveLength(2);

    advance(BREAK_SCREEN.iconIntervalMs * 117);
    expect(icons()).toHaveLength(119);
    advance(BREAK_SCREEN.iconIntervalMs * 10);
    expect(icons()).toHaveLength(BREAK_SCREEN.maxIcons);
  });

  it('moves the icons on animation frames', () => {
    render(<BreakScreen onExit={() => {}} />);
    const icon = icons()[0] as HTMLElement;
    const start = icon.style.transform;

    advance(1000);
    expect(icon.style.transform).toMatch(/^translate\(/);
    expect(icon.style.transform).not.toBe(start);
  });

  it('keeps the icons still when the user prefers reduced motion', () => {
    preferReducedMotion();
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    render(<BreakScreen onExit={() => {}} />);
    const icon = icons()[0] as HTMLElement;
    const start = icon.style.transform;

    advance(1000);
    expect(icon.style.transform).toBe(start);
    expect(frames).not.toHaveBeenCalled();
  });

  it('on any key waits 0.7 s, says welcome back for 1.6 s, then exits', () => {
    const onExit = vi.fn();
    render(<BreakScreen onExit={onExit} />);
    advance(0);

    const key = fireEvent.keyDown(document.body, { key: 'a' });
    expect(key).toBe(false); // the key does not reach the editor underneath
    advance(BREAK_SCREEN.exitDelayMs - 1);
    expect(screen.queryByText(WELCOME_BACK)).toBeNull();
    advance(1);
    expect(screen.getByText(WELCOME_BACK)).toBeTruthy();

    advance(BREAK_SCREEN.welcomeMessageMs - 1);
    expect(onExit).not.toHaveBeenCalled();
    advance(1);
    expect(onExit).toHaveBeenCalledOnce();
  });

  it('ends on a click too, and only once however many inputs follow', () => {
    const onExit = vi.fn();
    render(<BreakScreen onExit={onExit} />);
    advance(0);

    fireEvent.click(screen.getByRole('dialog', { name: 'Break' }));
    advance(300);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(document.body);
    advance(BREAK_SCREEN.exitDelayMs);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    advance(BREAK_SCREEN.welcomeMessageMs);
    advance(BREAK_SCREEN.welcomeMessageMs);
    expect(onExit).toHaveBeenCalledOnce();
  });

  it('ignores the input that opened it', () => {
    const onExit = vi.fn();
    render(<BreakScreen onExit={onExit} />);

    fireEvent.click(document.body);
    fireEvent.keyDown(document.body, { key: 'b' });
    advance(BREAK_SCREEN.exitDelayMs);
    advance(BREAK_SCREEN.welcomeMessageMs);
    expect(screen.queryByText(WELCOME_BACK)).toBeNull();
    expect(onExit).not.toHaveBeenCalled();
  });
});
