import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

const bucket = 'photo-clips';
let backend: Backend;
let dataDir: string;
let alice: { client: SupabaseClient; id: string };
let bob: { client: SupabaseClient; id: string };

async function signedIn(label: string) {
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail(label),
    password: 'storage-password',
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { client, id: data.user.id };
}

/** The magic numbers storage checks a declared image type against. */
const signatures = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  webp: [...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8 ')],
};

/** Bytes of an image of that type: its signature, then a pattern that varies with `seed`. */
const imageBytes = (size: number, seed = 1, type: keyof typeof signatures = 'png') => {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 31 + seed) % 256;
  bytes.set(signatures[type].slice(0, size));
  return bytes;
};

/** The object files on disk (the incoming folder aside). */
const storedFiles = async () =>
  (await readdir(join(dataDir, 'storage'))).filter((name) => name !== '.incoming');
const incomingFiles = () => readdir(join(dataDir, 'storage', '.incoming'));

const objectRow = async (name: string) =>
  (
    await backend.database.pg.query<{ owner: string; metadata: { size: number; mimetype: string } }>(
      'select owner, metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    )
  ).rows[0];

beforeAll(async () => {
  // A data folder rather than memory://, so the files on disk can be checked too.
  dataDir = await mkdtemp(join(tmpdir(), 'local-backend-storage-test-'));
  backend = await startBackend({ dataDir, port: 0 });
  alice = await signedIn('alice');
  bob = await signedIn('bob');
});
afterAll(async () => {
  await backend?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('uploads into photo-clips', () => {
  it('stores an image in the uploader own folder, with its owner, size and type', async () => {
    const path = `${alice.id}/first.png`;
    const { data, error } = await alice.client.storage
      .from(bucket)
      .upload(path, imageBytes(2048), { contentType: 'image/png' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `${bucket}/${path}`, id: expect.any(String) });
    expect(await objectRow(path)).toMatchObject({
      owner: alice.id,
      metadata: { size: 2048, mimetype: 'image/png' },
    });
  });

  it('serves a public URL without a token, with the stored type, cache headers and bytes', async () => {
    const path = `${alice.id}/public.png`;
    const bytes = imageBytes(5000, 7);
    await alice.client.storage
      .from(bucket)
      .upload(path, bytes, { contentType: 'image/png', cacheControl: '120' });
    const { publicUrl } = alice.client.storage.from(bucket).getPublicUrl(path).data;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=120');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves a byte range of a public object with 206 and Content-Range', async () => {
    const path = `${alice.id}/ranged.png`;
    const bytes = imageBytes(100, 3);
    await alice.client.storage.from(bucket).upload(path, bytes, { contentType: 'image/png' });
    const { publicUrl } = alice.client.storage.from(bucket).getPublicUrl(path).data;
    const response = await fetch(publicUrl, { headers: { range: 'bytes=10-19' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    const unsatisfiable = await fetch(publicUrl, { headers: { range: 'bytes=500-' } });
    expect(unsatisfiable.status).toBe(416);
  });

  it('accepts a Blob, which supabase-js sends as multipart, with the Blob type', async () => {
    const path = `${alice.id}/from-blob.jpg`;
    const { error } = await alice.client.storage
      .from(bucket)
      .upload(path, new Blob([imageBytes(300, 1, 'jpeg')], { type: 'image/jpeg' }));
    expect(error).toBeNull();
    expect(await objectRow(path)).toMatchObject({ metadata: { size: 300, mimetype: 'image/jpeg' } });
    const { publicUrl } = alice.client.storage.from(bucket).getPublicUrl(path).data;
    expect((await fetch(publicUrl)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses to overwrite an object unless upsert is asked for, then replaces its bytes', async () => {
    const path = `${alice.id}/replaced.png`;
    await alice.client.storage.from(bucket).upload(path, imageBytes(10, 1), { contentType: 'image/png' });
    const duplicate = await alice.client.storage
      .from(bucket)
      .upload(path, imageBytes(10, 2), { contentType: 'image/png' });
    expect(duplicate.error).toMatchObject({
      status: 409,
      statusCode: '409',
      message: 'The resource already exists',
    });

    const replacement = imageBytes(20, 9);
    const upserted = await alice.client.storage
      .from(bucket)
      .upload(path, replacement, { contentType: 'image/png', upsert: true });
    expect(upserted.error).toBeNull();
    const { publicUrl } = alice.client.storage.from(bucket).getPublicUrl(path).data;
    expect(Buffer.from(await (await fetch(publicUrl)).arrayBuffer()).equals(replacement)).toBe(true);
  });

  it('replaces an object with update()', async () => {
    const path = `${alice.id}/updated.png`;
    await alice.client.storage.from(bucket).upload(path, imageBytes(10, 1), { contentType: 'image/png' });
    const { error } = await alice.client.storage
      .from(bucket)
      .update(path, imageBytes(30, 4, 'webp'), { contentType: 'image/webp' });
    expect(error).toBeNull();
    expect(await objectRow(path)).toMatchObject({ metadata: { size: 30, mimetype: 'image/webp' } });
  });
});

describe('active content', () => {
  /** Uploads raw bytes with exactly this Content-Type, as a script (not supabase-js) could. */
  async function rawUpload(name: string, contentType: string, body: Uint8Array | string) {
    const { data } = await alice.client.auth.getSession();
    return fetch(`${backend.url}/storage/v1/object/${bucket}/${alice.id}/${name}`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${data.session?.access_token}`,
        'content-type': contentType,
      },
      body,
    });
  }
  const html = '<html><body><script>alert(document.domain)</script></body></html>';

  it('refuses SVG, a list of types and an HTML file labelled PNG with 415, storing nothing', async () => {
    const before = await storedFiles();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
    for (const [name, contentType, body] of [
      ['drawing.svg', 'image/svg+xml', svg],
      ['listed.png', 'image/png,text/html', html],
      ['listed-real.png', 'image/png, text/html', imageBytes(64)],
      ['labelled.png', 'image/png', html],
      ['padded.png', 'image/png; x=",text/html', imageBytes(64)],
    ] as const) {
      const response = await rawUpload(name, contentType, body);
      expect(response.status, `${name} as ${contentType}`).toBe(415);
      expect(await response.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
      expect(await objectRow(`${alice.id}/${name}`)).toBeUndefined();
    }
    expect(await storedFiles()).toEqual(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it('stores a real PNG and serves it inline with nosniff and a sandboxing CSP', async () => {
    const bytes = imageBytes(256);
    expect((await rawUpload('real.png', 'image/png', bytes)).status).toBe(200);
    const { publicUrl } = alice.client.storage.from(bucket).getPublicUrl(`${alice.id}/real.png`).data;
    const served = await fetch(publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves an object stored with an active type as a sandboxed download of plain bytes', async () => {
    // As an upload from before these checks left it: the row written directly.
    const { data } = await alice.client.auth.getSession();
    const name = `${alice.id}/legacy.svg`;
    const stored = await rawUpload('legacy.png', 'image/png', imageBytes(32));
    expect(stored.status).toBe(200);
    await backend.database.pg.query(
      `update storage.objects set name = $1, metadata = jsonb_set(metadata, '{mimetype}', '"image/png,text/html"')
       where bucket_id = $2 and name = $3`,
      [name, bucket, `${alice.id}/legacy.png`],
    );
    const served = await fetch(`${backend.url}/storage/v1/object/authenticated/${bucket}/${name}`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('refused uploads', () => {
  it('refuses an upload into another user folder with 403 and leaves nothing behind', async () => {
    const before = await storedFiles();
    const path = `${alice.id}/from-bob.png`;
    const { error } = await bob.client.storage
      .from(bucket)
      .upload(path, imageBytes(64), { contentType: 'image/png' });
    expect(error).toMatchObject({ status: 403, statusCode: '403' });
    expect(await objectRow(path)).toBeUndefined();
    expect(await storedFiles()).toEqual(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it('refuses an anonymous upload', async () => {
    const { error } = await createTestClient(backend)
      .storage.from(bucket)
      .upload(`${alice.id}/anonymous.png`, imageBytes(64), { contentType: 'image/png' });
    expect(error).toMatchObject({ status: 403 });
  });

  it('refuses a type that is not an image with 415 and leaves nothing behind', async () => {
    const before = await storedFiles();
    const path = `${alice.id}/notes.txt`;
    const { error } = await alice.client.storage.from(bucket).upload(path, 'plain text');
    expect(error).toMatchObject({ status: 415, statusCode: '415' });
    expect(await objectRow(path)).toBeUndefined();
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an image over the 10 MB bucket limit with 413 and leaves nothing behind', async () => {
    const before = await storedFiles();
    const path = `${alice.id}/huge.png`;
    const { error } = await alice.client.storage
      .from(bucket)
      .upload(path, imageBytes(10 * 1024 * 1024 + 1), { contentType: 'image/png' });
    expect(error).toMatchObject({ status: 413, statusCode: '413' });
    expect(await objectRow(path)).toBeUndefined();
    expect(await storedFiles()).toEqual(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it('refuses object names with dot segments, which URL normalisation would not catch when encoded', async () => {
    // fetch resolves a literal `/../` before sending; an encoded slash reaches the server as a name.
    const { data } = await alice.client.auth.getSession();
    const response = await fetch(`${backend.url}/storage/v1/object/${bucket}/${alice.id}%2F..%2Fescape.png`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${data.session?.access_token}`,
        'content-type': 'image/png',
      },
      body: imageBytes(8),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
  });

  it('answers 404 for an unknown bucket', async () => {
    const { error } = await alice.client.storage
      .from('no-such-bucket')
      .upload(`${alice.id}/x.png`, imageBytes(8), { contentType: 'image/png' });
    expect(error).toMatchObject({ status: 404, statusCode: '404', message: 'Bucket not found' });
  });
});

describe('downloads and removal', () => {
  it('downloads an own file with the token, while another user gets 404 for it', async () => {
    const path = `${alice.id}/private-read.png`;
    const bytes = imageBytes(256, 5);
    await alice.client.storage.from(bucket).upload(path, bytes, { contentType: 'image/png' });
    const own = await alice.client.storage.from(bucket).download(path);
    expect(own.error).toBeNull();
    expect(Buffer.from(await (own.data as Blob).arrayBuffer()).equals(bytes)).toBe(true);
    const other = await bob.client.storage.from(bucket).download(path);
    expect(other.error).toMatchObject({ status: 404 });
  });

  it('removes only the caller own files, deleting the bytes too', async () => {
    const path = `${alice.id}/to-remove.png`;
    await alice.client.storage.from(bucket).upload(path, imageBytes(40), { contentType: 'image/png' });
    const { publicUrl } = alice.client.storage.from(bucket).getPublicUrl(path).data;
    const filesBefore = await storedFiles();

    const byBob = await bob.client.storage.from(bucket).remove([path]);
    expect(byBob).toEqual({ data: [], error: null });
    expect((await fetch(publicUrl)).status).toBe(200);

    const byAlice = await alice.client.storage.from(bucket).remove([path]);
    expect(byAlice.error).toBeNull();
    expect(byAlice.data).toEqual([
      expect.objectContaining({
        name: path,
        bucket_id: bucket,
        owner: alice.id,
        metadata: expect.objectContaining({ size: 40 }),
      }),
    ]);
    const missing = await fetch(publicUrl);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    expect(await storedFiles()).toHaveLength(filesBefore.length - 1);
  });

  it('keeps objects across a restart on the same data folder', async () => {
    const path = `${bob.id}/survives.png`;
    const bytes = imageBytes(77, 8);
    await bob.client.storage.from(bucket).upload(path, bytes, { contentType: 'image/png' });
    const { publicUrl } = bob.client.storage.from(bucket).getPublicUrl(path).data;
    const port = new URL(backend.url).port;
    await backend.stop();
    backend = await startBackend({ dataDir, port: Number(port) });
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
