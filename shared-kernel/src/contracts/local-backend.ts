import type { BackendConfig } from './area-props.ts';

/**
 * The local backend as `pnpm backend` serves it: the Supabase CLI's well-known local URL and anon key
 * (signed with the CLI's public demo secret, so it grants nothing outside a developer's machine).
 */
export const LOCAL_BACKEND: BackendConfig = {
  url: 'http://127.0.0.1:54321',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
};

/**
 * The backend this build talks to: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY at build time, else
 * the local backend. The kernel is one shared instance per page, so the composed page uses the shell's
 * build values and a remote's standalone harness its own.
 */
export function backendConfigFromEnv(): BackendConfig {
  return {
    url: import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_BACKEND.url,
    anonKey: import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_BACKEND.anonKey,
  };
}
