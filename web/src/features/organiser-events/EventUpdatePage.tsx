import { useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { useEvent } from './api.js';
import { EventWizard } from './wizard/EventWizard.js';
import { eventValues } from './wizard/wizard-state.js';

/** event/:id/update: the same wizard prefilled from the event, with Save at the end. */
export function EventUpdatePage() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  if (event.isError) return <NotFoundView />;
  if (!event.data) return <LoadingScreen />;
  return (
    <EventWizard
      key={id}
      mode="update"
      eventId={id}
      initial={eventValues(event.data)}
      original={{ start_date: event.data.start_date, end_date: event.data.end_date }}
    />
  );
}
