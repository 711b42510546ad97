/** The device families the app banner links differently for. */
export type Platform = 'ios' | 'android' | 'other';

/**
 * The device's platform from its user agent. iPadOS 13+ presents itself as a Mac; a Mac with a touch
 * screen (more than one touch point) is such an iPad.
 */
export function detectPlatform({
  userAgent,
  maxTouchPoints,
}: {
  userAgent: string;
  maxTouchPoints: number;
}): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) {
    return 'ios';
  }
  return 'other';
}

/** The build's store links, or the public store pages and the site's download page when unset. */
export function appLinkFor(platform: Platform): string {
  switch (platform) {
    case 'ios':
      return import.meta.env.PUBLIC_APP_STORE_URL || 'https://apps.apple.com/';
    case 'android':
      return import.meta.env.PUBLIC_PLAY_STORE_URL || 'https://play.google.com/store/apps';
    case 'other':
      return import.meta.env.PUBLIC_APP_DOWNLOAD_URL || '/download';
  }
}
