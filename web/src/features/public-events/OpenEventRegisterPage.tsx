import { useParams } from 'react-router-dom';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { paths } from '../../lib/paths.js';
import { RegistrationPage } from './RegisterForm.js';
import { useCurrentOpenLink, useOpenEvent } from './api.js';

/** events/l/:id/register: registration from the shared event link; a failure opens the 'Something Went Wrong!' dialog. */
export function OpenEventRegisterPage() {
  useBlockContextMenu();
  const { id: cleanName = '' } = useParams();
  const event = useOpenEvent(cleanName);
  useCurrentOpenLink(cleanName, event.data?.clean_name, paths.openEventRegister);
  return <RegistrationPage event={event} backTo={paths.openEvent(cleanName)} failure="dialog" />;
}
