// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backendForThisFile, signUpOn } from '../../../testing/in-process-backend.ts';
import { createWriting } from '../../writings-data/index.ts';
import { deleteImageFile, linkAttachment, uploadImageFile } from './image-data.ts';

const backend = backendForThisFile();

const signUp = (label: string) => signUpOn(backend, label);

const pngBytes = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);
const pngFile = () => new File([pngBytes], 'photo.png', { type: 'image/png' });

describe('image data access', { timeout: 30_000 }, () => {
  it('uploads an image, links its attachment to the writing, then deletes file and attachment', async () => {
    const { client, userId } = await signUp('image');
    const writing = await createWriting({ client, userId, folder: null });

    const uploaded = await uploadImageFile({ client, file: pngFile() });
    expect(uploaded.filePath.startsWith(`${userId}/`)).toBe(true);
    expect((await fetch(uploaded.publicUrl)).status).toBe(200);

    await linkAttachment({ client, attachmentId: uploaded.attachmentId, writingId: writing.id });
    const linked = await client
      .from('attachments')
      .select('writing_id')
      .eq('id', uploaded.attachmentId)
      .single();
    expect(linked.data?.writing_id).toBe(writing.id);

    await deleteImageFile({ client, attachmentId: uploaded.attachmentId, filePath: uploaded.filePath });
    const rows = await client.from('attachments').select('id').eq('id', uploaded.attachmentId);
    expect(rows.data).toEqual([]);
    expect((await fetch(uploaded.publicUrl)).status).toBe(404);
  });

  it('fails the upload of a file that is not an image, and of a signed-out caller', async () => {
    const { client } = await signUp('refused');
    await expect(
      uploadImageFile({ client, file: new File(['<svg/>'], 'x.png', { type: 'image/png' }) }),
    ).rejects.toThrow();
    await expect(uploadImageFile({ client: backend.client(), file: pngFile() })).rejects.toThrow();
  });
});
