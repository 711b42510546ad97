import { FILES_BUCKET, IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from 'shared-kernel/domain';
import { bearerToken } from '../caller.ts';
import type { FunctionHandler } from '../index.ts';
import { imageTypeOf } from './image-type.ts';

export { MAX_IMAGE_BYTES };

// Room for the multipart boundaries and part headers around the file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What a successful upload answers. */
export interface UploadImageResult {
  publicUrl: string;
  attachmentId: string;
  filePath: string;
}

/** The error texts of the function, each sent as `{ error }`. */
export const uploadImageErrors = {
  method: 'Method not allowed',
  unauthenticated: 'User not authenticated',
  notMultipart: 'Expected multipart/form-data with an image field',
  missing: 'No image provided',
  tooLarge: IMAGE_TOO_LARGE,
  notImage: 'Only PNG, JPEG, GIF, WebP, AVIF or BMP images are allowed',
  storage: 'Failed to store the image',
  record: 'Failed to record the attachment',
} as const;

const failure = (error: string, status: number) => Response.json({ error }, { status });

/**
 * The body, counted as it streams; undefined once it passes `limit` bytes, the rest left unread. A
 * chunked body has no Content-Length to check first, and `formData()` would buffer all of it (a 300 MB
 * upload was read whole before its 413).
 */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
    total += next.value.byteLength;
    if (total > limit) {
      await reader?.cancel();
      return undefined;
    }
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * POST multipart with the field `image` and the caller's Bearer token. Stores the image under
 * `<user id>/` in `photo-clips` and records an `attachments` row, both AS THE CALLER (their JWT), so
 * storage and table RLS decide exactly as they would in the browser. Answers
 * `{ publicUrl, attachmentId, filePath }`; every refusal is `{ error }` with its status, and a failure
 * after the file is stored removes it again.
 */
export const uploadImage: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST') return failure(uploadImageErrors.method, 405);
  const token = bearerToken(request);
  if (!token) return failure(uploadImageErrors.unauthenticated, 401);
  const client = env.userClient(token);
  const { data: userData, error: userError } = await client.auth.getUser(token);
  if (userError || !userData.user) return failure(uploadImageErrors.unauthenticated, 401);
  const userId = userData.user.id;

  // Refuse an oversized body before reading it into memory.
  const maxBodyBytes = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
  if (Number(request.headers.get('content-length') ?? 0) > maxBodyBytes) {
    return failure(uploadImageErrors.tooLarge, 413);
  }
  const body = await readCapped(request, maxBodyBytes);
  if (!body) return failure(uploadImageErrors.tooLarge, 413);
  let form: FormData;
  try {
    const contentType = request.headers.get('content-type') ?? '';
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return failure(uploadImageErrors.notMultipart, 400);
  }
  const file = form.get('image');
  if (!(file instanceof Blob)) return failure(uploadImageErrors.missing, 400);
  if (file.size > MAX_IMAGE_BYTES) return failure(uploadImageErrors.tooLarge, 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const imageType = imageTypeOf(bytes);
  if (!imageType) return failure(uploadImageErrors.notImage, 415);

  const filePath = `${userId}/${crypto.randomUUID()}.${imageType.extension}`;
  const storage = client.storage.from(FILES_BUCKET);
  // The stored type comes from the bytes, never from the part's declared type.
  const { error: uploadError } = await storage.upload(filePath, bytes, { contentType: imageType.mimeType });
  if (uploadError) return failure(uploadImageErrors.storage, 500);
  const publicUrl = storage.getPublicUrl(filePath).data.publicUrl;

  const { data: attachment, error: recordError } = await client
    .from('attachments')
    .insert({
      user_id: userId,
      file_path: filePath,
      public_url: publicUrl,
      mime_type: imageType.mimeType,
      size: bytes.length,
    })
    .select('id')
    .single();
  if (recordError || !attachment) {
    await storage.remove([filePath]);
    return failure(uploadImageErrors.record, 500);
  }
  const result: UploadImageResult = { publicUrl, attachmentId: attachment.id as string, filePath };
  return Response.json(result);
};
