/**
 * A storage-api error. supabase-js turns the JSON body into `StorageApiError` (`message`, `statusCode`
 * from the body, `status` from HTTP) and `exists()` recognises a missing object by `code: NoSuchKey`.
 */
export class StorageError extends Error {
  override name = 'StorageError';
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 500;
  readonly code: string;
  readonly error: string;

  constructor(options: { status: StorageError['status']; code: string; error: string; message: string }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.error = options.error;
  }

  /** The body storage-api sends. */
  toJSON() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

/** The errors the storage routes raise, worded as storage-api words them. */
export const storageErrors = {
  noSuchBucket: () =>
    new StorageError({
      status: 404,
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    }),
  noSuchKey: () =>
    new StorageError({ status: 404, code: 'NoSuchKey', error: 'not_found', message: 'Object not found' }),
  invalidKey: (name: string) =>
    new StorageError({
      status: 400,
      code: 'InvalidKey',
      error: 'Invalid Input',
      message: `Invalid key: ${name}`,
    }),
  invalidRequest: (message: string) =>
    new StorageError({ status: 400, code: 'InvalidRequest', error: 'Invalid Input', message }),
  invalidJwt: (message: string) =>
    new StorageError({ status: 400, code: 'InvalidJWT', error: 'Unauthorized', message }),
  accessDenied: () =>
    new StorageError({
      status: 403,
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    }),
  duplicate: () =>
    new StorageError({
      status: 409,
      code: 'Duplicate',
      error: 'Duplicate',
      message: 'The resource already exists',
    }),
  entityTooLarge: () =>
    new StorageError({
      status: 413,
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    }),
  invalidMimeType: (mimeType: string) =>
    new StorageError({
      status: 415,
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: `mime type ${mimeType} is not supported`,
    }),
  contentMismatch: (mimeType: string) =>
    new StorageError({
      status: 415,
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: `The file's content is not ${mimeType}`,
    }),
  invalidRange: () =>
    new StorageError({
      status: 416,
      code: 'InvalidRange',
      error: 'Invalid Range',
      message: 'Range Not Satisfiable',
    }),
};
