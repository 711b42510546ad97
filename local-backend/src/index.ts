/**
 * The local backend's public API: everything exported here may be used by other packages of the
 * workspace (`import { startBackend } from 'local-backend'`). Test helpers are in `local-backend/testing`.
 */
export { type Backend, type StartBackendOptions, startBackend } from './backend.ts';
export {
  type BackendOptions,
  DEFAULT_JWT_SECRET,
  DEFAULT_PORT,
  readOptionsFromEnvironment,
} from './config.ts';
export { type Database, openDatabase, type RequestAuth } from './db/database.ts';
export { PLATFORM_SQL_FILES } from './db/migrate.ts';
export {
  LOCAL_PRICES,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  localStripeSecrets,
  priceEnvName,
  type StripeTestMode,
  signatureHeader,
} from './stripe/index.ts';
