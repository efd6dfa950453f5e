import { useParams } from 'react-router-dom';
import { TicketPage } from './TicketPage.js';

/** The ticket page in the app's router (event/u/token/:tid, event/u/ticket/:tid). */
export function EventTokenPage() {
  const { tid = '' } = useParams();
  return <TicketPage tid={tid} />;
}
