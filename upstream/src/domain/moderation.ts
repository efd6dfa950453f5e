import { PINNED_ANNOUNCEMENTS_MAX } from '@tapcard/shared/constants';
import { type Announcement, type ChatReport, type ChatSettings, type Mute } from '@tapcard/shared/contract';
import { safetyMessages, type ChatRoomKind, type MuteChoice } from '@tapcard/shared/rules';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, Row } from '../db/schema.js';
import { randomId } from '../lib/crypto.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { attendeeSafety, muteOf, setMute } from '../repositories/arena-safety.js';
import {
  announcementById,
  announcementWire,
  chatSettingsNow,
  insertAnnouncement,
  isReported,
  logModeration,
  messageOf,
  pinnedCount,
  removeMessage as markRemoved,
  reportById,
  reportWire,
  resolveReportsOf,
  setChatSettings,
  setReportStatus,
  unpinAnnouncement as markUnpinned,
} from '../repositories/moderation.js';
import { clockTime } from './chat-safety.js';
import { inEventChange } from './event-sequence.js';

/**
 * The organiser's moderation steps. Each is one change of the event (so live views see it with its
 * seq) that also writes its row of the moderation log: who (the organiser's user id and name), what,
 * on whom and when. The caller has checked that the user organises the event.
 */

export interface Moderator {
  id: string;
  name: string;
}

type Action = Row<'moderation_actions'>['action'];

interface LogEntry {
  action: Action;
  target?: { id: string; name: string } | null;
  messageId?: string | null;
  details?: string;
}

async function log(trx: Transaction<Database>, eventId: string, by: Moderator, entry: LogEntry, now: Date, seq: number): Promise<void> {
  await logModeration(trx, {
    id: randomId(),
    event_id: eventId,
    action: entry.action,
    actor_id: by.id,
    actor_name: by.name,
    target_attendee_id: entry.target?.id ?? null,
    target_name: entry.target?.name ?? null,
    message_id: entry.messageId ?? null,
    details: entry.details ?? '',
    seq,
    created_at: now,
  });
}

/**
 * Removes a message for everyone and resolves its open reports. A group message may always be
 * removed; a private message only once someone reported it (the organiser never reads the others).
 * Removing a removed message changes nothing and logs nothing.
 */
async function removeIn(trx: Transaction<Database>, eventId: string, by: Moderator, room: ChatRoomKind, messageId: string, now: Date, seq: number, details = ''): Promise<void> {
  const message = await messageOf(trx, eventId, room, messageId);
  if (!message || (room === 'private' && !(await isReported(trx, eventId, room, messageId)))) throw notFound(safetyMessages.messageNotFound);
  await resolveReportsOf(trx, eventId, room, messageId, by.id, now, seq);
  if (!(await markRemoved(trx, room, messageId, by.id, now, seq))) return;
  // The organiser's own messages are stored under 'admin-…': no attendee to name.
  const target = message.author_id.startsWith('admin-') ? null : { id: message.author_id, name: message.author_name };
  await log(trx, eventId, by, { action: 'remove_message', target, messageId, details }, now, seq);
}

export async function removeMessage(db: Db, eventId: string, by: Moderator, room: ChatRoomKind, messageId: string, now: Date): Promise<void> {
  await inEventChange(db, eventId, (trx, seq) => removeIn(trx, eventId, by, room, messageId, now, seq));
}

/** The mute a choice sets from `now`. */
function muteColumns(choice: MuteChoice, now: Date): { muted_until: Date | null; muted_forever: boolean } {
  if (choice === 'off') return { muted_until: null, muted_forever: false };
  if (choice === 'forever') return { muted_until: null, muted_forever: true };
  return { muted_until: new Date(now.getTime() + choice * 60_000), muted_forever: false };
}

