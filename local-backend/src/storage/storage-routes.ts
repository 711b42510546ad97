import { createHash } from 'node:crypto';
import type { Transaction } from '@electric-sql/pglite';
import { type Context, Hono } from 'hono';
import type { Database, RequestAuth } from '../db/database.ts';
import { InvalidJwtError } from '../http/request-auth.ts';
import { checkUploadType, servingHeaders } from './content-checks.ts';
import type { ObjectStore } from './object-store.ts';
import { StorageError, storageErrors } from './storage-error.ts';

/** Options of {@link createStorageRoutes}. */
export interface StorageRoutesOptions {
  database: Database;
  store: ObjectStore;
  /** Turns a request into its role and claims; throws InvalidJwtError for a bad token. */
  authenticate: (request: Request) => Promise<RequestAuth>;
}

/** storage-api's global cap on one object; a bucket's own `file_size_limit` may only lower it. */
const globalFileSizeLimit = 50 * 1024 * 1024;
/** Room for multipart boundaries and form fields around the file itself. */
const multipartOverhead = 64 * 1024;
/** storage-api's key rule (`isValidKey`), plus no empty, `.` or `..` segments. */
const validKey = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

/** `storage.objects.metadata` as storage-api writes it. */
interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/** An upload, read and checked against the bucket before anything is written. */
interface Upload {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function checkObjectName(name: string) {
  const segments = name.split('/');
  if (
    name.length === 0 ||
    Buffer.byteLength(name) > 1024 ||
    !validKey.test(name) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw storageErrors.invalidKey(name);
  }
}

/** Reads at most `limit` bytes of the body; a larger body is refused without being buffered. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw storageErrors.entityTooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      total += chunk.byteLength;
      if (total > limit) throw storageErrors.entityTooLarge();
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks, total);
}

function decodeUserMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    throw storageErrors.invalidRequest('Invalid metadata: expected JSON');
  }
}

/**
 * Reads an upload as supabase-js sends it: a raw body with its headers, or (for Blob, File and
 * FormData bodies) multipart with a `cacheControl` field and one file part whose field name is empty.
 */
async function readUpload(request: Request, sizeLimit: number): Promise<Upload> {
  const contentType = request.headers.get('content-type') ?? 'application/octet-stream';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    const header = request.headers.get('x-metadata');
    return {
      bytes: await readCapped(request, sizeLimit),
      contentType,
      cacheControl: request.headers.get('cache-control') ?? 'no-cache',
      userMetadata: decodeUserMetadata(header && Buffer.from(header, 'base64').toString('utf8')),
    };
  }
  const body = await readCapped(request, sizeLimit + multipartOverhead);
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData().catch(() => {
    throw storageErrors.invalidRequest('Invalid multipart body');
  });
  const file = [...form.values()].find((value) => typeof value !== 'string');
  if (file === undefined || typeof file === 'string')
    throw storageErrors.invalidRequest('The multipart body holds no file');
  if (file.size > sizeLimit) throw storageErrors.entityTooLarge();
  const cacheControl = form.get('cacheControl');
  const metadata = form.get('metadata');
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: file.type || 'application/octet-stream',
    cacheControl: typeof cacheControl === 'string' ? `max-age=${cacheControl}` : 'no-cache',
    userMetadata: decodeUserMetadata(typeof metadata === 'string' ? metadata : undefined),
  };
}

/** Maps a Postgres error to the storage error supabase-js expects; anything else is rethrown. */
function toStorageError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === '42501') return storageErrors.accessDenied();
  if (code === '23505') return storageErrors.duplicate();
  if (code === '23503') return storageErrors.noSuchBucket();
  return error;
}

/** The FileObject shape supabase-js documents for `remove()`. */
const toFileObject = (row: ObjectRow) => ({
  name: row.name,
  bucket_id: row.bucket_id,
  owner: row.owner,
  owner_id: row.owner_id,
  version: row.version,
  id: row.id,
  updated_at: row.updated_at,
  created_at: row.created_at,
  last_accessed_at: row.last_accessed_at,
  metadata: row.metadata,
  user_metadata: row.user_metadata,
});

const objectPath = (context: Context) => {
  const name = context.req.param('path') ?? '';
  checkObjectName(name);
  return { bucketId: context.req.param('bucket') ?? '', name };
};

const objectColumns = `id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at,
  updated_at, last_accessed_at`;

