import { startHarness } from 'shared-kernel/harness';
import * as Editor from './parcels/editor.tsx';
import * as Sidebar from './parcels/sidebar.tsx';

// The standalone harness of this remote: its parcels on a live bus, against the local backend.
startHarness({
  title: 'mf-writings — standalone harness',
  parcels: { Sidebar, Editor },
});
