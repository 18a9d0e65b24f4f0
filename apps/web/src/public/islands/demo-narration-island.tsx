import { isLanguage } from '@summa/shared/languages';
import { DemoNarrationLive } from '../../features/demo/demo-public-page';
import { isRecord, mountIsland, pageLanguage } from './island-runtime';

/** The demo's narration: asks the server for it (made once, on the house), then plays it. */
export function mount(element: HTMLElement, props: unknown): void {
  const language = isRecord(props) && isLanguage(props.language) ? props.language : pageLanguage();
  mountIsland(element, <DemoNarrationLive language={language} />, false);
}
