import { Island } from '../../components/island';
import { useLanguage } from '../../lib/use-language';
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
  const language = useLanguage();
  return (
    <div className="flex flex-col">
      <LandingHead language={language} />
      <HeroSection language={language} />
      <BenefitsSection />
      <HowItWorksSection />
      <LibrarySection language={language} />
      <Island name="testimonials" props={{ language }}>
        <TestimonialsSection language={language} />
      </Island>
      <Island name="pricing" props={{ language }}>
        <PricingSection language={language} />
      </Island>
      <ClosingSection language={language} />
    </div>
  );
}
