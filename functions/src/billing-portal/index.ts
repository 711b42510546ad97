// The public API of the billing-portal function.
export { billingPortal } from './billing-portal.ts';
