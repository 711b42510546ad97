import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIsMobile } from './use-is-mobile.ts';

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let width = 1280;
function resizeTo(next: number) {
  width = next;
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

beforeEach(() => {
  width = 1280;
  vi.spyOn(window, 'innerWidth', 'get').mockImplementation(() => width);
});
afterEach(() => vi.restoreAllMocks());

describe('useIsMobile', () => {
  it('is false for a desktop browser with a wide window', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(false);
  });

  it('follows the window below and back above 640 px', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP);
    const { result } = renderHook(() => useIsMobile());

    resizeTo(639);
    expect(result.current).toBe(true);
    resizeTo(640);
    expect(result.current).toBe(false);
  });

  it('is true for a mobile user agent however wide the window', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PHONE);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(true);
  });
});
