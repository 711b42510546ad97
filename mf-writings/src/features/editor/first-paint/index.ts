// The first paint of the editor: the writing that opens as static HTML while the editor's code loads.
export {
  createFirstPaint,
  type EarlyInput,
  type FirstPaint,
  type KeysOnCopy,
  positionOfCaret,
  type TextCaret,
  typeRuns,
} from './first-paint.ts';
export { StaticWriting, staticDocumentHtml } from './static-writing.tsx';
