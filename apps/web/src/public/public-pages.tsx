import type { Language } from '@summa/shared/languages';
import type { ComponentType } from 'react';
import { DemoPublicPage } from '../features/demo/demo-public-page';
import { demoPath, type DemoSummaryView } from '../features/demo/demo-view';
import { FaqPage } from '../features/faq/faq-page';
import { LandingPage } from '../features/landing/landing-page';
import { landingPath } from '../features/landing/structured-data';
import { PrivacyPage } from '../features/legal/privacy-page';
import { TermsPage } from '../features/legal/terms-page';

/** A public page the build prerenders in each language (issue 24, ADR 0027). */
export interface PublicPage {
  key: string;
  /** The page's address in a language: '/pt/faq'. */
  pathIn: (language: Language) => string;
  /**
   * Its address without a language, where the server picks the visitor's (Accept-Language), also
   * the x-default alternate; undefined for the landing, whose '/' is the app's decision.
   */
  negotiated?: string;
  Component: ComponentType;
  /** The `pages.*` texts of its title and description, for the head tags it does not set itself. */
  texts?: 'terms' | 'privacy' | 'faq';
}

/** A page at /{slug} and /{language}/{slug}, titled by its `pages.{slug}` texts. */
function subpage(slug: NonNullable<PublicPage['texts']>, Component: ComponentType): PublicPage {
  return {
    key: slug,
    pathIn: (language) => `/${language}/${slug}`,
    negotiated: `/${slug}`,
    Component,
    texts: slug,
  };
}

/** What the build reads from the server's data files for the pages (prerender.tsx). */
export interface PublicPagesData {
  /** The editorial demo's summary in each language (demo-data.ts). */
  demo: Readonly<Record<Language, DemoSummaryView>>;
}

/**
 * Every prerendered page; a new public page is one line here (and its routes in app/routes.tsx).
 * /demo sets its own head tags, from the summary it shows.
 */
export function publicPages({ demo }: PublicPagesData): readonly PublicPage[] {
  return [
    { key: 'landing', pathIn: landingPath, Component: LandingPage },
    subpage('terms', TermsPage),
    subpage('privacy', PrivacyPage),
    subpage('faq', FaqPage),
    { key: 'demo', pathIn: demoPath, negotiated: '/demo', Component: () => <DemoPublicPage demo={demo} /> },
  ];
}
