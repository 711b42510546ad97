import { createAreaParcel } from 'shared-kernel';
import { SettingsDialog } from '../features/settings-dialog/index.ts';

export const { bootstrap, mount, unmount, update } = createAreaParcel({
  label: 'Settings',
  component: SettingsDialog,
});
