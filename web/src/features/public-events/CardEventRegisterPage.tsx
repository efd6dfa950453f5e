import { useParams, useSearchParams } from 'react-router-dom';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { paths } from '../../lib/paths.js';
import { RegistrationPage } from './RegisterForm.js';
import { usePublicEvent } from './api.js';

/** card/event/:id/register: the registration form; a failure shows in red below the button. */
export function CardEventRegisterPage() {
  useBlockContextMenu();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const link = search.get('link') ?? undefined;
  const event = usePublicEvent(id);
  return <RegistrationPage event={event} backTo={paths.cardEvent(id, link)} failure="inline" />;
}
