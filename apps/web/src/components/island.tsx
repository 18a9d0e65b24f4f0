import { createContext, useContext, type ReactNode } from 'react';

/** The interactive parts of the prerendered public pages, each hydrated on its own (issue 24). */
export type IslandName = 'pricing' | 'faq' | 'testimonials' | 'demoNarration' | 'demoSignUp';

/** What the prerender learns of the islands a page rendered: their names. */
export const IslandCollector = createContext<Set<IslandName> | undefined>(undefined);

/**
 * Marks an interactive part of a public page. The SPA renders it as it is (the wrapper has no box
 * of its own); on a prerendered page the public entry hydrates this element alone, with `props`,
 * so the rest of the page stays static HTML.
 */
export function Island({ name, props, children }: { name: IslandName; props: object; children: ReactNode }) {
  useContext(IslandCollector)?.add(name);
  return (
    <div className="contents" data-island={name} data-island-props={JSON.stringify(props)}>
      {children}
    </div>
  );
}
