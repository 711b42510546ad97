// The Editor tab: auto-save, spell check, focus mode, code blocks' line numbers and tab size.
export { EditorTab } from './editor-tab.tsx';
