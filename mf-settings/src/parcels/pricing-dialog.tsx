import { createAreaParcel } from 'shared-kernel';
import { PricingDialog } from '../features/pricing-dialog/index.ts';

export const { bootstrap, mount, unmount, update } = createAreaParcel({
  label: 'Pricing',
  component: PricingDialog,
});
