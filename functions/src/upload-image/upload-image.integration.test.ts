// @vitest-environment node
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
// The real local backend serving the real function registry (functions' own index).
import { type Backend, startBackend } from 'local-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFunctionEnv } from '../index.ts';
import { imageTypeOf } from './image-type.ts';
import { MAX_IMAGE_BYTES, uploadImage, uploadImageErrors } from './upload-image.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(async () => {
  await backend?.stop();
});

const bytesOf = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part)),
  );
const padded = (head: Uint8Array, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};
const png = padded(bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'));

async function signedIn(label: string): Promise<{ client: SupabaseClient; id: string; token: string }> {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await client.auth.signUp({
    email: `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'upload-password',
  });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  return { client, id: data.user.id, token: data.session.access_token };
}

function upload(body: FormData | string | null, token?: string, method = 'POST') {
  return fetch(`${backend.url}/functions/v1/upload-image`, {
    method,
    headers: { apikey: backend.anonKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
}

const formWith = (bytes: Uint8Array, type = 'image/png', name = 'picture.png') => {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), name);
  return form;
};

const storedNames = async (userId: string) =>
  (
    await backend.database.pg.query<{ name: string }>(
      "select name from storage.objects where bucket_id = 'photo-clips' and name like $1",
      [`${userId}/%`],
    )
  ).rows.map((row) => row.name);

describe('imageTypeOf', () => {
  it('recognises PNG, JPEG, GIF, WebP, AVIF and BMP by their leading bytes', () => {
    expect(imageTypeOf(png)?.mimeType).toBe('image/png');
    expect(imageTypeOf(padded(bytesOf([0xff, 0xd8, 0xff, 0xe0])))?.mimeType).toBe('image/jpeg');
    expect(imageTypeOf(padded(bytesOf('GIF89a')))?.mimeType).toBe('image/gif');
    expect(imageTypeOf(padded(bytesOf('GIF87a')))?.mimeType).toBe('image/gif');
    expect(imageTypeOf(padded(bytesOf('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')))?.mimeType).toBe('image/webp');
    expect(
      imageTypeOf(padded(bytesOf([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1miaf')))?.mimeType,
    ).toBe('image/avif');
    expect(
      imageTypeOf(padded(bytesOf([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'avifmiaf')))?.mimeType,
    ).toBe('image/avif');
    expect(imageTypeOf(padded(bytesOf('BM', [0x46, 0, 0, 0], [0, 0, 0, 0], [0x36, 0, 0, 0])))?.mimeType).toBe(
      'image/bmp',
    );
  });

  it('refuses SVG, HTML, text that starts like an image, a HEIF that is not AVIF and empty files', () => {
    expect(
      imageTypeOf(bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(imageTypeOf(bytesOf('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(imageTypeOf(bytesOf('<html><body>hi</body></html>'))).toBeNull();
    expect(imageTypeOf(bytesOf('BMW is a car brand, not a bitmap'))).toBeNull();
    expect(imageTypeOf(bytesOf('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(imageTypeOf(padded(bytesOf([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic')))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('the upload-image function', () => {
  it('stores an image under the user folder, records the attachment and answers its URL, id and path', async () => {
    const user = await signedIn('upload');
    const response = await upload(formWith(png), user.token);
    expect(response.status).toBe(200);
    const result = (await response.json()) as { publicUrl: string; attachmentId: string; filePath: string };
    expect(result.filePath).toMatch(new RegExp(`^${user.id}/[0-9a-f-]{36}\\.png$`));
    expect(result.publicUrl).toBe(`${backend.url}/storage/v1/object/public/photo-clips/${result.filePath}`);

    const served = await fetch(result.publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/png/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    const { data: rows, error } = await user.client
      .from('attachments')
      .select('*')
      .eq('id', result.attachmentId);
    expect(error).toBeNull();
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: user.id,
        writing_id: null,
        file_path: result.filePath,
        public_url: result.publicUrl,
        mime_type: 'image/png',
        size: png.length,
      }),
    ]);
  });

  it('stores the type its bytes show, whatever the part declares', async () => {
    const user = await signedIn('declared');
    const jpeg = padded(bytesOf([0xff, 0xd8, 0xff, 0xdb]));
    const response = await upload(formWith(jpeg, 'image/png', 'lies.png'), user.token);
    const result = (await response.json()) as { filePath: string; publicUrl: string };
    expect(result.filePath).toMatch(/\.jpg$/);
    expect((await fetch(result.publicUrl)).headers.get('content-type')).toMatch(/^image\/jpeg/);
  });

  it('answers 401 User not authenticated without a token or with a forged one', async () => {
    for (const token of [undefined, 'not-a-jwt', `${(await signedIn('forged')).token}x`]) {
      const response = await upload(formWith(png), token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: uploadImageErrors.unauthenticated });
    }
  });

  it('refuses SVG and other non-images declared as images, storing nothing', async () => {
    const user = await signedIn('svg');
    const svg = bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [bytes, type, name] of [
      [svg, 'image/svg+xml', 'x.svg'],
      [bytesOf('<script>alert(1)</script>'), 'image/png', 'x.png'],
    ] as const) {
      const response = await upload(formWith(bytes, type, name), user.token);
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ error: uploadImageErrors.notImage });
    }
    expect(await storedNames(user.id)).toEqual([]);
  });

  it('refuses HTML in a part typed as a list of types, and serves what it stores inert', async () => {
    const user = await signedIn('inert');
    const html = bytesOf('<html><script>alert(document.domain)</script></html>');
    const refused = await upload(formWith(html, 'image/png,text/html', 'x.png'), user.token);
    expect(refused.status).toBe(415);
    expect(await storedNames(user.id)).toEqual([]);

    const stored = (await (await upload(formWith(png, 'image/png,text/html'), user.token)).json()) as {
      publicUrl: string;
    };
    const served = await fetch(stored.publicUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('refuses a missing field, a body that is not multipart and other methods', async () => {
    const user = await signedIn('shape');
    const other = new FormData();
    other.append('file', new Blob([png], { type: 'image/png' }), 'x.png');
    const missing = await upload(other, user.token);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: uploadImageErrors.missing });

    const text = new FormData();
    text.append('image', 'just a string');
    expect((await upload(text, user.token)).status).toBe(400);

    const json = await upload(JSON.stringify({ image: 'x' }), user.token);
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: uploadImageErrors.notMultipart });

    const get = await upload(null, user.token, 'GET');
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: uploadImageErrors.method });
  });

  it('accepts an image of exactly 10 MB and refuses one a byte larger, storing nothing', async () => {
    const user = await signedIn('size');
    const atLimit = padded(png, MAX_IMAGE_BYTES);
    expect((await upload(formWith(atLimit), user.token)).status).toBe(200);
    const tooLarge = await upload(formWith(padded(png, MAX_IMAGE_BYTES + 1)), user.token);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: uploadImageErrors.tooLarge });
    expect(await storedNames(user.id)).toHaveLength(1);
  });

  it('refuses a chunked body past the limit as it streams, without reading the rest', async () => {
    const user = await signedIn('chunked');
    // On a host with no body limit of its own (an edge runtime), the function counts the bytes itself.
    const env = createFunctionEnv({
      supabaseUrl: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      secrets: {},
      webSocket: WebSocket,
    });
    const total = 100 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${backend.url}/functions/v1/upload-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await uploadImage(request, env);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: uploadImageErrors.tooLarge });
    expect(pulled).toBeLessThan(MAX_IMAGE_BYTES + 4 * 1024 * 1024);
  });

  it('removes the stored file again when the attachment cannot be recorded', async () => {
    const user = await signedIn('rollback');
    // A real refusal by the database: the caller's role loses the right to insert attachments.
    await backend.database.pg.exec('revoke insert on public.attachments from authenticated');
    try {
      const response = await upload(formWith(png), user.token);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: uploadImageErrors.record });
    } finally {
      await backend.database.pg.exec('grant insert on public.attachments to authenticated');
    }
    expect(await storedNames(user.id)).toEqual([]);
  });
});
