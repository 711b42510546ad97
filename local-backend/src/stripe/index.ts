// The local Stripe test mode: what backend.ts mounts.
export {
  LOCAL_PRICES,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  localStripeSecrets,
  priceEnvName,
} from './stripe-config.ts';
export { type StripeTestMode, startStripeTestMode } from './stripe-test-mode.ts';
export { signatureHeader } from './webhook-sender.ts';
