// The public API of the stripe-webhook function.
export { stripeWebhook } from './stripe-webhook.ts';
