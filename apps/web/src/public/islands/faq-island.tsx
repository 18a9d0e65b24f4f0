import { FaqSearchPanel } from '../../features/faq/faq-search-panel';
import type { FaqEntry } from '../../features/faq/faq-search';
import { isRecord } from './island-props';
import { mountIsland } from './island-runtime';

function isEntry(value: unknown): value is FaqEntry {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.question === 'string' &&
    typeof value.answer === 'string'
  );
}

/** The FAQ's search box and questions. */
export function mount(element: HTMLElement, props: unknown): void {
  const entries = isRecord(props) && Array.isArray(props.entries) ? props.entries.filter(isEntry) : [];
  const query = element.querySelector<HTMLInputElement>('input[type="search"]')?.value ?? '';
  mountIsland(element, <FaqSearchPanel entries={entries} initialQuery={query} />, query !== '');
}
