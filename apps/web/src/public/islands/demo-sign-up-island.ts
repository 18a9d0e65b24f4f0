import { fetchDemo } from '../../features/demo/demo-api';
import { demoAuthPath, type AuthMode } from '../../features/demo/demo-links';
import { islandLanguage } from './island-props';

const isAuthMode = (mode: string | undefined): mode is AuthMode => mode === 'signup' || mode === 'login';

/**
 * The demo's sign-up invitation, without React: the build cannot know the summary's id (the
 * server's), so its links come back to /demo until this asks for it, then to /summary/{id}.
 */
export function mount(element: HTMLElement, props: unknown): void {
  const language = islandLanguage(props);
  fetchDemo(language).then(
    ({ summary }) => {
      for (const link of element.querySelectorAll<HTMLAnchorElement>('a[data-auth-mode]')) {
        const mode = link.dataset.authMode;
        if (isAuthMode(mode)) link.href = demoAuthPath(language, summary.id, mode);
      }
    },
    // The links keep coming back to /demo, which is a fine second best.
    () => undefined,
  );
}
