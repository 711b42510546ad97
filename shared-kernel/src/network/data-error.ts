/**
 * Every failure of a request to the backend, told apart once, here, by what the backend answered (HTTP
 * status, PostgREST / Postgres / Auth error codes) rather than by the wording of its message. Data
 * modules throw a {@link DataError}; what the writer is told is chosen from its `code`
 * (`saveErrorMessage`), and whether to fall back to the device's copy too (`code === 'offline'`).
 */

/** What went wrong, as far as the writer and the app care. */
export type DataErrorCode =
  /** The request never got an answer: offline, or the connection was cut. */
  | 'offline'
  /** The session is over (expired or revoked token): signing in again is the way out. */
  | 'session-expired'
  /** Row-level security or a grant refused it, or the row cannot be written by this user. */
  | 'permission-denied'
  | 'not-found'
  /** A unique key already holds that value (a replayed create, a duplicate name). */
  | 'conflict'
  /** The device could not keep the change (IndexedDB quota). */
  | 'storage-full'
  /** The tier's limit is reached (SQLSTATE PT429, HTTP 429): kept, and tried again after an upgrade. */
  | 'rate-limited'
  /** Anything else the backend refused or failed at. */
  | 'server';

/** A failed request to the backend, with the code the app decides on. `cause` is the original failure. */
export class DataError extends Error {
  override readonly name = 'DataError';

  constructor(
    readonly code: DataErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The fields of the failures supabase-js reports (PostgrestError, AuthError, StorageError, ...). */
interface BackendFailure {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  name?: unknown;
}

// PostgREST's codes for a missing, invalid or expired JWT; Postgres' for a refused privilege or policy.
const SESSION_CODES = new Set([
  'PGRST301',
  'PGRST302',
  'PGRST303',
  'bad_jwt',
  'session_expired',
  'session_not_found',
]);
const HTTP_CODES: Record<number, DataErrorCode> = {
  0: 'offline',
  401: 'session-expired',
  403: 'permission-denied',
  404: 'not-found',
  409: 'conflict',
  429: 'rate-limited',
};

function codeOf(failure: BackendFailure, status: number | undefined): DataErrorCode {
  const code = typeof failure.code === 'string' ? failure.code : '';
  if (SESSION_CODES.has(code)) return 'session-expired';
  if (code === '42501') return 'permission-denied';
  if (code === '23505') return 'conflict';
  if (code === 'PGRST116') return 'not-found';
  if (code === 'PT429') return 'rate-limited';
  const httpStatus = status ?? Number(failure.status ?? failure.statusCode ?? Number.NaN);
  const byStatus = HTTP_CODES[httpStatus];
  if (byStatus) return byStatus;
  // fetch() rejects with a TypeError when no answer came (supabase-js passes it on, or names it so).
  if (failure.name === 'TypeError' || failure.name === 'AuthRetryableFetchError') return 'offline';
  return 'server';
}

/**
 * The failure as a {@link DataError}. `status` is the HTTP status supabase-js answered with (0: no
 * answer), when the caller has it. Offline in the browser's view is always 'offline'.
 */
export function toDataError(failure: unknown, status?: number): DataError {
  if (failure instanceof DataError) return failure;
  const fields = (typeof failure === 'object' && failure !== null ? failure : {}) as BackendFailure;
  const message =
    typeof fields.message === 'string' && fields.message
      ? fields.message
      : String(failure ?? 'Unknown error');
  const code = navigatorOnline() === false ? 'offline' : codeOf(fields, status);
  return new DataError(code, message, { cause: failure });
}

/**
 * The data of a supabase-js answer, or its failure thrown as a {@link DataError}.
 * @example const rows = dataOf(await client.from('writings').select('id'));
 */
export function dataOf<Answer extends { data: unknown; error: unknown; status?: number }>(
  answer: Answer,
): Extract<Answer, { error: null }>['data'] {
  const { data, error, status } = answer;
  if (error || status === 0) throw toDataError(error, status);
  return data as Extract<Answer, { error: null }>['data'];
}

/** Whether a failure means the backend was not reached (the device's copy is the fallback). */
export function isOfflineFailure(failure: unknown): boolean {
  return toDataError(failure).code === 'offline';
}

const LIMIT_KINDS = { api_calls: 'apiCalls', documents: 'documents', chat_messages: 'chatMessages' } as const;

/**
 * Which limit a 'rate-limited' failure hit and when it resets, read from the usage the database sent in
 * the error's details (`{ metric, resets_at, ... }`); null for any other failure.
 */
export function limitReachedOf(
  failure: unknown,
): { kind: (typeof LIMIT_KINDS)[keyof typeof LIMIT_KINDS]; resetsAt: Date } | null {
  const error = toDataError(failure);
  if (error.code !== 'rate-limited') return null;
  const cause = error.cause instanceof DataError ? error.cause.cause : error.cause;
  const details = (cause as { details?: unknown; cause?: { details?: unknown } } | null)?.details;
  try {
    const usage = JSON.parse(String(details)) as { metric?: keyof typeof LIMIT_KINDS; resets_at?: string };
    const kind = usage.metric ? LIMIT_KINDS[usage.metric] : undefined;
    if (!kind || !usage.resets_at) return null;
    return { kind, resetsAt: new Date(usage.resets_at) };
  } catch {
    return null;
  }
}

/** The browser's view of the connection; undefined outside a browser (a server function, a test in Node). */
export function navigatorOnline(): boolean | undefined {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine;
}