/** What the object handlers use: the file store, the caller's auth, bucket settings and RLS-bound work. */
interface StorageAccess {
  store: ObjectStore;
  authenticateRequest(context: Context): Promise<RequestAuth>;
  findBucket(bucketId: string): Promise<Bucket>;
  runAs<T>(auth: RequestAuth, work: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** POST (create; `x-upsert: true` replaces) and PUT (replace or create, as storage-api's update). */
function upload(
  { store, authenticateRequest, findBucket, runAs }: StorageAccess,
  upsert: (context: Context) => boolean,
) {
  return async (context: Context) => {
    const auth = await authenticateRequest(context);
    const { bucketId, name } = objectPath(context);
    const bucket = await findBucket(bucketId);
    const sizeLimit = Math.min(Number(bucket.file_size_limit ?? globalFileSizeLimit), globalFileSizeLimit);
    const file = await readUpload(context.req.raw, sizeLimit);
    const contentType = checkUploadType(bucket.allowed_mime_types, file.contentType, file.bytes);

    const metadata: ObjectMetadata = {
      eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
      size: file.bytes.byteLength,
      mimetype: contentType,
      cacheControl: file.cacheControl,
      lastModified: new Date().toUTCString(),
      contentLength: file.bytes.byteLength,
      httpStatusCode: 200,
    };
    const owner = typeof auth.claims.sub === 'string' ? auth.claims.sub : null;
    const incoming = await store.writeIncoming(file.bytes);
    try {
      // The file moves into place last, inside the transaction: a refused row (RLS, duplicate) rolls
      // back and leaves nothing, and a failed move rolls the row back.
      const id = await runAs(auth, async (tx) => {
        const result = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, gen_random_uuid()::text)
         ${
           upsert(context)
             ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version`
             : ''
         }
         returning id`,
          [bucketId, name, owner, owner, metadata, file.userMetadata],
        );
        const objectId = result.rows[0]?.id;
        if (!objectId) throw storageErrors.accessDenied();
        await store.commit(incoming, objectId);
        return objectId;
      });
      return context.json({ Id: id, Key: `${bucketId}/${name}` });
    } finally {
      await store.discard(incoming);
    }
  };
}

/** Streams an object with its stored Content-Type and Cache-Control, honouring ETag and Range. */
function serve(store: ObjectStore, context: Context, row: ObjectRow): Response {
  const { metadata } = row;
  const headers = new Headers({
    ...servingHeaders(metadata.mimetype),
    'cache-control': metadata.cacheControl,
    etag: metadata.eTag,
    'last-modified': row.updated_at.toUTCString(),
    'accept-ranges': 'bytes',
  });
  const download = context.req.query('download');
  if (download !== undefined) {
    const fileName = download || row.name.split('/').pop() || 'download';
    headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  }
  if (context.req.header('if-none-match') === metadata.eTag)
    return new Response(null, { status: 304, headers });

  const size = metadata.size;
  const range = /^bytes=(\d*)-(\d*)$/.exec(context.req.header('range') ?? '');
  if (!range) {
    headers.set('content-length', String(size));
    return new Response(store.read(row.id), { status: 200, headers });
  }
  const [, first = '', last = ''] = range;
  // `bytes=-N` is the last N bytes; `bytes=N-` runs to the end.
  const start = first === '' ? Math.max(size - Number(last), 0) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start > end || start >= size) {
    return context.json(storageErrors.invalidRange().toJSON(), 416, { 'content-range': `bytes */${size}` });
  }
  headers.set('content-range', `bytes ${start}-${end}/${size}`);
  headers.set('content-length', String(end - start + 1));
  return new Response(store.read(row.id, { start, end }), { status: 206, headers });
}

/** Deletes the named objects of a bucket (supabase-js `remove`), answering those deleted. */
async function deleteObjects(
  { store, authenticateRequest, findBucket, runAs }: StorageAccess,
  context: Context,
): Promise<Response> {
  const auth = await authenticateRequest(context);
  const bucketId = context.req.param('bucket') ?? '';
  const body = (await context.req.json().catch(() => ({}))) as { prefixes?: unknown };
  const { prefixes } = body;
  if (!Array.isArray(prefixes) || !prefixes.every((prefix) => typeof prefix === 'string')) {
    throw storageErrors.invalidRequest('body must have a "prefixes" array of object names');
  }
  await findBucket(bucketId);
  const deleted = await runAs(auth, async (tx) => {
    const result = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any ($2::text[]) returning ${objectColumns}`,
      [bucketId, prefixes],
    );
    return result.rows;
  });
  // After the commit: a crash in between leaves an unreferenced file, never a row without its bytes.
  await Promise.all(deleted.map((row) => store.remove(row.id)));
  return context.json(deleted.map(toFileObject));
}

/** Deletes one object. */
async function deleteObject(
  { store, authenticateRequest, findBucket, runAs }: StorageAccess,
  context: Context,
): Promise<Response> {
  const auth = await authenticateRequest(context);
  const { bucketId, name } = objectPath(context);
  await findBucket(bucketId);
  const deleted = await runAs(auth, async (tx) => {
    const result = await tx.query<{ id: string }>(
      'delete from storage.objects where bucket_id = $1 and name = $2 returning id',
      [bucketId, name],
    );
    return result.rows;
  });
  const [row] = deleted;
  if (!row) throw storageErrors.noSuchKey();
  await store.remove(row.id);
  return context.json({ message: 'Successfully deleted' });
}

/**
 * The `/storage/v1` app: storage-api's object endpoints that supabase-js uses for files (docs/backend.md, protocol fact 8). Buckets come from migrations. Every read and write of `storage.objects`
 * runs as the caller, so the bucket's RLS policies decide; only public downloads bypass them, as
 * storage-api does for public buckets.
 */
export function createStorageRoutes({ database, store, authenticate }: StorageRoutesOptions): Hono {
  const app = new Hono();

  const authenticateRequest = (context: Context) =>
    authenticate(context.req.raw).catch((error: unknown) => {
      throw error instanceof InvalidJwtError ? storageErrors.invalidJwt(error.message) : error;
    });

  // Bucket settings are read as the superuser: limits apply to every caller whatever the bucket's RLS.
  const findBucket = async (bucketId: string) => {
    const result = await database.pg.query<Bucket>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [bucketId],
    );
    const bucket = result.rows[0];
    if (!bucket) throw storageErrors.noSuchBucket();
    return bucket;
  };

  const runAs = <T>(auth: RequestAuth, work: (tx: Transaction) => Promise<T>) =>
    database.runAs(auth, work).catch((error: unknown) => {
      throw toStorageError(error);
    });

  const access: StorageAccess = { store, authenticateRequest, findBucket, runAs };
  app.post(
    '/object/:bucket/:path{.+}',
    upload(access, (context) => context.req.header('x-upsert') === 'true'),
  );
  app.put(
    '/object/:bucket/:path{.+}',
    upload(access, () => true),
  );

  app.delete('/object/:bucket', (context) => deleteObjects(access, context));

  app.delete('/object/:bucket/:path{.+}', (context) => deleteObject(access, context));

  // Public buckets serve without a token and without RLS, like storage-api (and getPublicUrl's URLs).
  app.get('/object/public/:bucket/:path{.+}', async (context) => {
    const { bucketId, name } = objectPath(context);
    const bucket = await findBucket(bucketId).catch(() => undefined);
    // A private bucket answers like a missing one: its existence is not public.
    if (!bucket?.public) throw storageErrors.noSuchBucket();
    const result = await database.pg.query<ObjectRow>(
      `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    const row = result.rows[0];
    if (!row) throw storageErrors.noSuchKey();
    return serve(store, context, row);
  });

  const authenticatedDownload = async (context: Context) => {
    const auth = await authenticateRequest(context);
    const { bucketId, name } = objectPath(context);
    const row = await runAs(auth, async (tx) => {
      const result = await tx.query<ObjectRow>(
        `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
        [bucketId, name],
      );
      return result.rows[0];
    });
    if (!row) throw storageErrors.noSuchKey();
    return serve(store, context, row);
  };
  app.get('/object/authenticated/:bucket/:path{.+}', authenticatedDownload);
  app.get('/object/:bucket/:path{.+}', authenticatedDownload);

  app.onError((error, context) => {
    if (error instanceof StorageError) return context.json(error.toJSON(), error.status);
    console.error('local-backend storage: unexpected failure', error);
    return context.json(
      {
        statusCode: '500',
        code: 'InternalError',
        error: 'Internal',
        message: 'Unexpected failure, see the backend log',
      },
      500,
    );
  });
  return app;
}
