import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataError, dataOf, isOfflineFailure, toDataError } from './data-error.ts';

afterEach(() => vi.unstubAllGlobals());

describe('toDataError', () => {
  it('tells the failures apart by PostgREST, Postgres and Auth codes', () => {
    expect(toDataError({ message: 'JWT expired', code: 'PGRST303' }).code).toBe('session-expired');
    expect(toDataError({ message: 'bad', code: 'bad_jwt', name: 'AuthApiError', status: 403 }).code).toBe(
      'session-expired',
    );
    expect(toDataError({ message: 'new row violates row-level security policy', code: '42501' }).code).toBe(
      'permission-denied',
    );
    expect(toDataError({ message: 'duplicate key value', code: '23505' }).code).toBe('conflict');
    expect(toDataError({ message: 'no rows', code: 'PGRST116' }).code).toBe('not-found');
  });

  it('falls back to the HTTP status, and counts no answer (status 0, a fetch TypeError) as offline', () => {
    expect(toDataError({ message: 'TypeError: Failed to fetch', code: '' }, 0).code).toBe('offline');
    expect(toDataError(new TypeError('Load failed')).code).toBe('offline');
    expect(toDataError({ message: 'Unauthorized' }, 401).code).toBe('session-expired');
    expect(toDataError({ message: 'Forbidden', statusCode: '403' }).code).toBe('permission-denied');
    expect(toDataError({ message: 'boom' }, 500).code).toBe('server');
  });

  it('is offline whatever the failure when the browser says so', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(toDataError({ message: 'anything', code: '42501' }).code).toBe('offline');
    expect(isOfflineFailure(new Error('anything'))).toBe(true);
  });

  it('keeps a DataError as it is and the original failure as the cause', () => {
    const error = new DataError('conflict', 'taken');
    expect(toDataError(error)).toBe(error);
    const original = { message: 'nope', code: '42501' };
    expect(toDataError(original)).toMatchObject({ message: 'nope', cause: original });
  });
});

describe('dataOf', () => {
  it('answers the data, or throws the failure as a DataError', () => {
    expect(dataOf({ data: [1, 2], error: null, status: 200 })).toEqual([1, 2]);
    expect(() => dataOf({ data: null, error: { message: 'refused', code: '42501' }, status: 403 })).toThrow(
      expect.objectContaining({ name: 'DataError', code: 'permission-denied' }),
    );
    expect(() => dataOf({ data: null, error: { message: 'TypeError: Failed to fetch' }, status: 0 })).toThrow(
      expect.objectContaining({ code: 'offline' }),
    );
  });
});
