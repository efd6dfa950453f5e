import { useSearchParams } from 'react-router-dom';
import { CardTapRedirect } from '../components/CardTapRedirect.js';
import { LandingView } from '../components/LandingView.js';

/** The landing page ('' and card); with ?id=&type= it is a card tap and resolves it. */
export function LandingPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const type = params.get('type');
  if (id && type) return <CardTapRedirect id={id} type={type} />;
  return <LandingView />;
}
