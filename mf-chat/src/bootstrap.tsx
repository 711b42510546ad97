import { startHarness } from 'shared-kernel/harness';
import * as ChatPanel from './parcels/chat-panel.tsx';

// The standalone harness of this remote: its parcels on a live bus, against the local backend.
startHarness({
  title: 'mf-chat — standalone harness',
  parcels: { ChatPanel },
});
