import { createContext, useContext } from 'react';

/**
 * The site's public origin, for the absolute URLs of canonical links, alternates, social tags and
 * structured data. In the browser it is the page's own; the build's prerender provides a
 * placeholder that the server replaces with its public origin (PUBLIC_URL) when it serves the page.
 */
export const SiteOriginContext = createContext<string | undefined>(undefined);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? window.location.origin;
}
