import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { skip } from 'rxjs';
import { messages, online$, useOnline } from 'shared-kernel';
import { showToast } from '../toasts/index.ts';
import styles from './offline-badge.module.css';

/**
 * The room the notice takes at the bottom of the page, as a CSS length on the root element: the
 * workspace's panes end above it (shell/src/features/layout/workspace-layout.module.css), so the notice
 * covers none of their text, such as the editor footer's word count.
 */
export const OFFLINE_NOTICE_SPACE = '--offline-notice-space';

/** Keeps OFFLINE_NOTICE_SPACE at the notice's height and the same gap again above it as below. */
function useReservedSpace(notice: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = notice.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => {
      const below = Number.parseFloat(getComputedStyle(element).bottom) || 0;
      root.style.setProperty(OFFLINE_NOTICE_SPACE, `${element.offsetHeight + 2 * below}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(OFFLINE_NOTICE_SPACE);
    };
  }, [notice]);
}

/** The 'Offline' badge with its note while the browser is offline. */
export function OfflineBadge() {
  const online = useOnline();
  return online ? null : <OfflineNotice />;
}

function OfflineNotice() {
  const notice = useRef<HTMLDivElement>(null);
  useReservedSpace(notice);
  return (
    <div ref={notice} className={styles.badge} role="status">
      <strong className={styles.label}>{messages.offline.badge}</strong>
      <span>{messages.offline.note}</span>
    </div>
  );
}

/** A 'Back online' toast each time the connection returns. */
export function useBackOnlineToast(): void {
  useEffect(() => {
    const subscription = online$.pipe(skip(1)).subscribe((online) => {
      if (online) showToast('success', messages.offline.backOnline);
    });
    return () => subscription.unsubscribe();
  }, []);
}
