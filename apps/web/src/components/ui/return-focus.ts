import { useRef, type RefObject } from 'react';

/** Something focus can go back to: still on the page, enabled, and not hidden behind a dialog. */
function focusable(element: HTMLElement | null | undefined): element is HTMLElement {
  return Boolean(
    element?.isConnected &&
    !element.matches(':disabled') &&
    !element.closest('[inert], [aria-hidden="true"]'),
  );
}

/**
 * Radix gives focus back only to a Dialog.Trigger; the app's dialogs open from code (a button,
 * the search box, a finished request), so on close focus fell to the page body. These handlers,
 * for a dialog's onOpenAutoFocus and onCloseAutoFocus, remember what held focus when it opened
 * and give focus back to it, or to `fallback` when that is gone (issue 14).
 */
export function useReturnFocus(fallback?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault();
      const active = document.activeElement;
      // Another dialog opened as this one closed (details → generation) and holds focus: leave it.
      if (active instanceof HTMLElement && active !== document.body && active.isConnected) return;
      const target = [opener.current, fallback?.current].find(focusable);
      target?.focus();
    },
  };
}
