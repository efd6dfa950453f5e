import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, doorCalls, type Body, type ReminderSettings } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';
import { callQuery, type CallQuery } from '../../lib/call-query.js';
import { notify } from '../../lib/toast.js';

// The calls of the sections an event's pages load after their first render: the dashboard's staff
// links, door and reminder settings, and the attendees page's door conflicts.

/** The event's staff links (list-staff-links). */
export function staffLinksQuery(eventId: string) {
  return callQuery(doorCalls, 'listStaffLinks', { params: { id: eventId } });
}
export const createStaffLink = (eventId: string, body: Body<typeof doorCalls.createStaffLink>) => apiOrThrow(doorCalls.createStaffLink, { params: { id: eventId }, body });
export const revokeStaffLink = (eventId: string, linkId: string) => apiOrThrow(doorCalls.revokeStaffLink, { params: { id: eventId, link_id: linkId } });

/** A setting of an event: its read, and its save, whose answer replaces the read's (a refusal is a toast). */
function useEventSetting<T, V>(query: CallQuery<T>, write: (value: V) => Promise<NoInfer<T>>) {
  const queryClient = useQueryClient();
  const settings = useQuery(query);
  const save = useMutation({
    mutationFn: write,
    onSuccess: (answer) => queryClient.setQueryData(query.queryKey, answer),
    onError: (error) => notify.error(error.message),
  });
  return { settings, save };
}

/** The event's door settings (door-settings) and their save. */
export function useDoorSettings(eventId: string) {
  return useEventSetting(callQuery(doorCalls, 'doorSettings', { params: { id: eventId } }), (checkOut: boolean) =>
    apiOrThrow(doorCalls.setDoorSettings, { params: { id: eventId }, body: { check_out: checkOut } }),
  );
}

/** The event's reminder mails as the organiser set them, and their save. */
export function useReminderSettings(eventId: string) {
  return useEventSetting(callQuery(calls, 'reminderSettings', { params: { id: eventId } }), (settings: ReminderSettings) =>
    apiOrThrow(calls.setReminderSettings, { params: { id: eventId }, body: settings }),
  );
}

/** The event's door conflicts as of the live view's version (list-door-conflicts): a new version reads them again. */
export function doorConflictsQuery(eventId: string, version: number) {
  return callQuery(doorCalls, 'listDoorConflicts', { params: { id: eventId } }, { asOf: version });
}
