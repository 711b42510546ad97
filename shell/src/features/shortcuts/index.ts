export { useShortcuts } from './use-shortcuts.ts';
