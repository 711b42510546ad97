// Downloading the open writing as Markdown or HTML.
export { type ExportFormat, exportWriting } from './export-writing.ts';
