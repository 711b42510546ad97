// The first paint of the editor: the writing that opens as static HTML while the editor's code loads.
export {
  createFirstPaint,
  type EarlyInput,
  type FirstPaint,
  positionOfCaret,
  type TextCaret,
} from './first-paint.ts';
export { StaticWriting, staticDocumentHtml } from './static-writing.tsx';
