// The public API of the export-writing function.
export { exportWriting } from './export-writing.ts';
