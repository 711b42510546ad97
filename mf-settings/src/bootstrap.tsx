import { startHarness } from 'shared-kernel/harness';
import * as PricingDialog from './parcels/pricing-dialog.tsx';
import * as SettingsDialog from './parcels/settings-dialog.tsx';

// The standalone harness of this remote: its parcels on a live bus, against the local backend.
startHarness({
  title: 'mf-settings — standalone harness',
  parcels: { SettingsDialog, PricingDialog },
});
