import { useParams } from 'react-router-dom';
import { useOrganiserLive } from '../../lib/live/useLiveEvent.js';
import { useAdminEvent } from './api.js';

/** The event of an organiser's live page (its path's :id): the event as read once, and its live view. */
export function useOrganiserEvent() {
  const { id = '' } = useParams();
  const admin = useAdminEvent(id);
  const live = useOrganiserLive(id || undefined);
  return { id, admin, live };
}
