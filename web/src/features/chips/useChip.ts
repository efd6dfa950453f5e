import { chipViewOf } from '../../lib/live/polls.js';
import { useChipLive } from '../../lib/live/useLiveEvent.js';
import { useChipRecord } from './api.js';

/**
 * A chip: its record (organiser flag, ticket) read once, and its live view (attendee, check-in, chats)
 * from the socket, or from the record until the socket answers.
 */
export function useChip(chipId: string) {
  const record = useChipRecord(chipId);
  const live = useChipLive(chipId || undefined);
  const view = live.view ?? (record.data ? chipViewOf(record.data.data) : null);
  return { record, live, view };
}
