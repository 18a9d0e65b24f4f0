import { isLanguage } from '@summa/shared/languages';
import { TestimonialsSection } from '../../features/landing/testimonials-section';
import { isRecord, mountIsland, pageLanguage } from './island-runtime';

/**
 * The landing's testimonials: the prerendered HTML has the use cases; hydrated, the section asks
 * for the readers' approved words and shows them from three on.
 */
export function mount(element: HTMLElement, props: unknown): void {
  const language = isRecord(props) && isLanguage(props.language) ? props.language : pageLanguage();
  mountIsland(element, <TestimonialsSection language={language} />, false);
}
