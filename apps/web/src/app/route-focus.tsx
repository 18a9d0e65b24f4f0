import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Puts focus on the page's heading (tabIndex -1) if it exists; true once the page has one.
 * Focus the reader already put inside the new page stays where it is.
 */
function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  const active = document.activeElement;
  if (active && active !== document.body && active !== heading && main.contains(active)) return true;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/**
 * After a client-side route change, focus moves to the new page's <h1>, so screen readers
 * announce it and Tab starts from it instead of the body (issue 14). A page still loading (the
 * summary's skeleton) gets it as soon as its heading appears. The first page load keeps the
 * browser's own focus. Only the path counts: a new ?query is the same page.
 */
export function RouteFocus({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const main = document.getElementById(mainId);
    if (!main || focusHeading(main)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(main)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, mainId]);

  return null;
}
