import { LIVE_REPORTS_LIMIT } from '../constants/index.js';
import type { Announcement, ChatReport } from '../contract/entities.js';
import type { Snapshot, Update } from './index.js';

/**
 * Pure state handling of a live event view (arena, chip, organiser): merging messages and attendees,
 * applying the gateway's versioned updates and detecting gaps. No socket, no DOM, no React: the web's
 * live pages and the Node test client (tests/support/realtime-client.ts) apply updates with it.
 */

export type ViewKind = Snapshot['kind'];
export type ViewOf<K extends ViewKind> = Extract<Snapshot, { kind: K }>;

interface Sequenced {
  id: string;
  seq: number;
}

/** `list` with `add` merged in: one entry per id (the newer copy wins), ordered by seq (stable). */
export function mergeById<T extends Sequenced>(list: readonly T[], add: readonly T[]): T[] {
  if (add.length === 0) return list as T[];
  const byId = new Map<string, T>();
  for (const item of list) byId.set(item.id, item);
  for (const item of add) byId.set(item.id, item);
  return [...byId.values()].map((item, index) => ({ item, index })).sort((a, b) => a.item.seq - b.item.seq || a.index - b.index).map(({ item }) => item);
}

/** Pinned announcements with `changed` merged in by id: unpinned ones leave, newest first. */
export function mergeAnnouncements(list: readonly Announcement[], changed: readonly Announcement[]): Announcement[] {
  const byId = new Map(list.map((a) => [a.id, a]));
  for (const a of changed) byId.set(a.id, a);
  return [...byId.values()].filter((a) => a.pinned).sort((a, b) => b.seq - a.seq);
}

/** The reports queue with `changed` merged in by id: the newest LIVE_REPORTS_LIMIT, newest first. */
export function mergeReports(list: readonly ChatReport[], changed: readonly ChatReport[]): ChatReport[] {
  const byId = new Map(list.map((r) => [r.id, r]));
  for (const r of changed) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.seq - a.seq).slice(0, LIVE_REPORTS_LIMIT);
}

type AttendeeOf<V> = V extends { attendees: (infer A)[] } ? A : never;

/** Attendees replaced by id, new ones appended. */
function mergeAttendees<A extends { id: string }>(list: readonly A[], changed: readonly A[]): A[] {
  if (changed.length === 0) return list as A[];
  const next = [...list];
  for (const attendee of changed) {
    const index = next.findIndex((a) => a.id === attendee.id);
    if (index === -1) next.push(attendee);
    else next[index] = attendee;
  }
  return next;
}

/** The content of an update (or of a local change such as a check-in answer) merged into a view; the version is untouched. */
export function mergeContent<V extends Snapshot>(view: V, update: Partial<Update>): V {
  const next = { ...view } as Snapshot;
  if (update.event) next.event = update.event;
  if (update.chats && next.kind !== 'door') next.chats = mergeById(next.chats, update.chats);
  if (update.private_chats && (next.kind === 'arena' || next.kind === 'organiser')) next.private_chats = mergeById(next.private_chats, update.private_chats);
  if (update.attendees) {
    if (next.kind === 'organiser') next.attendees = mergeAttendees(next.attendees, update.attendees as AttendeeOf<ViewOf<'organiser'>>[]).filter((a) => !a.transferred && !a.cancelled);
    // The door keeps a transferred or cancelled ticket's holder, flagged, so its phones refuse the QR code offline.
    else if (next.kind === 'door') next.attendees = mergeAttendees(next.attendees, update.attendees as AttendeeOf<ViewOf<'door'>>[]);
    else if (next.kind === 'arena') next.attendee = update.attendees.find((a) => a.id === next.attendee.id) ?? next.attendee;
    else if (next.attendee) {
      const own = next.attendee.id;
      next.attendee = update.attendees.find((a) => a.id === own) ?? next.attendee;
    }
  }
  if (update.chip && next.kind === 'chip' && update.chip.chipId === next.chipId) next.attendee = update.chip.attendee;
  if (next.kind !== 'door') {
    if (update.chat) next.chat = update.chat;
    if (update.announcements) next.announcements = mergeAnnouncements(next.announcements ?? [], update.announcements);
  }
  if (update.blocked && next.kind === 'arena') next.blocked = update.blocked;
  if (update.reports && next.kind === 'organiser') next.reports = mergeReports(next.reports ?? [], update.reports);
  return next as V;
}

export type UpdateResult<V extends Snapshot> =
  /** Applied (or harmlessly ignored): the new view. */
  | { kind: 'applied'; view: V }
  /** A version was missed: ask for the snapshot (`resync`) and keep the view until it comes. */
  | { kind: 'gap'; view: V };

/**
 * Where an 'event' update stands against the version a client holds (undefined before its first snapshot):
 * - 'next': it follows that version (its prevVersion is the held one): apply it, the version moves to its `version`;
 * - 'old': already covered (version <= the held one): ignore it;
 * - 'gap': a version was missed: ask for the snapshot (`resync`).
 */
export type VersionStep = 'next' | 'old' | 'gap';

export function versionStep(held: number | undefined, update: Pick<Update, 'version' | 'prevVersion'>): VersionStep {
  const version = held ?? -1;
  if (update.version <= version) return 'old';
  return update.prevVersion === version ? 'next' : 'gap';
}

/**
 * Applies one `update` of the gateway to a view:
 * - another event's update is ignored;
 * - scoped updates ('private', 'attendance', 'chip', 'moderation') merge their content and never move the version;
 * - an 'event' update whose prevVersion is the view's version is applied and moves it to `version`;
 *   one already covered (version <= the view's) is ignored; any other is a gap.
 */
export function applyUpdate<V extends Snapshot>(view: V, update: Update): UpdateResult<V> {
  if (update.eventId !== view.eventId) return { kind: 'applied', view };
  if (update.scope !== 'event') return { kind: 'applied', view: mergeContent(view, update) };
  const step = versionStep(view.version, update);
  if (step === 'old') return { kind: 'applied', view };
  if (step === 'gap') return { kind: 'gap', view };
  return { kind: 'applied', view: { ...mergeContent(view, update), version: update.version } };
}

/** Whether a snapshot (ack or resync) belongs to the subscription that holds `view` / asked for `request`. */
export function snapshotMatches(snapshot: Snapshot, request: { kind: ViewKind; eventId?: string; chipId?: string }, current: Snapshot | null): boolean {
  if (snapshot.kind !== request.kind) return false;
  if (request.kind === 'organiser') return snapshot.eventId === request.eventId;
  if (snapshot.kind === 'chip') return snapshot.chipId === request.chipId;
  // An arena snapshot names no tid: it matches the arena subscription of the same event.
  return current === null || current.eventId === snapshot.eventId;
}
