import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './form-body.ts';

describe('parseStripeForm', () => {
  it('reads the bracketed keys the stripe package sends into nested objects and arrays', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_123&line_items[0][quantity]=1' +
      '&success_url=http%3A%2F%2Flocalhost%2Fok%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D' +
      '&metadata[userId]=user_42&subscription_data[metadata][userId]=user_42&expand[]=customer';
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_123', quantity: '1' }],
      success_url: 'http://localhost/ok?session_id={CHECKOUT_SESSION_ID}',
      metadata: { userId: 'user_42' },
      subscription_data: { metadata: { userId: 'user_42' } },
      expand: ['customer'],
    });
  });
});
