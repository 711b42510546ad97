// The composer typed in while the conversation's code arrives is replaced by the conversation's own once
// it is there. A writer typing at that moment kept typing into nothing: the focus was on a field that
// had gone. The focus and the caret now move to the new field in the same commit (React detaches the old
// field's ref before removing it and attaches the new one's after), so no keystroke falls between them.
import { type RefCallback, useMemo, useRef } from 'react';

export interface FieldHandover {
  /** For the field that leaves: notes, as it is removed, whether it had the focus and where the caret was. */
  from: RefCallback<HTMLTextAreaElement>;
  /** For the field that takes over: given that focus and caret when it arrives. */
  to: RefCallback<HTMLTextAreaElement>;
}

export function useFieldHandover(): FieldHandover {
  const caret = useRef<readonly [number, number] | null>(null);
  return useMemo(
    () => ({
      from: (field) => {
        if (!field) return;
        return () => {
          const focused = field.ownerDocument.activeElement === field;
          caret.current = focused ? [field.selectionStart, field.selectionEnd] : null;
        };
      },
      to: (field) => {
        const kept = caret.current;
        if (!field || !kept) return;
        caret.current = null;
        field.focus();
        field.setSelectionRange(kept[0], kept[1]);
      },
    }),
    [],
  );
}
