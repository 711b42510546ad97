// The kernel's Supabase client and the generated types of the database schema.

// The auth client's types and error checks, for the shell's sign-in (the kernel's auth-js, not a copy of it).
export {
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  type Session,
  type User,
} from '@supabase/auth-js';
export { getSupabaseClient, WorkspaceClient, type WorkspaceClientOptions } from './client.ts';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types.ts';
export { type LiveStatus, type TableWatch, watchChanges } from './live-changes.ts';
export { isOwnStoredFile } from './stored-files.ts';
