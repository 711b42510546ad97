import { DataError, toDataError } from '../network/data-error.ts';

/** Why an entry could not be synced. `network`: the server was not reached (offline, connection cut). */
export class SyncFailure extends DataError {
  constructor(
    readonly network: boolean,
    cause: unknown,
  ) {
    super(
      network ? 'offline' : toDataError(cause).code,
      network ? 'The server could not be reached' : 'The server refused the write',
      { cause },
    );
  }
}

/** A supabase-js answer: `status` 0 means the request never got an answer. */
type Answer<T> = { data: T | null; error: { code?: string; message: string } | null; status: number };

/** The data of an answer a sync step got, or the {@link SyncFailure} it is. */
export function checkSynced<T>({ data, error, status }: Answer<T>): T {
  if (status === 0) throw new SyncFailure(true, error);
  if (error) throw new SyncFailure(false, error);
  return data as T;
}

/** Whether a failed insert failed because the row is there already (an earlier try's answer was lost). */
export function isDuplicateInsert(failure: unknown): boolean {
  return failure instanceof SyncFailure && (failure.cause as { code?: string })?.code === '23505';
}

/**
 * What a log or a rejection carries: an Error with a message, whatever failed. supabase-js answers a
 * request that failed with a plain `{ message, code }` object, which a console shows as "Object".
 */
export function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  const message = (value as { message?: unknown } | null)?.message;
  return new Error(typeof message === 'string' && message ? message : String(value), { cause: value });
}
