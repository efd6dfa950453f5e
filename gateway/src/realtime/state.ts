import { GROUP_CHAT_LIMIT, PRIVATE_CHAT_LIMIT } from '@tapcard/shared/constants';
import { chatMessageSchema, liveAttendeeSchema, liveStateSchema, privateChatSchema } from '@tapcard/shared/contract';
import type { ChatMessage, LiveAttendee, LiveState, PrivateChat } from '@tapcard/shared/contract';
import { z } from 'zod';

/** The last known state of one event, built from live-state polls; every view is cut from it. */

export const eventStateSchema = z.object({
  eventId: z.string().min(1).max(128),
  version: z.number().int().nonnegative(),
  event: liveStateSchema.shape.event,
  chats: z.array(chatMessageSchema),
  private_chats: z.array(privateChatSchema),
  attendees: z.array(liveAttendeeSchema),
  chips: liveStateSchema.shape.chips,
});
export type EventState = z.infer<typeof eventStateSchema>;
export type EventDetails = EventState['event'];
export type ChipBinding = EventState['chips'][number];

/** What one poll brought beyond the previous state. */
export interface Changes {
  prevVersion: number;
  version: number;
  chats: ChatMessage[];
  privateChats: PrivateChat[];
  attendees: LiveAttendee[];
  /** Chips whose binding changed or whose bound attendee changed. */
  chips: ChipBinding[];
  /** The event's details, when they changed. */
  event: EventDetails | undefined;
}

export type ApplyResult =
  | { kind: 'initial' | 'unchanged'; state: EventState }
  | { kind: 'changed'; state: EventState; changes: Changes }
  /** The upstream's counter went backwards: start again from a full read. */
  | { kind: 'reset'; state: EventState | undefined };

function latest<T extends { id: string; seq: number }>(previous: readonly T[], incoming: readonly T[], limit: number): T[] {
  const byId = new Map(previous.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq).slice(-limit);
}

function upsert<T extends { id: string }>(previous: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map(previous.map((x) => [x.id, x]));
  for (const x of incoming) byId.set(x.id, x);
  return [...byId.values()];
}

function sameAttendee(a: LiveAttendee, b: LiveAttendee): boolean {
  return (
    a.name === b.name &&
    a.image === b.image &&
    a.price_category === b.price_category &&
    a.checked_in === b.checked_in &&
    (a.checked_in_at ?? null) === (b.checked_in_at ?? null) &&
    (a.checked_in_by ?? null) === (b.checked_in_by ?? null)
  );
}

const DETAIL_KEYS = liveStateSchema.shape.event.keyof().options;

function sameDetails(a: EventDetails, b: EventDetails): boolean {
  return DETAIL_KEYS.every((k) => a[k] === b[k]);
}

export function stateFromLive(eventId: string, live: LiveState): EventState {
  return {
    eventId,
    version: live.version,
    event: live.event,
    chats: latest([], live.chats, GROUP_CHAT_LIMIT),
    private_chats: latest([], live.private_chats, PRIVATE_CHAT_LIMIT),
    attendees: [...live.attendees],
    chips: [...live.chips],
  };
}

/** Folds one live-state answer (a diff after `since`, or full) into the previous state. */
export function applyLiveState(eventId: string, prev: EventState | undefined, live: LiveState): ApplyResult {
  if (!prev) return { kind: 'initial', state: stateFromLive(eventId, live) };
  if (live.version < prev.version) return { kind: 'reset', state: live.full ? stateFromLive(eventId, live) : undefined };
  if (live.version === prev.version) return { kind: 'unchanged', state: prev };

  const prevAttendees = new Map(prev.attendees.map((a) => [a.id, a]));
  const attendees = live.attendees.filter((a) => {
    const before = prevAttendees.get(a.id);
    return !before || !sameAttendee(before, a);
  });
  const changedAttendeeIds = new Set(attendees.map((a) => a.id));
  const prevChips = new Map(prev.chips.map((c) => [c.id, c.attendee_id]));
  const state: EventState = {
    eventId,
    version: live.version,
    event: live.event,
    chats: latest(prev.chats, live.chats, GROUP_CHAT_LIMIT),
    private_chats: latest(prev.private_chats, live.private_chats, PRIVATE_CHAT_LIMIT),
    attendees: live.full ? [...live.attendees] : upsert(prev.attendees, live.attendees),
    chips: live.full ? [...live.chips] : upsert(prev.chips, live.chips),
  };
  const chips = state.chips.filter(
    (c) => prevChips.get(c.id) !== c.attendee_id || (c.attendee_id !== null && changedAttendeeIds.has(c.attendee_id)),
  );
  const changes: Changes = {
    prevVersion: prev.version,
    version: live.version,
    chats: live.chats.filter((m) => m.seq > prev.version).sort((a, b) => a.seq - b.seq),
    privateChats: live.private_chats.filter((m) => m.seq > prev.version).sort((a, b) => a.seq - b.seq),
    attendees,
    chips,
    event: sameDetails(prev.event, live.event) ? undefined : live.event,
  };
  return { kind: 'changed', state, changes };
}
