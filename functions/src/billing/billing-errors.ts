/**
 * The billing functions' error texts, each sent as `{ error }` (SPEC section 8: Checkout, No user). The
 * browser shows the server's `error` field as it is.
 */
export const billingErrors = {
  method: 'Method not allowed',
  unauthenticated: 'User not authenticated',
  invalidBody: 'Invalid request body',
  priceNotFound: 'Price configuration not found. Please contact support.',
  sessionFailed: 'Failed to create checkout session',
  alreadySubscribed: 'You already have a subscription. Manage it from the Plans tab.',
  noSubscription: 'No subscription to manage yet.',
  portalFailed: 'Failed to open the billing portal',
  invalidSignature: 'Invalid signature',
  notConfigured: 'Billing is not configured',
} as const;
