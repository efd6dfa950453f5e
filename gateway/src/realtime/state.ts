import { GROUP_CHAT_LIMIT, PRIVATE_CHAT_LIMIT } from '@tapcard/shared/constants';
import { announcementSchema, chatMessageSchema, chatReportSchema, chatSettingsSchema, liveAttendeeSchema, liveStateSchema, privateChatSchema } from '@tapcard/shared/contract';
import type { Announcement, ChatMessage, ChatReport, ChatSettings, LiveAttendee, LiveState, PrivateChat, WrittenMessage } from '@tapcard/shared/contract';
import { mergeAnnouncements, mergeReports } from '@tapcard/shared/realtime';
import { z } from 'zod';

/** The last known state of one event, built from live-state polls; every view is cut from it. */

/** One attendee blocking another (only blocks in force are kept). */
const blockSchema = z.object({ blocker_id: z.string(), blocked_id: z.string() });
export type Block = z.infer<typeof blockSchema>;

/**
 * Stored in Redis for the other instances. The safety fields have no defaults on purpose: a state
 * stored by a gateway that predates them does not parse, so the next poll reads the event in full
 * instead of resuming with no blocks and missing every block made before it.
 */
export const eventStateSchema = z.object({
  eventId: z.string().min(1).max(128),
  version: z.number().int().nonnegative(),
  event: liveStateSchema.shape.event,
  chats: z.array(chatMessageSchema),
  private_chats: z.array(privateChatSchema),
  attendees: z.array(liveAttendeeSchema),
  chips: liveStateSchema.shape.chips,
  /** The group chat's settings (closed, slow mode). */
  chat: chatSettingsSchema,
  /** The announcements pinned now, newest first. */
  announcements: z.array(announcementSchema),
  blocks: z.array(blockSchema),
  /** The newest LIVE_REPORTS_LIMIT reports, newest first. */
  reports: z.array(chatReportSchema),
});
export type EventState = z.infer<typeof eventStateSchema>;
export type EventDetails = EventState['event'];
export type ChipBinding = EventState['chips'][number];

/** What one poll brought beyond the previous state. */
export interface Changes {
  prevVersion: number;
  version: number;
  /** New group messages, and removed ones (`removed`, text gone). */
  chats: ChatMessage[];
  privateChats: PrivateChat[];
  /** Attendees whose record changed in any way (each audience sends only what it may see changed: `previousAttendees`). */
  attendees: LiveAttendee[];
  /** The records of `attendees` before this poll (absent for a new attendee). */
  previousAttendees: ReadonlyMap<string, LiveAttendee>;
  /** Chips whose binding changed or whose bound attendee's public record changed. */
  chips: ChipBinding[];
  /** The event's details, when they changed. */
  event: EventDetails | undefined;
  /** The group chat's settings, when they changed. */
  chat: ChatSettings | undefined;
  /** Announcements newly pinned, or no longer pinned (`pinned: false`). */
  announcements: Announcement[];
  /** Attendees whose list of blocked attendees changed. */
  blockers: string[];
  /** Reports filed or handled. */
  reports: ChatReport[];
}

export type ApplyResult =
  | { kind: 'initial' | 'unchanged'; state: EventState }
  | { kind: 'changed'; state: EventState; changes: Changes }
  /** The upstream's counter went backwards: start again from a full read. */
  | { kind: 'reset'; state: EventState | undefined };

interface Message {
  id: string;
  seq: number;
  removed?: boolean | undefined;
}

/**
 * The newest messages, one copy each (the later seq wins, so a removal is never undone by an older
 * copy), ordered by seq. A removal re-stamps its message with a new seq: removed messages are kept (a
 * snapshot then tells a phone that missed the removal to hide its copy, even of a message older than
 * its live window) but take no room from the messages shown, each kind keeping its newest `limit`.
 */
