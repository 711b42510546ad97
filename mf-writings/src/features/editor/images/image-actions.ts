import type { Editor as TiptapEditor } from '@tiptap/core';
import type { WorkspaceClient } from 'shared-kernel';
import { caretAfterInserted } from '../extensions/index.ts';
import { deleteImageFile, linkAttachment, type UploadedImage, uploadImageFile } from './image-data.ts';
import type { ReplacedFile, WaitingImages } from './waiting-images.ts';

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

/** What an upload needs of the editor it was started from. */
export interface UploadTarget {
  editor: TiptapEditor;
  client: WorkspaceClient;
  /** The writing the image is in (its attachment is linked to it). */
  writingId: string;
  /** Whether the editor still shows that writing (it may have opened another since). */
  showing: () => boolean;
  waiting: WaitingImages;
}

// The page's temporary local images by upload, and the uploads under way (one per image at a time).
const localImages = new Map<string, { src: string; file: File; replaces?: ReplacedFile }>();
const uploading = new Set<string>();

/** A temporary local image for `file`, kept until its upload is in. */
function localImage(uploadId: string, file: File, replaces?: ReplacedFile): string {
  const src = URL.createObjectURL(file);
  localImages.set(uploadId, { src, file, replaces });
  return src;
}

function dropLocalImage(uploadId: string): void {
  const local = localImages.get(uploadId);
  if (local) URL.revokeObjectURL(local.src);
  localImages.delete(uploadId);
}

/**
 * Uploads the file of the image node marked `uploadId`, then points the node at the uploaded file. A
 * failed upload leaves the temporary local image, its file waiting on the device for the next try.
 */
async function uploadInto(target: UploadTarget, uploadId: string, file: File): Promise<UploadedImage | null> {
  const { editor, client, writingId, waiting } = target;
  // Once per image at a time, and not again once it is in (an earlier try may have just finished).
  if (uploading.has(uploadId) || editor.isDestroyed || positionOfUpload(editor, uploadId) === null)
    return null;
  uploading.add(uploadId);
  try {
    let uploaded: UploadedImage;
    try {
      uploaded = await uploadImageFile({ client, file });
    } catch {
      // The spec: no message, the temporary local image stays (and is tried again: resumeWaitingUploads).
      return null;
    }
    const position = editor.isDestroyed ? null : positionOfUpload(editor, uploadId);
    if (position === null) {
      // Nothing may be left behind in storage. An image the writer removed waits no more; one in a
      // writing closed meanwhile is uploaded again when the writing is next open.
      await deleteImageFile({ client, ...uploaded }).catch(() => {});
      if (!editor.isDestroyed && target.showing()) await waiting.forget(uploadId);
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
    const replaced = localImages.get(uploadId)?.replaces;
    dropLocalImage(uploadId);
    await waiting.forget(uploadId);
    if (replaced) await deleteImageFile({ client, ...replaced }).catch(() => {});
    await linkAttachment({ client, attachmentId: uploaded.attachmentId, writingId }).catch(() => {});
    return uploaded;
  } finally {
    uploading.delete(uploadId);
  }
}

/** Keeps `file` on the device for the image marked `uploadId`, then uploads it. */
async function keepAndUpload(
  target: UploadTarget,
  uploadId: string,
  file: File,
): Promise<UploadedImage | null> {
  const replaces = localImages.get(uploadId)?.replaces;
  await target.waiting.keep(uploadId, { file, name: file.name, replaces });
  return uploadInto(target, uploadId, file);
}

/**
 * Uploads the images of the open writing still waiting for their upload (pasted offline, refused, or
 * left when the page closed), from the files this device kept. After a reload their temporary image is
 * made again from the kept file. An image waiting on another device stays as it is.
 */
export async function resumeWaitingUploads(target: UploadTarget): Promise<void> {
  const { editor } = target;
  const waitingIds: string[] = [];
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'image' && node.attrs.uploadId && !node.attrs.attachmentId)
      waitingIds.push(node.attrs.uploadId);
    return node.isBlock && !node.isTextblock;
  });
  await Promise.all(
    waitingIds.map(async (uploadId) => {
      let local = localImages.get(uploadId);
      if (!local) {
        const kept = await target.waiting.find(uploadId);
        if (!kept) return;
        localImage(uploadId, new File([kept.file], kept.name, { type: kept.file.type }), kept.replaces);
        local = localImages.get(uploadId);
      }
      const position = editor.isDestroyed ? null : positionOfUpload(editor, uploadId);
      if (!local || position === null) return;
      const node = editor.state.doc.nodeAt(position);
      if (node && node.attrs.src !== local.src) {
        // The source saved with the writing was the temporary image of a page since closed.
        editor.view.dispatch(
          editor.state.tr
            .setNodeMarkup(position, undefined, { ...node.attrs, src: local.src })
            .setMeta('addToHistory', false),
        );
      }
      await uploadInto(target, uploadId, local.file);
    }),
  );
}

