import { isAdminId } from '@tapcard/shared/domain';

/** Rooms are named by the server only; no client input ever becomes a room name unchecked. */
export const rooms = {
  /** Everyone subscribed to the event. */
  event: (eventId: string) => `ev:${eventId}`,
  /** The event's organisers. */
  organiser: (eventId: string) => `org:${eventId}`,
  /** One attendee's own room. */
  attendee: (eventId: string, attendeeId: string) => `att:${eventId}:${attendeeId}`,
  chip: (eventId: string, chipId: string) => `chip:${eventId}:${chipId}`,
  /**
   * The event's staff phones at the door: attendance with check-in times and gates, never a chat, so
   * a door socket is never in the event's room (it has an 'event' update of its own, without chats).
   */
  door: (eventId: string) => `door:${eventId}`,
};

/** The room of one party of a private chat: the organiser's room for an organiser's id. */
export function partyRoom(eventId: string, partyId: string): string {
  return isAdminId(partyId) ? rooms.organiser(eventId) : rooms.attendee(eventId, partyId);
}
