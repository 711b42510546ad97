export { PricingDialog } from './pricing-dialog.tsx';
