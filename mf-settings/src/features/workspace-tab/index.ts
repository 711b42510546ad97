// The Workspace tab: compact mode, sound effects, keyboard shortcuts (the kernel's SHORTCUTS).
export { WorkspaceTab } from './workspace-tab.tsx';
