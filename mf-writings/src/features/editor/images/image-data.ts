import { FILES_BUCKET, type WorkspaceClient } from 'shared-kernel';

/** What the upload-image function answers. */
export interface UploadedImage {
  publicUrl: string;
  attachmentId: string;
  filePath: string;
}

/**
 * Uploads an image file through the `upload-image` function (multipart field `image`, the session's
 * Bearer token added by the kernel's client). Throws on any refusal; the caller keeps its local image.
 */
export async function uploadImageFile({
  client,
  file,
}: {
  client: WorkspaceClient;
  file: Blob & { name?: string };
}): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file, file.name ?? 'image');
  const { data, error } = await client.functions.invoke<UploadedImage>('upload-image', { body });
  if (error) throw error;
  if (!data) throw new Error('upload-image answered nothing');
  return data;
}

/** Links an uploaded image's attachment to the writing it was put in. Throws the PostgrestError. */
export async function linkAttachment({
  client,
  attachmentId,
  writingId,
}: {
  client: WorkspaceClient;
  attachmentId: string;
  writingId: string;
}): Promise<void> {
  const { error } = await client.from('attachments').update({ writing_id: writingId }).eq('id', attachmentId);
  if (error) throw error;
}

/**
 * Deletes an uploaded image: its file in storage and its attachment row, each tried even if the other
 * fails (a row left behind would point at nothing). Throws the first failure.
 */
export async function deleteImageFile({
  client,
  attachmentId,
  filePath,
}: {
  client: WorkspaceClient;
  attachmentId: string | null;
  filePath: string | null;
}): Promise<void> {
  const [file, row] = await Promise.all([
    filePath
      ? client.storage().then((storage) => storage.from(FILES_BUCKET).remove([filePath]))
      : { error: null },
    attachmentId ? client.from('attachments').delete().eq('id', attachmentId) : { error: null },
  ]);
  if (file.error) throw file.error;
  if (row.error) throw row.error;
}
