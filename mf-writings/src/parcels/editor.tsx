import { createAreaParcel } from 'shared-kernel';
import { Editor } from '../features/editor/index.ts';

export const { bootstrap, mount, unmount, update } = createAreaParcel({ label: 'Editor', component: Editor });
