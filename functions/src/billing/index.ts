// What the billing functions (create-checkout, stripe-webhook, billing-portal) share.
export { billingErrors } from './billing-errors.ts';
export { signedInUser } from './signed-in-user.ts';
export { configuredPriceIds, failure, priceIdsFrom, stripeClient } from './stripe-client.ts';