/** Mutes a confirmed attendee of the event for some minutes or for good, or lifts the mute ('off'); answers the mute now in force. */
export async function muteAttendee(db: Db, eventId: string, by: Moderator, attendeeId: string, choice: MuteChoice, now: Date): Promise<Mute | null> {
  return inEventChange(db, eventId, async (trx, seq) => {
    const attendee = await attendeeSafety(trx, eventId, attendeeId);
    if (!attendee) throw notFound(safetyMessages.attendeeNotFound);
    const columns = muteColumns(choice, now);
    await setMute(trx, attendeeId, columns, seq);
    const mute = muteOf(columns, now);
    const details = choice === 'off' ? '' : choice === 'forever' ? 'for good' : `${choice} min, until ${clockTime(columns.muted_until ?? now)}`;
    await log(trx, eventId, by, { action: choice === 'off' ? 'unmute' : 'mute', target: attendee, details }, now, seq);
    return mute;
  });
}

/** Closes or opens the group chat and sets slow mode; logs each setting that changed; answers the settings now. */
export async function changeChatSettings(db: Db, eventId: string, by: Moderator, change: Partial<ChatSettings>, now: Date): Promise<ChatSettings> {
  return inEventChange(db, eventId, async (trx, seq) => {
    const before = await chatSettingsNow(trx, eventId);
    const after: ChatSettings = { closed: change.closed ?? before.closed, slow_mode_seconds: change.slow_mode_seconds ?? before.slow_mode_seconds };
    await setChatSettings(trx, eventId, after);
    if (after.closed !== before.closed) await log(trx, eventId, by, { action: after.closed ? 'close_chat' : 'open_chat' }, now, seq);
    if (after.slow_mode_seconds !== before.slow_mode_seconds) {
      await log(trx, eventId, by, { action: 'slow_mode', details: after.slow_mode_seconds === 0 ? 'off' : `${after.slow_mode_seconds} s` }, now, seq);
    }
    return after;
  });
}

/** Acts on a report: dismiss it, resolve it, or remove the reported message (which resolves it and the message's other reports). */
export async function handleReport(db: Db, eventId: string, by: Moderator, reportId: string, action: 'dismiss' | 'resolve' | 'remove_message', now: Date): Promise<ChatReport> {
  return inEventChange(db, eventId, async (trx, seq) => {
    const report = await reportById(trx, eventId, reportId);
    if (!report) throw notFound(safetyMessages.reportNotFound);
    const target = { id: report.reported_attendee_id, name: report.reported_name };
    if (action === 'remove_message') {
      await removeIn(trx, eventId, by, report.room, report.message_id, now, seq, `reported for ${report.reason}`);
      // Resolved even when it had been dismissed before: the organiser has now acted on it.
      return reportWire(await setReportStatus(trx, reportId, 'resolved', by.id, now, seq));
    }
    const status = action === 'dismiss' ? 'dismissed' : 'resolved';
    const handled = await setReportStatus(trx, reportId, status, by.id, now, seq);
    await log(trx, eventId, by, { action: action === 'dismiss' ? 'dismiss_report' : 'resolve_report', target, messageId: report.message_id, details: report.reason }, now, seq);
    return reportWire(handled);
  });
}

/** Pins an announcement; at most PINNED_ANNOUNCEMENTS_MAX at once (400 tooManyPinned), counted under the event row's lock. */
export async function pinAnnouncement(db: Db, eventId: string, by: Moderator, message: string, now: Date): Promise<Announcement> {
  return inEventChange(db, eventId, async (trx, seq) => {
    if ((await pinnedCount(trx, eventId)) >= PINNED_ANNOUNCEMENTS_MAX) throw badRequest(safetyMessages.tooManyPinned);
    const row = await insertAnnouncement(trx, { id: randomId(), event_id: eventId, message, pinned: true, created_by: by.id, seq, created_at: now });
    await log(trx, eventId, by, { action: 'pin', details: message }, now, seq);
    return announcementWire(row);
  });
}

/** Unpins an announcement of the event; unpinning one that is not pinned changes nothing. */
export async function unpinAnnouncement(db: Db, eventId: string, by: Moderator, announcementId: string, now: Date): Promise<void> {
  await inEventChange(db, eventId, async (trx, seq) => {
    const announcement = await announcementById(trx, eventId, announcementId);
    if (!announcement) throw notFound(safetyMessages.announcementNotFound);
    if (await markUnpinned(trx, announcementId, now, seq)) await log(trx, eventId, by, { action: 'unpin', details: announcement.message }, now, seq);
  });
}
