import { EDITOR_WIDTHS } from './constants.ts';

/** The editor's width in percent of the layout: full in Zen mode, otherwise narrowed by open side areas. */
export function editorWidth({
  zen,
  leftOpen,
  rightOpen,
}: {
  zen: boolean;
  leftOpen: boolean;
  rightOpen: boolean;
}): number {
  if (zen) return EDITOR_WIDTHS.zen;
  if (leftOpen && rightOpen) return EDITOR_WIDTHS.bothSidesOpen;
  if (leftOpen || rightOpen) return EDITOR_WIDTHS.oneSideOpen;
  return EDITOR_WIDTHS.noSideOpen;
}
