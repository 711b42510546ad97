// The Workspace tab: compact mode, sound effects, keyboard shortcuts.
export { isApplePlatform, shortcutList } from './shortcut-keys.ts';
export { WorkspaceTab } from './workspace-tab.tsx';
