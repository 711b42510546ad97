import { startHarness } from 'shared-kernel/harness';
import * as IdeasPanel from './parcels/ideas-panel.tsx';

// The standalone harness of this remote: its parcels on a live bus, against the local backend.
startHarness({
  title: 'mf-ideas — standalone harness',
  parcels: { IdeasPanel },
});
