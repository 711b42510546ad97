import { act, render, screen } from '@testing-library/react';
import { createTestAreaProps } from 'shared-kernel/testing';
import { describe, expect, it } from 'vitest';
import { PricingDialog } from './pricing-dialog.tsx';

describe('PricingDialog', () => {
  it.each([
    [
      'rate-limit',
      undefined,
      'Rate Limit Reached',
      "You've reached your daily limit. Upgrade to continue using AI features.",
    ],
    [
      'premium-feature',
      'Export',
      'Premium Feature',
      'Export is a premium feature. Upgrade to unlock full access.',
    ],
    ['upgrade', undefined, 'Upgrade Your Plan', null],
  ] as const)('titles the dialog by why it opened (%s)', async (reason, feature, title, body) => {
    const props = createTestAreaProps();
    render(<PricingDialog {...props} />);

    act(() => props.bus.emit({ type: 'pricing.open', reason, ...(feature ? { feature } : {}) }));

    const dialog = await screen.findByRole('dialog', { name: title });
    if (body) expect(dialog.textContent).toContain(body);
  });
});
