import { CallToAction } from './sections/CallToAction.js';
import { Hero } from './sections/Hero.js';
import { AboutSection, ConnectSection, EcoSection, EventSection, FeatureSection, SecuritySection } from './sections/ProductSections.js';
import { SiteLayout } from './SiteLayout.js';

/** The landing page's content: the app's landing route and the light visitor page draw it alike. */
export function LandingView() {
  return (
    <SiteLayout withPreorder>
      <Hero />
      <FeatureSection />
      <SecuritySection />
      <EcoSection />
      <AboutSection />
      <ConnectSection />
      <EventSection />
      <CallToAction />
    </SiteLayout>
  );
}
