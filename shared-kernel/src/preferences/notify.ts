import { getPreferences } from './preferences.ts';

/**
 * Shows a desktop notification when the writer turned them on (Notifications settings) and the browser
 * granted permission; otherwise nothing. Failures are logged, never shown.
 */
export function notifyDesktop({ title, body }: { title: string; body?: string }): void {
  if (!getPreferences().desktopNotifications) return;
  const NotificationApi = globalThis.Notification;
  if (NotificationApi?.permission !== 'granted') return;
  try {
    new NotificationApi(title, body ? { body } : {});
  } catch (error) {
    console.warn('[notifications] could not show a desktop notification', error);
  }
}
