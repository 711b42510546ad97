import { useEffect } from 'react';
import { type EventBus, messages } from 'shared-kernel';
import { showToast } from '../toasts/index.ts';

/**
 * Back from the provider's checkout (`/workspace?success=true` or `?canceled=true`): a toast, and the
 * Plans tab opened, which says the plan is activating until the webhook has landed. The query is removed
 * so a reload does not say it again.
 */
export function useCheckoutReturn(bus: EventBus): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    const checkout =
      url.searchParams.get('success') === 'true'
        ? 'success'
        : url.searchParams.get('canceled') === 'true'
          ? 'canceled'
          : null;
    if (!checkout) return;
    url.searchParams.delete('success');
    url.searchParams.delete('canceled');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    showToast(
      'success',
      checkout === 'success' ? messages.plans.checkoutSucceeded : messages.plans.checkoutCanceled,
    );
    bus.emit({ type: 'settings.open', tab: 'Plans', checkout });
  }, [bus]);
}
