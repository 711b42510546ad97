// The public API of the export-writing function.
export { exportWriting, fileNameOf } from './export-writing.ts';
