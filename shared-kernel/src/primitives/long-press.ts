// A finger held on a row: on a touch screen there is no Cmd/Ctrl or Shift to select several ideas or
// writings, so holding one selects it beside the others (docs/product.md, Ideas and Writings).
import { type MouseEvent, type PointerEvent, useRef } from 'react';

/** Whether the screen's primary pointer is a finger: there, rows are not dragged (a held finger selects). */
export const touchScreen: boolean = globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;

/** How long a finger is held before it counts as a long press (Android's own long press is 400-500 ms). */
const LONG_PRESS_MS = 500;
/** How far a finger may drift while held (px): further, it is scrolling the list. */
const DRIFT_PX = 10;

/**
 * `onLongPress` when a finger (a touch, never a mouse or a pen) is held still on the element for half a
 * second, outside its text fields. `handlers` go on the element; `endsLongPress` tells its click handler
 * that the click (which some browsers make as the finger lifts) ends a long press and is not a tap.
 */
export function useLongPress(onLongPress: () => void) {
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const pressed = useRef(false);
  const lastPointer = useRef('');
  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  return {
    handlers: {
      onPointerDown(event: PointerEvent) {
        cancel();
        pressed.current = false;
        lastPointer.current = event.pointerType;
        // Held in a text field, a finger selects text there.
        const inField = (event.target as Element).closest('textarea, input, [contenteditable="true"]');
        if (event.pointerType !== 'touch' || inField) return;
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
    /** Whether the last press on the element was a finger's (a click event does not say, in every browser). */
    byTouch: (): boolean => lastPointer.current === 'touch',
    endsLongPress(): boolean {
      const was = pressed.current;
      pressed.current = false;
      return was;
    },
  };
}
