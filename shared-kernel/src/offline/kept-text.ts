// What a writer sent or typed that exists nowhere else yet, kept on the device: the ideas' 'Capture a
// thought' box and its captures waiting for the inbox, the chat's composer and its message waiting for
// the conversation. Each change is written at once to localStorage (synchronous: a reload or a closed
// tab cannot cut it short), per field and writer, and an emptied field forgets it.
import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';

/** How a kept value is stored: as text, '' when there is nothing to keep. */
interface Stored<T> {
  decode(text: string): T;
  encode(value: T): string;
}

const asText: Stored<string> = { decode: (text) => text, encode: (text) => text };

const asList: Stored<string[]> = {
  decode(text) {
    try {
      const list: unknown = JSON.parse(text || '[]');
      return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
    } catch {
      return [];
    }
  },
  encode: (list) => (list.length === 0 ? '' : JSON.stringify(list)),
};

function read<T>(storageKey: string | null, stored: Stored<T>): T {
  if (storageKey === null) return stored.decode('');
  try {
    return stored.decode(globalThis.localStorage?.getItem(storageKey) ?? '');
  } catch {
    return stored.decode('');
  }
}

function write(storageKey: string, text: string) {
  try {
    if (text === '') globalThis.localStorage?.removeItem(storageKey);
    else globalThis.localStorage?.setItem(storageKey, text);
  } catch (error) {
    // Full or refused storage: the text stays in the field, as before it was kept.
    console.warn(`[${storageKey}] the unsent text could not be kept on this device`, error);
  }
}

/** Like `useState`, but kept on the device under field `field` and writer `userId` (none kept for null). */
function useKept<T>(
  field: string,
  userId: string | null,
  stored: Stored<T>,
): [T, Dispatch<SetStateAction<T>>] {
  const storageKey = userId === null ? null : `${field}-unsent:${userId}`;
  const [state, setState] = useState(() => ({ storageKey, value: read(storageKey, stored) }));
  // Another writer signed in: show theirs, not the last writer's.
  const current = state.storageKey === storageKey ? state : { storageKey, value: read(storageKey, stored) };
  if (current !== state) setState(current);
  const setValue = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setState((previous) => {
        const value = next instanceof Function ? next(previous.value) : next;
        if (previous.storageKey !== null) write(previous.storageKey, stored.encode(value));
        return { storageKey: previous.storageKey, value };
      }),
    [stored],
  );
  return [current.value, setValue];
}

/**
 * The text of field `field` for writer `userId`, kept on this device until it is emptied; like
 * `useState('')`, but a reload finds the text again. With no writer (`null`), nothing is kept.
 */
export function useKeptText(
  field: string,
  userId: string | null,
): [string, Dispatch<SetStateAction<string>>] {
  return useKept(field, userId, asText);
}

/**
 * A list of texts, oldest first, kept as {@link useKeptText} keeps one (as JSON, forgotten once empty):
 * what was sent before the code to send it had arrived.
 */
export function useKeptList(
  field: string,
  userId: string | null,
): [string[], Dispatch<SetStateAction<string[]>>] {
  return useKept(field, userId, asList);
}
