import { useEffect, useState } from 'react';
import { afterFirstScreen, type EventBus, messages, useOnDemand } from 'shared-kernel';
import { currentFolderPermission, useWritingsStore, type WritingSummary } from '../writings-store/index.ts';
import styles from './sidebar.module.css';
import { fingerPress } from './tap-opens.ts';

// The menu (Radix, its positioning, the dialogs) is not needed for the first screen: it arrives when the
// sidebar is idle after it (`useRowMenuAfterFirstScreen`) or when the pointer reaches a row's button.
const loadWritingRowActions = () =>
  import('./writing-row-actions.tsx').then((module) => module.WritingRowActions);

/** Fetches the rows' menu once the first screen is usable and the page is idle. */
export function useRowMenuAfterFirstScreen(bus: EventBus): void {
  const [, request] = useOnDemand(loadWritingRowActions);
  useEffect(() => afterFirstScreen(bus, request), [bus, request]);
}

/**
 * A writing's actions behind one small button at the end of its title line (none in a folder shared for
 * reading): the title keeps the rest of the line (cut with an ellipsis before the button, never drawn
 * under it). Until the menu's code has arrived the button is a plain one that asks for it, and a press
 * (a mouse's), a tap or a key opens the menu once it is there.
 */
export function WritingRowMenu({ writing }: { writing: WritingSummary }) {
  const [WritingRowActions, request] = useOnDemand(loadWritingRowActions);
  const [clicked, setClicked] = useState(false);
  // A folder shared for reading: nothing in it is the reader's to rename, move or delete.
  const readOnly = useWritingsStore(() => currentFolderPermission() === 'read');
  const ask = () => {
    setClicked(true);
    request();
  };
  if (readOnly) return null;
  if (WritingRowActions) return <WritingRowActions writing={writing} defaultOpen={clicked} />;
  return (
    <button
      type="button"
      className={styles.moreActions}
      aria-label={messages.sidebar.moreActions}
      aria-haspopup="menu"
      onPointerEnter={request}
      // A mouse asks at the press, as the menu's own button opens then (and keeps the focus where it is,
      // as that button does); a finger, at its tap (tap-opens.ts), which the menu's own button also takes
      // should the code arrive under the finger.
      onPointerDown={(event) => {
        if (fingerPress(event) || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        ask();
      }}
      onClick={ask}
    >
      <span aria-hidden="true">⋯</span>
    </button>
  );
}
