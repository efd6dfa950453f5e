import { useQuery } from '@tanstack/react-query';
import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';
import { chipViewOf } from '../../lib/live/polls.js';
import { useChipLive } from '../../lib/live/useLiveEvent.js';
import { queryKeys } from '../../lib/query-keys.js';

/**
 * A chip: its record (organiser flag, ticket) read once, and its live view (attendee, check-in, chats)
 * from the socket, or from the record until the socket answers.
 */
export function useChip(chipId: string) {
  const record = useQuery({
    queryKey: queryKeys.chip(chipId),
    queryFn: ({ signal }) => apiOrThrow(calls.chip, { params: { id: chipId }, signal }),
    enabled: chipId !== '',
  });
  const live = useChipLive(chipId || undefined);
  const view = live.view ?? (record.data ? chipViewOf(record.data.data) : null);
  return { record, live, view };
}
