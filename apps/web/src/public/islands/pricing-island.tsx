import { BILLING_INTERVALS } from '@summa/shared/plans';
import { PricingSection } from '../../features/landing/pricing-section';
import { islandLanguage } from './island-props';
import { mountIsland } from './island-runtime';

/** The landing's pricing: the monthly/yearly switch and the prices it shows. */
export function mount(element: HTMLElement, props: unknown): void {
  const language = islandLanguage(props);
  const checked = element.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;
  const billing = BILLING_INTERVALS.find((interval) => interval === checked) ?? 'monthly';
  mountIsland(
    element,
    <PricingSection language={language} initialBilling={billing} />,
    billing !== 'monthly',
  );
}
