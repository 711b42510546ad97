/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  /** The backend the workspace talks to; the local backend when unset. */
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}
