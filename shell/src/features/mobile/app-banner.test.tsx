import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_BANNER_DISMISSED_KEY, AppBanner } from './app-banner.tsx';

const USER_AGENTS = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};

function onDevice(userAgent: string, maxTouchPoints = 0) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(maxTouchPoints);
}
const appLink = () => screen.getByRole('link', { name: 'Get the app' }).getAttribute('href');

beforeEach(() => {
  localStorage.clear();
  vi.stubEnv('PUBLIC_APP_STORE_URL', 'https://apps.apple.com/app/id123');
  vi.stubEnv('PUBLIC_PLAY_STORE_URL', 'https://play.google.com/store/apps/details?id=app.writers');
  vi.stubEnv('PUBLIC_APP_DOWNLOAD_URL', 'https://example.com/download');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('AppBanner', () => {
  it('links to the App Store on iOS, including an iPad that presents itself as a Mac', () => {
    onDevice(USER_AGENTS.iPhone, 5);
    const { unmount } = render(<AppBanner />);
    expect(appLink()).toBe('https://apps.apple.com/app/id123');
    unmount();

    onDevice(USER_AGENTS.mac, 5);
    render(<AppBanner />);
    expect(appLink()).toBe('https://apps.apple.com/app/id123');
  });

  it('links to the Play Store on Android', () => {
    onDevice(USER_AGENTS.android, 5);
    render(<AppBanner />);
    expect(appLink()).toBe('https://play.google.com/store/apps/details?id=app.writers');
  });

  it('links to the download page elsewhere', () => {
    onDevice(USER_AGENTS.windows);
    const { unmount } = render(<AppBanner />);
    expect(appLink()).toBe('https://example.com/download');
    unmount();

    onDevice(USER_AGENTS.mac);
    render(<AppBanner />);
    expect(appLink()).toBe('https://example.com/download');
  });

  it('falls back to the public store pages when the build sets no links', () => {
    vi.unstubAllEnvs();
    vi.stubEnv('PUBLIC_APP_STORE_URL', '');
    vi.stubEnv('PUBLIC_PLAY_STORE_URL', '');
    vi.stubEnv('PUBLIC_APP_DOWNLOAD_URL', '');
    onDevice(USER_AGENTS.iPhone);
    const { unmount } = render(<AppBanner />);
    expect(appLink()).toBe('https://apps.apple.com/');
    unmount();

    onDevice(USER_AGENTS.android);
    render(<AppBanner />);
    expect(appLink()).toBe('https://play.google.com/store/apps');
  });

  it('goes away when dismissed and stays away on the next visit', async () => {
    onDevice(USER_AGENTS.android);
    const { unmount } = render(<AppBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Mobile app' })).toBeNull();
    unmount();

    render(<AppBanner />);
    expect(screen.queryByRole('complementary', { name: 'Mobile app' })).toBeNull();
    expect(localStorage.getItem(APP_BANNER_DISMISSED_KEY)).toBe('true');
  });

  it('still closes, and logs why, when the browser refuses to store the dismissal', async () => {
    onDevice(USER_AGENTS.android);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    render(<AppBanner />);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Mobile app' })).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      '[shell] could not remember the app banner dismissal',
      expect.any(DOMException),
    );
  });
});