/**
 * Inserts image files at `position` (or the cursor): each appears at once as a temporary local image,
 * is kept on the device and uploaded; on success it gets its `src`, `alt`, `attachmentId` and `filePath`
 * and is linked to the writing; on failure the local image stays and its file waits for the next try.
 * The cursor goes on after them, as after pasted text ({@link caretAfterInserted}).
 */
export function insertImageFiles(
  target: UploadTarget,
  { files, position }: { files: readonly File[]; position: number | null },
): Promise<unknown> {
  const images = files
    .filter((file) => file.type.startsWith('image/'))
    .map((file) => {
      const uploadId = crypto.randomUUID();
      return { file, uploadId, src: localImage(uploadId, file) };
    });
  if (images.length === 0) return Promise.resolve();
  const content = images.map(({ file, uploadId, src }) => ({
    type: 'image',
    attrs: { src, alt: file.name, uploadId },
  }));
  const chain = target.editor.chain().focus();
  (position === null ? chain.insertContent(content) : chain.insertContentAt(position, content))
    .command(({ tr }) => {
      caretAfterInserted(tr);
      return true;
    })
    .run();
  return Promise.all(images.map(({ uploadId, file }) => keepAndUpload(target, uploadId, file)));
}

/** An image node's uploaded file, if it has one. */
const uploadedFileOf = (attrs: Record<string, unknown>): ReplacedFile => ({
  attachmentId: (attrs.attachmentId as string | null) ?? null,
  filePath: (attrs.filePath as string | null) ?? null,
});

/** Forgets what an image removed from the writing was waiting with. */
function stopWaiting(target: UploadTarget, attrs: Record<string, unknown>): Promise<void> {
  const uploadId = attrs.uploadId as string | null;
  if (!uploadId) return Promise.resolve();
  dropLocalImage(uploadId);
  return target.waiting.forget(uploadId);
}

/**
 * Replaces the image at `position` with `file` (uploaded like a new one); the old file is deleted once
 * the new one is in, even if that is after a reload.
 */
export async function replaceImage(
  target: UploadTarget,
  { position, file }: { position: number; file: File },
): Promise<void> {
  const { editor } = target;
  const node = editor.state.doc.nodeAt(position);
  if (node?.type.name !== 'image' || !file.type.startsWith('image/')) return;
  await stopWaiting(target, node.attrs);
  const uploadId = crypto.randomUUID();
  const src = localImage(uploadId, file, uploadedFileOf(node.attrs));
  editor.view.dispatch(
    editor.state.tr.setNodeMarkup(position, undefined, {
      ...node.attrs,
      src,
      alt: file.name,
      attachmentId: null,
      filePath: null,
      uploadId,
    }),
  );
  await keepAndUpload(target, uploadId, file);
}

/** Removes the image at `position` from the writing, then its file and attachment (or its waiting file). */
export async function deleteImage(target: UploadTarget, position: number): Promise<void> {
  const { editor, client } = target;
  const node = editor.state.doc.nodeAt(position);
  if (node?.type.name !== 'image') return;
  editor.view.dispatch(editor.state.tr.delete(position, position + node.nodeSize));
  await stopWaiting(target, node.attrs);
  await deleteImageFile({ client, ...uploadedFileOf(node.attrs) }).catch(() => {});
}
