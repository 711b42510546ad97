import { createAreaParcel } from 'shared-kernel';
import { ChatPanel } from '../features/chat-panel/index.ts';

export const { bootstrap, mount, unmount, update } = createAreaParcel({
  label: 'Chat',
  component: ChatPanel,
});
