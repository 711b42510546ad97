// The editor's Tiptap extensions, one folder each with its tests, and the list the editor is built from.
export { afterBlockAt, forEachBlock, toEditorContent, toStoredContent } from './block-groups/index.ts';
export { editorExtensions, WritingDocument } from './editor-extensions.ts';
export { followEditorPreferences, preferenceAttributes } from './editor-preferences/editor-preferences.ts';
export { FOCUS_CURRENT_CLASS, FocusMode } from './editor-preferences/focus-mode.ts';
export { caretAfterInserted } from './paste-and-drop/paste-and-drop.ts';
