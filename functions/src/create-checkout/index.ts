// The public API of the create-checkout function.
export { type CreateCheckoutResult, createCheckout, createCheckoutBody } from './create-checkout.ts';
