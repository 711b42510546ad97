import { createAreaParcel } from 'shared-kernel';
import { IdeasPanel } from '../features/ideas-panel/index.ts';

export const { bootstrap, mount, unmount, update } = createAreaParcel({
  label: 'Ideas',
  component: IdeasPanel,
});
