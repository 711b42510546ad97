import type { DatabaseRole } from '../db/database.ts';

/** The JSON body of every PostgREST error response: supabase-js hands it to the caller verbatim. */
export interface RestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** An error the REST API answers itself (PGRST1xx/2xx codes and request validation), with its status. */
export class RestError extends Error {
  override name = 'RestError';
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;

  constructor({
    status,
    code,
    message,
    details = null,
    hint = null,
  }: {
    status: number;
    code: string;
    message: string;
    details?: string | null;
    hint?: string | null;
  }) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  toBody(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** A malformed query string or header (PGRST100): always a 400, never a database round trip. */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError({ status: 400, code: 'PGRST100', message, details });
}

/** An error raised by Postgres (PGlite's DatabaseError carries `code`, `detail` and `hint`). */
interface PostgresError {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

function isPostgresError(error: unknown): error is PostgresError {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** PostgREST's SQLSTATE -> HTTP status mapping (docs/backend.md, protocol fact 7). */
function statusForSqlState(code: string, role: DatabaseRole): number {
  // PostgREST's own convention: SQLSTATE PTxyz answers HTTP xyz (a tier limit raises PT429).
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  if (code === '57014') return 504;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  if (code.startsWith('40') || code.startsWith('XX') || code.startsWith('58')) return 500;
  return 400;
}

/**
 * Turns anything thrown while answering a request into a status and PostgREST error body. Unknown
 * errors become a 500 with a generic message: their text may hold internals (SQL) a client must not see.
 */
export function toErrorResponse(error: unknown, role: DatabaseRole): { status: number; body: RestErrorBody } {
  if (error instanceof RestError) return { status: error.status, body: error.toBody() };
  if (isPostgresError(error)) {
    return {
      status: statusForSqlState(error.code, role),
      body: {
        code: error.code,
        details: error.detail ?? null,
        hint: error.hint ?? null,
        message: error.message,
      },
    };
  }
  console.error('[rest] unexpected error', error);
  return {
    status: 500,
    body: {
      code: 'PGRST000',
      details: null,
      hint: null,
      message: 'Internal error while answering the request',
    },
  };
}
