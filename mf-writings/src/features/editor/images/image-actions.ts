import type { Editor as TiptapEditor } from '@tiptap/core';
import type { WorkspaceClient } from 'shared-kernel';
import { deleteImageFile, linkAttachment, type UploadedImage, uploadImageFile } from './image-data.ts';

/** Where the node carrying `uploadId` is now (edits move it while its upload runs). */
function positionOfUpload(editor: TiptapEditor, uploadId: string): number | null {
  let found: number | null = null;
  editor.state.doc.descendants((node, position) => {
    if (found !== null) return false;
    if (node.type.name === 'image' && node.attrs.uploadId === uploadId) found = position;
    return node.isBlock && !node.isTextblock;
  });
  return found;
}

/** Uploads `file` for the image node marked `uploadId`, then points the node at the uploaded file. */
async function uploadInto({
  editor,
  client,
  writingId,
  file,
  uploadId,
  localSrc,
}: {
  editor: TiptapEditor;
  client: WorkspaceClient;
  writingId: string;
  file: File;
  uploadId: string;
  localSrc: string;
}): Promise<UploadedImage | null> {
  let uploaded: UploadedImage;
  try {
    uploaded = await uploadImageFile({ client, file });
  } catch {
    // The spec: no message, the temporary local image stays.
    return null;
  }
  const position = positionOfUpload(editor, uploadId);
  if (position === null || editor.isDestroyed) {
    // The image was removed (or the writing closed) while uploading: nothing may be left behind.
    await deleteImageFile({ client, ...uploaded }).catch(() => {});
    return null;
  }
  const node = editor.state.doc.nodeAt(position);
  editor.view.dispatch(
    editor.state.tr.setNodeMarkup(position, undefined, {
      ...node?.attrs,
      src: uploaded.publicUrl,
      alt: file.name,
      attachmentId: uploaded.attachmentId,
      filePath: uploaded.filePath,
      uploadId: null,
    }),
  );
  URL.revokeObjectURL(localSrc);
  await linkAttachment({ client, attachmentId: uploaded.attachmentId, writingId }).catch(() => {});
  return uploaded;
}

/**
 * Inserts image files at `position` (or the cursor): each appears at once as a temporary local image
 * and is uploaded; on success it gets its `src`, `alt`, `attachmentId` and `filePath` and is linked to
 * the writing; on failure the local image stays.
 */
export function insertImageFiles({
  editor,
  client,
  writingId,
  files,
  position,
}: {
  editor: TiptapEditor;
  client: WorkspaceClient;
  writingId: string;
  files: readonly File[];
  position: number | null;
}): Promise<unknown> {
  const images = files
    .filter((file) => file.type.startsWith('image/'))
    .map((file) => ({ file, uploadId: crypto.randomUUID(), localSrc: URL.createObjectURL(file) }));
  if (images.length === 0) return Promise.resolve();
  const content = images.map(({ file, uploadId, localSrc }) => ({
    type: 'image',
    attrs: { src: localSrc, alt: file.name, uploadId },
  }));
  const chain = editor.chain().focus();
  (position === null ? chain.insertContent(content) : chain.insertContentAt(position, content)).run();
  return Promise.all(images.map((image) => uploadInto({ editor, client, writingId, ...image })));
}

/** Replaces the image at `position` with `file` (uploaded like a new one); the old file is deleted once the new one is in. */
export async function replaceImage({
  editor,
  client,
  writingId,
  position,
  file,
}: {
  editor: TiptapEditor;
  client: WorkspaceClient;
  writingId: string;
  position: number;
  file: File;
}): Promise<void> {
  const node = editor.state.doc.nodeAt(position);
  if (node?.type.name !== 'image' || !file.type.startsWith('image/')) return;
  const previous = {
    attachmentId: node.attrs.attachmentId as string | null,
    filePath: node.attrs.filePath as string | null,
  };
  const uploadId = crypto.randomUUID();
  const localSrc = URL.createObjectURL(file);
  editor.view.dispatch(
    editor.state.tr.setNodeMarkup(position, undefined, {
      ...node.attrs,
      src: localSrc,
      alt: file.name,
      attachmentId: null,
      filePath: null,
      uploadId,
    }),
  );
  const uploaded = await uploadInto({ editor, client, writingId, file, uploadId, localSrc });
  if (uploaded) await deleteImageFile({ client, ...previous }).catch(() => {});
}

/** Removes the image at `position` from the writing, then its file and attachment. */
export async function deleteImage({
  editor,
  client,
  position,
}: {
  editor: TiptapEditor;
  client: WorkspaceClient;
  position: number;
}): Promise<void> {
  const node = editor.state.doc.nodeAt(position);
  if (node?.type.name !== 'image') return;
  editor.view.dispatch(editor.state.tr.delete(position, position + node.nodeSize));
  await deleteImageFile({
    client,
    attachmentId: node.attrs.attachmentId,
    filePath: node.attrs.filePath,
  }).catch(() => {});
}
