import { calls, type AdminEvent, type AttendeeToken, type ChipRecord } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { api } from '../api.js';

/**
 * The REST fallback of the live views: when the socket is down, pages poll the REST endpoints (event
 * token, chip, admin event) every POLL_INTERVAL_MS, and the answers are turned into the same views the
 * socket sends. Polled views carry version 0: the next
 * socket snapshot replaces them whole.
 */

export type PollResult<V> =
  | { ok: true; view: V }
  /** fatal: the thing does not exist or is not the viewer's (stop and say so); else try again. */
  | { ok: false; fatal: boolean; status: number; message: string };

function failed(result: { status: number; message: string; kind: string }): { ok: false; fatal: boolean; status: number; message: string } {
  const fatal = result.kind === 'failure' && (result.status === 400 || result.status === 401 || result.status === 403 || result.status === 404);
  return { ok: false, fatal, status: result.status, message: result.message };
}

/** Only the keys whose value the answer carries: an upstream without them leaves them absent, as the socket's views do. */
function present<T extends Record<string, unknown>>(fields: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<{ [K in keyof T]: Exclude<T[K], undefined> }>;
}

export function arenaViewOf(token: AttendeeToken): ViewOf<'arena'> {
  const { attendee } = token;
  return {
    kind: 'arena',
    eventId: token.event.id,
    version: 0,
    event: token.event,
    attendee: {
      id: attendee.id,
      name: attendee.name,
      image: attendee.image,
      price_category: attendee.price_category,
      checked_in: attendee.checked_in,
      // The attendee's own check-in and safety state, as the socket's arena view carries them.
      ...present({ checked_in_at: attendee.checked_in_at, checked_in_by: attendee.checked_in_by, mute: attendee.mute, hidden: attendee.hidden, dm_policy: attendee.dm_policy }),
    },
    chats: attendee.chats,
    private_chats: attendee.private_chats,
    ...present({ chat: attendee.chat, announcements: attendee.announcements, blocked: attendee.blocked }),
  };
}

export function chipViewOf(chip: ChipRecord): ViewOf<'chip'> {
  return {
    kind: 'chip',
    eventId: chip.event_id,
    version: 0,
    event: chip.event,
    chipId: chip.id,
    attendee:
      chip.event_attendee_id && chip.attendee
        ? { id: chip.event_attendee_id, name: chip.attendee.name, image: chip.attendee.image, price_category: chip.price?.title ?? '', checked_in: chip.attendee.checked_in }
        : null,
    chats: chip.chats,
    ...present({ chat: chip.chat, announcements: chip.announcements }),
  };
}

export function organiserViewOf(event: AdminEvent): ViewOf<'organiser'> {
  return {
    kind: 'organiser',
    eventId: event.id,
    version: 0,
    event: {
      id: event.id,
      clean_name: event.clean_name,
      title: event.title,
      description: event.description,
      location: event.location,
      image: event.image,
      start_date: event.start_date,
      end_date: event.end_date,
    },
    attendees: event.attendees.map((a) => ({
      id: a.id,
      name: a.name,
      image: a.image,
      price_category: a.price_category,
      checked_in: a.checked_in,
      checked_in_at: a.checked_in_at ?? null,
      checked_in_by: a.checked_in_by ?? null,
      // The safety marks the organiser sees, as the socket's organiser view carries them.
      ...present({ mute: a.mute, hidden: a.hidden }),
    })),
    chats: event.chats,
    private_chats: event.private_chats,
    ...present({ chat: event.chat, announcements: event.announcements, reports: event.reports }),
  };
}

export async function pollArena(tid: string, signal?: AbortSignal): Promise<PollResult<ViewOf<'arena'>>> {
  const result = await api(calls.eventToken, { params: { id: tid }, background: true, signal });
  return result.ok ? { ok: true, view: arenaViewOf(result.answer.data) } : failed(result);
}

export async function pollChip(chipId: string, signal?: AbortSignal): Promise<PollResult<ViewOf<'chip'>>> {
  const result = await api(calls.chip, { params: { id: chipId }, background: true, signal });
  return result.ok ? { ok: true, view: chipViewOf(result.answer.data) } : failed(result);
}

export async function pollOrganiser(eventId: string, signal?: AbortSignal): Promise<PollResult<ViewOf<'organiser'>>> {
  const result = await api(calls.adminEvent, { params: { id: eventId }, background: true, signal });
  return result.ok ? { ok: true, view: organiserViewOf(result.answer.data) } : failed(result);
}
