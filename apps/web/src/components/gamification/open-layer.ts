import { useSyncExternalStore } from 'react';

/** What the reader opens over the page: dialogs, menus (the language and user menus), listboxes. */
const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Whether a dialog or menu is open: in the page and not inside a hidden element. */
function layerOpen(): boolean {
  return [...document.querySelectorAll(LAYERS)].some((element) => element.closest('[hidden]') === null);
}

function watchPage(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['hidden', 'role'],
  });
  return () => observer.disconnect();
}

const watchNothing = () => () => undefined;
const closed = () => false;

/**
 * Whether the reader has a dialog or menu open, followed while `watching` (issue 23: a
 * celebration never covers one); false, at no cost, while not.
 */
export function useLayerOpen(watching: boolean): boolean {
  return useSyncExternalStore(watching ? watchPage : watchNothing, watching ? layerOpen : closed, closed);
}
