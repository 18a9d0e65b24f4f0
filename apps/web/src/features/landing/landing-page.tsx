import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { BenefitsSection } from './benefits-section';
import { ClosingSection } from './closing-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { LandingHead } from './landing-head';
import { LibrarySection } from './library-section';
import { PricingSection } from './pricing-section';
import { TestimonialsSection } from './testimonials-section';

/** The public landing page at /pt, /en and /es (spec §2). The route has already set the language. */
export function LandingPage() {
  // Subscribing to the translation re-renders the page when the language changes.
  useTranslation();
  const language = currentLanguage();
  return (
    <div className="flex flex-col">
      <LandingHead language={language} />
      <HeroSection language={language} />
      <BenefitsSection />
      <HowItWorksSection />
      <LibrarySection language={language} />
      <TestimonialsSection />
      <PricingSection language={language} />
      <ClosingSection language={language} />
    </div>
  );
}
