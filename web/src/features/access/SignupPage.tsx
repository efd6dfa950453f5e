import { Navigate, useLocation } from 'react-router-dom';
import { routes } from '../../lib/paths.js';

/** The signup route starts the onboarding wizard, keeping the card's query (id, type, iud). */
export function SignupPage() {
  const location = useLocation();
  return <Navigate to={`${routes.onboarding}${location.search}`} replace />;
}
