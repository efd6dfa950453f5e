import { useQuery } from '@tanstack/react-query';
import { calls } from '@tapcard/shared/contract';
import { api, apiOrThrow } from '../../lib/api.js';
import { callQuery } from '../../lib/call-query.js';

/**
 * The chip pages' calls: the chip's record as a query, the writes as functions. A door phone's check-in
 * is in door-check-in.ts, loaded only when such a phone checks in (the door's schemas stay out of the
 * chip page's first-render JS).
 */

/** A chip's record (organiser flag, ticket, attendee). */
export function chipQuery(chipId: string) {
  return callQuery(calls, 'chip', { params: { id: chipId } });
}

export function useChipRecord(chipId: string) {
  return useQuery({ ...chipQuery(chipId), enabled: chipId !== '' });
}

export const bindChip = (chipId: string, token: string) => api(calls.bindChip, { params: { id: chipId }, body: { token } });

/** The registration an access token opens (event-token), to match it with the chip's attendee. */
export const eventToken = (token: string) => api(calls.eventToken, { params: { id: token } });

/** The organiser's check-in of an attendee from a chip (their session): whether they are checked in now. */
export async function organiserCheckIn(chipId: string, eventId: string, attendeeId: string) {
  return (await apiOrThrow(calls.checkIn, { params: { id: attendeeId }, body: { event_id: eventId, url_id: chipId, checked_in: true } })).data.status;
}