function latest<T extends Message>(previous: readonly T[], incoming: readonly T[], limit: number): T[] {
  const byId = new Map(previous.map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = byId.get(m.id);
    if (!known || m.seq >= known.seq) byId.set(m.id, m);
  }
  const sorted = [...byId.values()].sort((a, b) => a.seq - b.seq);
  const kept = new Set([...sorted.filter((m) => !m.removed).slice(-limit), ...sorted.filter((m) => m.removed).slice(-limit)]);
  return sorted.filter((m) => kept.has(m));
}

function upsert<T extends { id: string }>(previous: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map(previous.map((x) => [x.id, x]));
  for (const x of incoming) byId.set(x.id, x);
  return [...byId.values()];
}

/** Whether what anybody may see of the attendee (an arena, a chip page) is the same. */
function samePublic(a: LiveAttendee, b: LiveAttendee): boolean {
  return a.name === b.name && a.image === b.image && a.price_category === b.price_category && a.checked_in === b.checked_in;
}

/** A mute as one comparable value: none (absent or null), for good, or until a time. */
function muteKey(a: LiveAttendee): string {
  if (!a.mute) return 'none';
  return a.mute.until === null ? 'forever' : `until ${a.mute.until}`;
}

function sameAttendee(a: LiveAttendee, b: LiveAttendee): boolean {
  return (
    samePublic(a, b) &&
    (a.checked_in_at ?? null) === (b.checked_in_at ?? null) &&
    (a.checked_in_by ?? null) === (b.checked_in_by ?? null) &&
    muteKey(a) === muteKey(b) &&
    (a.hidden ?? false) === (b.hidden ?? false) &&
    (a.dm_policy ?? 'anyone') === (b.dm_policy ?? 'anyone') &&
    (a.transferred ?? false) === (b.transferred ?? false) &&
    (a.cancelled ?? false) === (b.cancelled ?? false)
  );
}

const DETAIL_KEYS = liveStateSchema.shape.event.keyof().options;

function sameDetails(a: EventDetails, b: EventDetails): boolean {
  return DETAIL_KEYS.every((k) => a[k] === b[k]);
}

function sameChat(a: ChatSettings, b: ChatSettings): boolean {
  return a.closed === b.closed && a.slow_mode_seconds === b.slow_mode_seconds;
}

/** The blocks in force after the answer: a full answer lists them all, a diff only those made or lifted. */
function nextBlocks(previous: readonly Block[], live: LiveState): Block[] {
  const key = (b: Block) => `${b.blocker_id}\n${b.blocked_id}`;
  const byKey = new Map(live.full ? [] : previous.map((b) => [key(b), b]));
  for (const { blocker_id, blocked_id, active } of live.blocks) {
    const block = { blocker_id, blocked_id };
    if (active) byKey.set(key(block), block);
    else byKey.delete(key(block));
  }
  return [...byKey.values()];
}

function blockLists(blocks: readonly Block[]): Map<string, Set<string>> {
  const lists = new Map<string, Set<string>>();
  for (const b of blocks) {
    const list = lists.get(b.blocker_id) ?? new Set();
    list.add(b.blocked_id);
    lists.set(b.blocker_id, list);
  }
  return lists;
}

/** The attendees whose blocked list differs between the two. */
function changedBlockers(before: readonly Block[], after: readonly Block[]): string[] {
  const a = blockLists(before);
  const b = blockLists(after);
  const blockers = new Set([...a.keys(), ...b.keys()]);
  return [...blockers].filter((id) => {
    const x = a.get(id) ?? new Set<string>();
    const y = b.get(id) ?? new Set<string>();
    return x.size !== y.size || [...x].some((blocked) => !y.has(blocked));
  });
}

/**
 * What clients must hear about announcements: those pinned now that they do not hold as they are, and
 * those no longer pinned (the answer's `pinned: false` copy, or, after a full answer that leaves them
 * out, the old copy marked unpinned).
 */
