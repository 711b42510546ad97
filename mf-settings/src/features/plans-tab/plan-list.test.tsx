import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { BillingPeriod } from 'shared-kernel';
import { describe, expect, it, vi } from 'vitest';
import { PeriodSwitch } from './period-switch.tsx';
import { PlanList } from './plan-list.tsx';

function Plans({ onChoose = () => {} }: { onChoose?: (tier: string) => void }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <>
      <PeriodSwitch period={period} onChange={setPeriod} />
      <PlanList period={period} currentTier="FREE" featureCount={4} busyTier={null} onChoose={onChoose} />
    </>
  );
}

describe('PlanList', () => {
  it('shows monthly prices, then yearly prices with each plan’s saving, Pro popular and Free current', async () => {
    render(<Plans />);
    const pro = screen.getByRole('listitem', { name: 'Pro' });
    expect(pro.textContent).toContain('$20/month');
    expect(pro.textContent).toContain('Popular');
    expect(screen.getByText('Save up to 17%')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(pro.textContent).toContain('$200/year');
    expect(pro.textContent).toContain('Save $40 a year');
    expect(screen.getByRole('listitem', { name: 'Max' }).textContent).toContain('Save $200 a year');
    expect(screen.getByRole('listitem', { name: 'Free' }).textContent).toContain('Current plan');
  });

  it('shows only the first 4 features of a plan', () => {
    render(<Plans />);
    // Pro has five lines of copy (two limits, two features, 'Everything in Lite').
    const pro = screen.getByRole('listitem', { name: 'Pro' });
    expect(within(pro).getAllByRole('listitem')).toHaveLength(4);
  });

  it('hands the chosen tier to the caller', async () => {
    const onChoose = vi.fn();
    render(<Plans onChoose={onChoose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose Lite' }));
    expect(onChoose).toHaveBeenCalledWith('LITE');
  });
});
