import { TestimonialsSection } from '../../features/landing/testimonials-section';
import { islandLanguage } from './island-props';
import { mountIsland } from './island-runtime';

/**
 * The landing's testimonials: the prerendered HTML has the use cases; hydrated, the section asks
 * for the readers' approved words and shows them from three on.
 */
export function mount(element: HTMLElement, props: unknown): void {
  const language = islandLanguage(props);
  mountIsland(element, <TestimonialsSection language={language} />, false);
}
