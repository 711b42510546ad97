// Image files whose upload has not gone through yet (pasted offline, or the server refused), kept on the
// device until one does. The writing keeps the image node with its `uploadId`; the file waits here
// (IndexedDB through idb-keyval, one store per writer), so the image survives a reload and is uploaded
// when the writing is open and the network is back (image-actions.ts, `resumeWaitingUploads`).
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** An uploaded image's file in storage and its attachment. */
export interface ReplacedFile {
  attachmentId: string | null;
  filePath: string | null;
}

/**
 * A file waiting for its upload, its name (the image's alt once uploaded), and the uploaded file of the
 * image it replaced, deleted once this one is in.
 */
export interface WaitingImage {
  file: Blob;
  name: string;
  replaces?: ReplacedFile;
}

export interface WaitingImages {
  keep(uploadId: string, image: WaitingImage): Promise<void>;
  /** The file kept for `uploadId`, undefined when this device has none. */
  find(uploadId: string): Promise<WaitingImage | undefined>;
  forget(uploadId: string): Promise<void>;
}

/** Nothing is kept: no writer is signed in, or the device's storage refused to open. */
const keepNothing: WaitingImages = {
  keep: async () => {},
  find: async () => undefined,
  forget: async () => {},
};

const byWriter = new Map<string, WaitingImages>();

/**
 * The waiting images of `userId`'s writings on this device. A failure of the device's storage is logged
 * and otherwise ignored: the image still shows for as long as the page is open, as before it was kept.
 */
export function waitingImagesOf(userId: string | null): WaitingImages {
  if (!userId) return keepNothing;
  let waiting = byWriter.get(userId);
  if (!waiting) {
    let store: UseStore;
    try {
      store = createStore(`writings-images-${userId}`, 'waiting');
    } catch (error) {
      console.warn('[writings] images cannot wait on this device', error);
      return keepNothing;
    }
    const logged = <T>(work: Promise<T>): Promise<T | undefined> =>
      work.catch((error: unknown) => {
        console.warn('[writings] waiting image store unavailable', error);
        return undefined;
      });
    waiting = {
      keep: async (uploadId, image) => void (await logged(set(uploadId, image, store))),
      find: (uploadId) => logged(get<WaitingImage>(uploadId, store)),
      forget: async (uploadId) => void (await logged(del(uploadId, store))),
    };
    byWriter.set(userId, waiting);
  }
  return waiting;
}
