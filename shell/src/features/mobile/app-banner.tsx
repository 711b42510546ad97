import { Smartphone, X } from 'lucide-react';
import { useState } from 'react';
import { touchTargetClass } from 'shared-kernel';
import styles from './app-banner.module.css';
import { appLinkFor, detectPlatform } from './platform.ts';

/** The localStorage key that remembers the banner was dismissed in this browser. */
export const APP_BANNER_DISMISSED_KEY = 'workspace.app-banner-dismissed';

// Storage can be unavailable (private mode, blocked cookies): failures are logged and otherwise ignored
// (docs/product.md, Messages), at worst the banner shows again.
function wasDismissed(): boolean {
  try {
    return localStorage.getItem(APP_BANNER_DISMISSED_KEY) === 'true';
  } catch (error) {
    console.error('[shell] could not read the app banner dismissal', error);
    return false;
  }
}

function rememberDismissal() {
  try {
    localStorage.setItem(APP_BANNER_DISMISSED_KEY, 'true');
  } catch (error) {
    console.error('[shell] could not remember the app banner dismissal', error);
  }
}

/**
 * The dismissible banner promoting the mobile app (docs/product.md, Workspace layout). It links to the App Store on
 * iOS, the Play Store on Android and the download page elsewhere; once dismissed it stays away.
 */
export function AppBanner() {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;
  const link = appLinkFor(detectPlatform(navigator));

  return (
    <aside className={styles.banner} aria-label="Mobile app">
      <Smartphone className={styles.icon} size={20} aria-hidden />
      <p className={styles.text}>Write on the go with the mobile app.</p>
      <a
        className={`${styles.link} ${touchTargetClass}`}
        href={link}
        target="_blank"
        rel="noopener noreferrer"
      >
        Get the app
      </a>
      <button
        type="button"
        className={`${styles.dismiss} ${touchTargetClass}`}
        aria-label="Dismiss"
        onClick={() => {
          rememberDismissal();
          setDismissed(true);
        }}
      >
        <X size={16} aria-hidden />
      </button>
    </aside>
  );
}
