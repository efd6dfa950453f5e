import { useParams } from 'react-router-dom';
import { paths } from '../../lib/paths.js';
import { OpenEventView } from './OpenEventView.js';
import { useCurrentOpenLink, useOpenEvent } from './api.js';

/** events/l/:id (the clean name): the shared event link's overview in the app (the server-rendered page is OpenEventVisit). */
export function OpenEventPage() {
  const { id: cleanName = '' } = useParams();
  const event = useOpenEvent(cleanName);
  useCurrentOpenLink(cleanName, event.data?.clean_name, paths.openEvent);
  return <OpenEventView cleanName={cleanName} event={event.data} failed={event.isError} />;
}
