import { useSearchParams } from 'react-router-dom';
import { CardTapRedirect } from '../components/CardTapRedirect.js';
import { CallToAction } from '../components/sections/CallToAction.js';
import { Hero } from '../components/sections/Hero.js';
import { AboutSection, ConnectSection, EcoSection, EventSection, FeatureSection, SecuritySection } from '../components/sections/ProductSections.js';
import { SiteLayout } from '../components/SiteLayout.js';

/** The landing page ('' and card); with ?id=&type= it is a card tap and resolves it. */
export function LandingPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const type = params.get('type');
  if (id && type) return <CardTapRedirect id={id} type={type} />;
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