function changedAnnouncements(before: readonly Announcement[], after: readonly Announcement[], live: LiveState): Announcement[] {
  const was = new Map(before.map((a) => [a.id, a]));
  const now = new Map(after.map((a) => [a.id, a]));
  const answered = new Map(live.announcements.map((a) => [a.id, a]));
  const pinned = after.filter((a) => was.get(a.id)?.seq !== a.seq);
  const unpinned = before.filter((a) => !now.has(a.id)).map((a) => answered.get(a.id) ?? { ...a, pinned: false });
  return [...unpinned, ...pinned];
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
    chat: live.chat,
    announcements: mergeAnnouncements([], live.announcements),
    blocks: nextBlocks([], { ...live, full: true }),
    reports: mergeReports([], live.reports),
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
  const previousAttendees = new Map(attendees.flatMap((a) => {
    const before = prevAttendees.get(a.id);
    return before ? [[a.id, before] as const] : [];
  }));
  const publicChanged = new Set(attendees.filter((a) => {
    const before = prevAttendees.get(a.id);
    return !before || !samePublic(before, a);
  }).map((a) => a.id));
  const prevChips = new Map(prev.chips.map((c) => [c.id, c.attendee_id]));
  const state: EventState = {
    eventId,
    version: live.version,
    event: live.event,
    chats: latest(prev.chats, live.chats, GROUP_CHAT_LIMIT),
    private_chats: latest(prev.private_chats, live.private_chats, PRIVATE_CHAT_LIMIT),
    attendees: live.full ? [...live.attendees] : upsert(prev.attendees, live.attendees),
    chips: live.full ? [...live.chips] : upsert(prev.chips, live.chips),
    chat: live.chat,
    announcements: mergeAnnouncements(live.full ? [] : prev.announcements, live.announcements),
    blocks: nextBlocks(prev.blocks, live),
    reports: mergeReports(live.full ? [] : prev.reports, live.reports),
  };
  const chips = state.chips.filter(
    (c) => prevChips.get(c.id) !== c.attendee_id || (c.attendee_id !== null && publicChanged.has(c.attendee_id)),
  );
  const prevReports = new Map(prev.reports.map((r) => [r.id, r.seq]));
  // A removal re-stamps its message with the removal's seq, so removed messages pass like new ones.
  const changes: Changes = {
    prevVersion: prev.version,
    version: live.version,
    chats: live.chats.filter((m) => m.seq > prev.version).sort((a, b) => a.seq - b.seq),
    privateChats: live.private_chats.filter((m) => m.seq > prev.version).sort((a, b) => a.seq - b.seq),
    attendees,
    previousAttendees,
    chips,
    event: sameDetails(prev.event, live.event) ? undefined : live.event,
    chat: sameChat(prev.chat, live.chat) ? undefined : live.chat,
    announcements: changedAnnouncements(prev.announcements, state.announcements, live),
    blockers: changedBlockers(prev.blocks, state.blocks),
    reports: live.reports.filter((r) => prevReports.get(r.id) !== r.seq).sort((a, b) => a.seq - b.seq),
  };
  return { kind: 'changed', state, changes };
}

/**
 * Folds one written message into the state it directly follows (its seq is the state's version + 1:
 * the upstream counts every change of the event, so nothing else changed in between). Undefined
 * when it does not follow (already folded in, or a change in between that only a poll can read).
 */
export function applyWritten(prev: EventState, written: WrittenMessage): { state: EventState; changes: Changes } | undefined {
  const { message } = written;
  if (message.event_id !== prev.eventId || message.seq !== prev.version + 1) return undefined;
  const group = written.kind === 'group' ? [written.message] : [];
  const privates = written.kind === 'private' ? [written.message] : [];
  const state: EventState = {
    ...prev,
    version: message.seq,
    chats: group.length > 0 ? latest(prev.chats, group, GROUP_CHAT_LIMIT) : prev.chats,
    private_chats: privates.length > 0 ? latest(prev.private_chats, privates, PRIVATE_CHAT_LIMIT) : prev.private_chats,
  };
  const changes: Changes = {
    prevVersion: prev.version,
    version: message.seq,
    chats: group,
    privateChats: privates,
    attendees: [],
    previousAttendees: new Map(),
    chips: [],
    event: undefined,
    chat: undefined,
    announcements: [],
    blockers: [],
    reports: [],
  };
  return { state, changes };
}
