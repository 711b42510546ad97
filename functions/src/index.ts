/**
 * Everything this module exports is the public API of `functions/`: the registry of fetch handlers
 * (`(request: Request) => Promise<Response>`) that the local backend mounts at `/functions/v1/<name>`.
 * Handlers arrive with their own issues (chat, checkout, webhook, upload).
 */
export type FunctionHandler = (request: Request, env: FunctionEnv) => Promise<Response>;

/** What the host injects into every handler: its configuration and secrets. */
export type FunctionEnv = Readonly<Record<string, string | undefined>>;

/** Handlers by the name they are mounted under. */
export const handlers: Readonly<Record<string, FunctionHandler>> = {};
