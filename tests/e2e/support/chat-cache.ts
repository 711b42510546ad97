// What the chat keeps on the device (mf-chat/src/features/chat-cache), read from the page's IndexedDB.
import type { Page } from '@playwright/test';

/** The id of the chat this device reopens on a reload (the chat cache's active chat), or null. */
export function keptActiveChat(page: Page, userId: string): Promise<string | null> {
  return page.evaluate(
    (name) =>
      new Promise<string | null>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result.transaction('cache').objectStore('cache').get('active');
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            resolve(reading.result?.id ?? null);
            opening.result.close();
          };
        };
      }),
    `writers-chat-${userId}`,
  );
}
