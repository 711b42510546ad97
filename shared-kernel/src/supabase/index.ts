// The kernel's Supabase client and the generated types of the database schema.
export { getSupabaseClient, type WorkspaceClient } from './client.ts';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types.ts';
export { isOwnStoredFile } from './stored-files.ts';
