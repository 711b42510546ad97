import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A GoTrue error: HTTP status, machine code (`invalid_credentials`, `weak_password`, ...) and message.
 * `extra` adds fields to the body, e.g. `weak_password: { reasons }`.
 */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** The API version supabase-js announces; GoTrue echoes it and then uses the newer error shape. */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';

/**
 * Answers an AuthError in GoTrue's shape. supabase-js reads `code` as the error code only when the
 * response echoes `X-Supabase-Api-Version` >= 2024-01-01, otherwise it reads the legacy `error_code`
 * (docs/backend.md, protocol fact 5), so the body follows the request's version.
 */
export function authErrorResponse(context: Context, error: AuthError): Response {
  const body = context.req.header(API_VERSION_HEADER)
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return context.json(body, error.status);
}
