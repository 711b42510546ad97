// A finger opens a row's menu on its tap, not its press (Radix's trigger opens on the press): on a touch
// screen every row shows its ⋯ at the right edge, where a thumb begins to scroll the list, and a scroll
// that begins there must open nothing. A mouse's press and the keys stay as Radix has them.
import type { MouseEvent, PointerEvent } from 'react';

/** Whether the last press on a row's ⋯ was a finger's (a click event has no pointer type in every browser). */
let pressedByFinger = false;

/** Whether `event` (a click) comes from a finger: not from a key (which Radix takes), nor a mouse. */
export function byFinger(event: MouseEvent): boolean {
  if (event.detail === 0) return false;
  const { pointerType } = event.nativeEvent as { pointerType?: string };
  return pointerType ? pointerType === 'touch' : pressedByFinger;
}

/**
 * Notes a press on a row's ⋯, and answers whether it is a finger's; a finger's press is then kept from
 * opening the menu (and from the mouse events it would make, whose focus would close it at once).
 */
export function fingerPress(event: PointerEvent): boolean {
  pressedByFinger = event.pointerType === 'touch';
  if (pressedByFinger) event.preventDefault();
  return pressedByFinger;
}
