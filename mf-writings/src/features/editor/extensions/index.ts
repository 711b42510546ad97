// The editor's Tiptap extensions, one folder each with its tests, and the list the editor is built from.
export { afterBlockAt, forEachBlock, toEditorContent, toStoredContent } from './block-groups/index.ts';
export { editorExtensions, WritingDocument } from './editor-extensions.ts';
