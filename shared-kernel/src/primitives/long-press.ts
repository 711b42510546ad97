// A finger held on a row: on a touch screen there is no Cmd/Ctrl or Shift to select several ideas or
// writings, so holding one selects it beside the others, and taps then add and remove rows until none is
// selected (docs/product.md, Ideas and Writings). The list holds `useTouchSelection`, each row `useRowPress`.
import {
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

const coarsePointer = globalThis.matchMedia?.('(pointer: coarse)');
const onPointerChange = (changed: () => void) => {
  coarsePointer?.addEventListener('change', changed);
  return () => coarsePointer?.removeEventListener('change', changed);
};
const isCoarse = () => coarsePointer?.matches ?? false;

/**
 * Whether the screen's primary pointer is a finger: there, rows are not dragged (a held finger selects).
 * It follows the device as it changes (a tablet's keyboard and trackpad attached or taken off).
 */
export function useTouchScreen(): boolean {
  return useSyncExternalStore(onPointerChange, isCoarse, () => false);
}

/** How long a finger is held before it counts as a long press (Android's own long press is 400-500 ms). */
const LONG_PRESS_MS = 500;
/** How far a finger may drift while held (px): further, it is scrolling the list. */
const DRIFT_PX = 10;
/** Held on these, a finger selects text or works the control, not the row. */
const NOT_THE_ROW = 'textarea, input, [contenteditable="true"], button, a';

/**
 * The list's side: whether a selection begun by holding a row is under way (it ends when none is
 * selected), and what a long press on a row does (the row is toggled into or out of the selection).
 */
export function useTouchSelection(selectedCount: number, toggle: (id: string) => void) {
  const [selecting, setSelecting] = useState(false);
  if (selecting && selectedCount === 0) setSelecting(false);
  const onLongPress = useCallback(
    (id: string) => {
      setSelecting(true);
      toggle(id);
    },
    [toggle],
  );
  return { selecting, onLongPress };
}

/** How a click on a row selects: `toggle` as Cmd/Ctrl-click (or a tap while selecting), `range` as Shift. */
export interface RowClick {
  toggle: boolean;
  range: boolean;
}

/**
 * A row's side: `handlers` go on the row; `clickOf` reads its click, `null` for the click some browsers
 * make as a long-pressing finger lifts (it is not a tap). `selecting` is the list's `useTouchSelection`.
 */
export function useRowPress(selecting: boolean, onLongPress: () => void) {
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const pressed = useRef(false);
  // The last press's pointer: a click event does not say, in every browser.
  const lastPointer = useRef('');
  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  return {
    handlers: {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        cancel();
        pressed.current = false;
        lastPointer.current = event.pointerType;
        const target = event.target as Element;
        // A menu or a dialog opened from the row is rendered elsewhere; React still brings its presses here.
        const onRow = event.currentTarget.contains(target) && !target.closest(NOT_THE_ROW);
        if (event.pointerType !== 'touch' || !onRow) return;
        const timer = setTimeout(() => {
          press.current = null;
          pressed.current = true;
          onLongPress();
        }, LONG_PRESS_MS);
        press.current = { timer, x: event.clientX, y: event.clientY };
      },
      onPointerMove(event: PointerEvent) {
        const at = press.current;
        if (at && Math.hypot(event.clientX - at.x, event.clientY - at.y) > DRIFT_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
      /** The browser's own menu of a long press (Android) does not open over the selection. */
      onContextMenu(event: MouseEvent) {
        if (pressed.current || press.current) event.preventDefault();
      },
    },
    clickOf(event: MouseEvent): RowClick | null {
      if (pressed.current) {
        pressed.current = false;
        return null;
      }
      const tapped = selecting && lastPointer.current === 'touch';
      return { toggle: event.metaKey || event.ctrlKey || tapped, range: event.shiftKey };
    },
  };
}
