export { OfflineBadge, useBackOnlineToast } from './offline-badge.tsx';
export { registerServiceWorker } from './register-service-worker.ts';
export { requestPersistentStorage } from './request-persistent-storage.ts';
