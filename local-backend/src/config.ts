import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';

/** The Supabase CLI's well-known local JWT secret: with it, the CLI's published local keys verify. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The Supabase CLI's local API port. */
export const DEFAULT_PORT = 54321;

/** Where `pnpm backend` keeps its data unless told otherwise: `<repo root>/.data`. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data', import.meta.url));

/** Where `/verify` sends the browser without an allowed `redirect_to`: the shell's default dev port. */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** The API keys of a backend: HS256 JWTs whose `role` claim selects the Postgres role. */
export interface ApiKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** What `startBackend` needs; everything but `dataDir` has a default. */
export interface BackendOptions {
  /** A folder, or `memory://` for a throwaway database. */
  dataDir: string;
  /** @default 54321. 0 picks any free port (tests). */
  port?: number;
  /** @default DEFAULT_JWT_SECRET */
  jwtSecret?: string;
  /** Require e-mail confirmation before the first sign-in. @default false (auto-confirm, like the CLI) */
  confirmEmail?: boolean;
  /** Where `/verify` sends the browser when the link carries no `redirect_to`. @default DEFAULT_SITE_URL */
  siteUrl?: string;
  /** How long a just-rotated refresh token is still accepted (racing tabs). @default 10 */
  refreshTokenReuseSeconds?: number;
  /**
   * The backend runs behind a reverse proxy: per-client limits take the client's address from the last
   * `X-Forwarded-For` entry instead of the socket. Off by default, as any client can send that header.
   * @default false
   */
  trustProxy?: boolean;
  /**
   * Whether the database refuses what passes a tier's limit (documents per month; the functions check
   * the others). `off` still counts; for test backends of features that are not about limits.
   * @default 'enforced'
   */
  tierLimits?: 'enforced' | 'off';
}

/** Reads the CLI's environment (`SUPABASE_LOCAL_*`, `SUPABASE_JWT_SECRET`, ...) into backend options. */
export function readOptionsFromEnvironment(environment: NodeJS.ProcessEnv): BackendOptions {
  const port = environment.SUPABASE_LOCAL_PORT ? Number(environment.SUPABASE_LOCAL_PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SUPABASE_LOCAL_PORT must be a port number, got "${environment.SUPABASE_LOCAL_PORT}"`);
  }
  return {
    dataDir: environment.SUPABASE_LOCAL_DATA_DIR || DEFAULT_DATA_DIR,
    port,
    jwtSecret: environment.SUPABASE_JWT_SECRET || DEFAULT_JWT_SECRET,
    confirmEmail: environment.SUPABASE_AUTH_CONFIRM_EMAIL === 'true',
    siteUrl: environment.SUPABASE_AUTH_SITE_URL || undefined,
    trustProxy: environment.SUPABASE_LOCAL_TRUST_PROXY === 'true',
    tierLimits: environment.SUPABASE_LOCAL_TIER_LIMITS === 'off' ? 'off' : 'enforced',
  };
}

/**
 * Signs the anon and service_role keys exactly as the Supabase CLI does (same header, claim order,
 * issuer and expiry), so with the default secret they are byte for byte the CLI's well-known keys.
 */
export async function createApiKeys(jwtSecret: string): Promise<ApiKeys> {
  const secret = new TextEncoder().encode(jwtSecret);
  const sign = (role: string) =>
    new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
  return { jwtSecret, anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') };
}
