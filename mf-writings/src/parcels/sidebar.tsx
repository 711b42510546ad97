import { createAreaParcel } from 'shared-kernel';
import { Sidebar } from '../features/sidebar/index.ts';

export const { bootstrap, mount, unmount, update } = createAreaParcel({
  label: 'Writings',
  component: Sidebar,
});
