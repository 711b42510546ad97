export { SettingsDialog } from './settings-dialog.tsx';
