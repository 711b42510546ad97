// The public API of the plans feature: the Plans tab, and the plan list the pricing dialog shows too.
export { type Billing, loadBilling } from './billing-data.ts';
export { PeriodSwitch } from './period-switch.tsx';
export { PlanList } from './plan-list.tsx';
export { PlansTab } from './plans-tab.tsx';
export { useBilling } from './use-billing.ts';
export { navigation, useChoosePlan } from './use-choose-plan.ts';
