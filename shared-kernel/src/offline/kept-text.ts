// A text field's unsent text, kept on the device: the ideas' 'Capture a thought' box and the chat's
// composer. What is typed there exists nowhere else until it is captured or sent, so each change is
// written at once to localStorage (synchronous: a reload or a closed tab cannot cut it short), per
// field and writer, and an emptied field forgets it.
import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';

function read(storageKey: string | null): string {
  if (storageKey === null) return '';
  try {
    return globalThis.localStorage?.getItem(storageKey) ?? '';
  } catch {
    return '';
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

/**
 * The text of field `field` for writer `userId`, kept on this device until it is emptied; like
 * `useState('')`, but a reload finds the text again. With no writer (`null`), nothing is kept.
 */
export function useKeptText(
  field: string,
  userId: string | null,
): [string, Dispatch<SetStateAction<string>>] {
  const storageKey = userId === null ? null : `${field}-unsent:${userId}`;
  const [state, setState] = useState(() => ({ storageKey, text: read(storageKey) }));
  // Another writer signed in: show theirs, not the last writer's.
  const current = state.storageKey === storageKey ? state : { storageKey, text: read(storageKey) };
  if (current !== state) setState(current);
  const setText = useCallback<Dispatch<SetStateAction<string>>>(
    (next) =>
      setState((previous) => {
        const text = typeof next === 'function' ? next(previous.text) : next;
        if (previous.storageKey !== null) write(previous.storageKey, text);
        return { storageKey: previous.storageKey, text };
      }),
    [],
  );
  return [current.text, setText];
}
