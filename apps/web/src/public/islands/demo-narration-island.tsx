import { DemoNarrationLive } from '../../features/demo/demo-public-page';
import { islandLanguage } from './island-props';
import { mountIsland } from './island-runtime';

/** The demo's narration: asks the server for it (made once, on the house), then plays it. */
export function mount(element: HTMLElement, props: unknown): void {
  const language = islandLanguage(props);
  mountIsland(element, <DemoNarrationLive language={language} />, false);
}
