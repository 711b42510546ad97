// The Notifications tab: desktop, e-mail, mentions and updates preferences.
export { NotificationsTab } from './notifications-tab.tsx';
