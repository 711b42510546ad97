/**
 * Everything this module exports is the public API of `functions/`: the registry of web-standard fetch
 * handlers that a host mounts at `/functions/v1/<name>` (the local backend, or an edge runtime's entry),
 * and the environment a host injects into them. Handlers arrive with their own issues (chat, checkout,
 * webhook, upload).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { countingApiCalls } from './api-calls.ts';
import { billingPortal } from './billing-portal/index.ts';
import { chat } from './chat/index.ts';
import { createCheckout } from './create-checkout/index.ts';
import { deleteAccount } from './delete-account/index.ts';
import { exportWriting } from './export-writing/index.ts';
import { stripeWebhook } from './stripe-webhook/index.ts';
import { uploadImage } from './upload-image/index.ts';

/** The checkout's request body and answer (the browser's checkout call uses them). */
export { type CreateCheckoutResult, createCheckoutBody } from './create-checkout/index.ts';
/** Recognises raster images by their magic numbers; the local backend's storage checks uploads with it. */
export { type ImageType, imageTypeOf } from './upload-image/index.ts';

/**
 * A function: one web-standard request in, one response out. It reaches the outside world only through
 * `env`, so the same code runs on Supabase Edge (Deno), any fetch-handler platform and the local backend.
 */
export type FunctionHandler = (request: Request, env: FunctionEnv) => Promise<Response>;

/** What the host injects into every handler. */
export interface FunctionEnv {
  /** The project's API URL (what `createClient` takes), e.g. `http://127.0.0.1:54321`. */
  supabaseUrl: string;
  /** The public anon key. */
  anonKey: string;
  /**
   * A client with the service role: bypasses row-level security. For work no user may do (webhooks,
   * usage counters); never hand its results to a caller unchecked.
   */
  serviceClient(): SupabaseClient;
  /**
   * A client acting as the caller: requests carry `accessToken` (the caller's Bearer JWT), so row-level
   * security applies exactly as in the browser.
   */
  userClient(accessToken: string): SupabaseClient;
  /** Secrets and settings from the host's environment (model API keys, Stripe keys, ...). */
  secrets: Readonly<Record<string, string | undefined>>;
}

/** Handlers by the name they are mounted under. */
export type FunctionRegistry = Readonly<Record<string, FunctionHandler>>;

/**
 * The functions of this project, each counting its callers' API calls (the chat in its own first database
 * call, saving its first token a round trip). `chat` is also mounted at `/api/chat`.
 */
export const handlers: FunctionRegistry = countingApiCalls(
  {
    chat,
    'upload-image': uploadImage,
    'delete-account': deleteAccount,
    'create-checkout': createCheckout,
    'stripe-webhook': stripeWebhook,
    'billing-portal': billingPortal,
    'export-writing': exportWriting,
  },
  ['chat'],
);

/** What {@link createFunctionEnv} needs from a host. */
export interface FunctionEnvOptions {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  secrets: Readonly<Record<string, string | undefined>>;
  /**
   * The WebSocket class supabase-js should use. Node 20 has no global one and `createClient` throws
   * without it; Deno and browsers need nothing.
   */
  webSocket?: unknown;
}

/** Builds a handler environment; server-side clients keep no session and never refresh one. */
export function createFunctionEnv({
  supabaseUrl,
  anonKey,
  serviceRoleKey,
  secrets,
  webSocket,
}: FunctionEnvOptions): FunctionEnv {
  const clientOptions = (accessToken?: string) => ({
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
    ...(webSocket ? { realtime: { transport: webSocket as never } } : {}),
  });
  let serviceClient: SupabaseClient | undefined;
  return {
    supabaseUrl,
    anonKey,
    serviceClient: () => {
      serviceClient ??= createClient(supabaseUrl, serviceRoleKey, clientOptions());
      return serviceClient;
    },
    userClient: (accessToken) => createClient(supabaseUrl, anonKey, clientOptions(accessToken)),
    secrets,
  };
}
