import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { isAdminId } from '@tapcard/shared/domain';
import type { ChatMessage, SharedCard } from '@tapcard/shared/contract';
import { mergeById } from '@tapcard/shared/realtime';
import { chatRefusalText, isChatRefusalCode, type ChatRefusalCode } from '@tapcard/shared/rules';
import { readRaw, readStored, removeStored, STORAGE_PREFIX, writeStored } from '../storage.js';
import { isOnline, useOnline } from './network.js';

/**
 * The chat rooms' message handling, shared by the arena chats, the chip chat and the organiser's chat:
 * a sent message shows at once (pending), becomes the stored message when the post answers (it carries
 * the id), and is never shown twice when the same message arrives again from the socket or a poll.
 */

export type MessageStyle = 'own' | 'admin' | 'other';

export { ADMIN_NAME, adminIdOf, isAdminId } from '@tapcard/shared/domain';

/** The three display styles: the viewer's own messages, the organiser's (admin-…) and everybody else's. */
export function messageStyle(attendeeId: string, selfId: string | null): MessageStyle {
  if (selfId !== null && attendeeId === selfId) return 'own';
  return isAdminId(attendeeId) ? 'admin' : 'other';
}

export interface ThreadItem {
  /** Stable React key: the message id, or a local id while pending. */
  key: string;
  attendee_id: string;
  name: string;
  image: string;
  message: string;
  createdAt: string;
  state: 'sent' | 'pending' | 'failed';
  /** Why a failed message was not sent. */
  error?: string;
  /** A pending message waiting for the browser to be back online. */
  queued?: boolean;
  /** Removed by the organiser: no text, and no screen shows it. */
  removed?: boolean;
  /** A shared card (Share my card), shown as a card instead of text. */
  card?: SharedCard;
}

/** A post the server refused on purpose (muted, slow mode, closed chat…), with when it may be tried again (ISO). */
export interface Refusal {
  code: ChatRefusalCode;
  retryAt: string | null;
}

export type PostResult<T> = { ok: true; message: T } | { ok: false; error: string; refusal?: Refusal };

/** HH:MM in the browser's clock (the refusals' and the chat's times). */
export function clockTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The refusal's words in the browser's clock ('You are muted until 18:40', 'Slow mode: wait 8 s'). */
export function refusalText(refusal: Refusal, now: Date = new Date()): string {
  const retryAt = refusal.retryAt ? new Date(refusal.retryAt) : null;
  return chatRefusalText(refusal.code, retryAt && !Number.isNaN(retryAt.getTime()) ? retryAt : null, now, clockTime);
}

/** The refusal an answer carries: a failure with one of CHAT_REFUSAL_CODES (else undefined: another failure). */
export function refusalOf(failure: { code?: string | undefined; retry_at?: string | undefined } | undefined): Refusal | undefined {
  const code = failure?.code;
  return isChatRefusalCode(code) ? { code, retryAt: failure?.retry_at ?? null } : undefined;
}

/** A message of the outbox: waiting for the network (queued), on its way (pending), or refused (failed). */
interface Pending {
  key: string;
  text: string;
  createdAt: string;
  state: 'queued' | 'pending' | 'failed';
  error?: string;
  /** Why the server refused it (kept so a reload still knows it was refused, not lost). */
  refusal?: Refusal;
}

/** The newest refusal of a room, with when (browser time, ms) it came. */
export interface RoomRefusal extends Refusal {
  at: number;
}

export interface Outbox {
  items: ThreadItem[];
  send: (text: string) => void;
  retry: (key: string) => void;
  /** Drops a failed or waiting message. */
  remove: (key: string) => void;
  /** The newest refusal since the last accepted post of this page, or null. */
  refusal: RoomRefusal | null;
  /** When (browser time, ms) this page's last post was accepted, or null. */
  lastAccepted: number | null;
}

/** Where an outbox is kept across reloads: one list per event, sender and room ('group' or the other party's id). */
export interface OutboxPlace {
  eventId: string;
  senderId: string;
  room: string;
}

function isRefusal(value: unknown): value is Refusal {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.code === 'string' && isChatRefusalCode(r.code) && (r.retryAt === null || typeof r.retryAt === 'string');
}

function isPending(value: unknown): value is Pending {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.key === 'string' &&
    typeof p.text === 'string' &&
    typeof p.createdAt === 'string' &&
    (p.state === 'queued' || p.state === 'pending' || p.state === 'failed') &&
    (p.error === undefined || typeof p.error === 'string') &&
    (p.refusal === undefined || isRefusal(p.refusal))
  );
}

const asOutboxes = (value: unknown): Record<string, Pending[]> | null => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, Pending[]> = {};
  for (const [id, list] of Object.entries(value)) if (Array.isArray(list)) out[id] = list.filter(isPending);
  return out;
};

const placeId = (place: OutboxPlace) => JSON.stringify([place.eventId, place.senderId, place.room]);

function readOutbox(id: string): Pending[] {
  return readStored('chatOutbox', asOutboxes)?.[id] ?? [];
}

function saveOutbox(id: string, list: readonly Pending[]): void {
  const all = readStored('chatOutbox', asOutboxes) ?? {};
  if (list.length === 0) delete all[id];
  else all[id] = [...list];
  if (Object.keys(all).length === 0) removeStored('chatOutbox');
  else writeStored('chatOutbox', all);
}

function localKey(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `local-${random}`;
}

/**
 * `confirmed`: the room's messages from the live view; `post`: sends one message and answers the stored
 * message; `self`: who is writing (for the pending bubbles); `place`: where the outbox is kept across
 * reloads (not kept without it).
 *
 * Messages go out one at a time, in the order they were written. While the browser is offline they wait
 * (shown as pending) and go when it is back online. Failed and waiting messages are kept in local
 * storage per event and sender; one that was on its way when the page closed comes back as failed (it
 * may have arrived), for the writer to retry or delete.
 */
export function useOutbox<T extends ChatMessage>(
  confirmed: readonly T[],
  post: (text: string) => Promise<PostResult<T>>,
  self: { attendee_id: string; name: string; image: string } | null,
  place: OutboxPlace | null = null,
): Outbox {
  const online = useOnline();
  const [sent, setSent] = useState<T[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [refusal, setRefusal] = useState<RoomRefusal | null>(null);
  const [lastAccepted, setLastAccepted] = useState<number | null>(null);
  const pendingRef = useRef<Pending[]>([]);
  const postRef = useRef(post);
  const storeId = place ? placeId(place) : null;
  const storeRef = useRef<string | null>(null);
  const draining = useRef(false);

  useEffect(() => {
    postRef.current = post;
  }, [post]);

  const update = useCallback((change: (list: Pending[]) => Pending[]) => {
    const next = change(pendingRef.current);
    pendingRef.current = next;
    setPending(next);
    if (storeRef.current) saveOutbox(storeRef.current, next);
  }, []);

  const drain = useCallback(async () => {
    if (draining.current) return;
    draining.current = true;
    try {
      for (;;) {
        const next = isOnline() ? pendingRef.current.find((p) => p.state === 'queued') : undefined;
        if (!next) break;
        update((list) => list.map((p) => (p.key === next.key ? { key: p.key, text: p.text, createdAt: p.createdAt, state: 'pending' } : p)));
        let result: PostResult<T>;
        try {
          result = await postRef.current(next.text);
        } catch {
          result = { ok: false, error: '' };
        }
        if (result.ok) {
          const message = result.message;
          setSent((list) => [...list, message]);
          setLastAccepted(Date.now());
          setRefusal(null);
          update((list) => list.filter((p) => p.key !== next.key));
        } else if (result.refusal) {
          // Refused on purpose: it stays with the reason (in this browser's clock) until the writer
          // retries or deletes it; nothing sends it again by itself.
          const { refusal: why } = result;
          setRefusal({ ...why, at: Date.now() });
          update((list) => list.map((p) => (p.key === next.key ? { ...p, state: 'failed', error: refusalText(why), refusal: why } : p)));
        } else {
          // The network went while it was on its way: it waits for the network again.
          const state = isOnline() ? 'failed' : 'queued';
          update((list) => list.map((p) => (p.key === next.key ? { ...p, state, ...(state === 'failed' ? { error: result.error } : {}) } : p)));
        }
      }
    } finally {
      draining.current = false;
    }
  }, [update]);

  // The kept outbox of this place comes back (once the place is known), and what waits goes out.
  useEffect(() => {
    storeRef.current = storeId;
    if (!storeId) return;
    const known = new Set(pendingRef.current.map((p) => p.key));
    const restored = readOutbox(storeId)
      .filter((p) => !known.has(p.key))
      .map<Pending>((p) => (p.state === 'pending' ? { ...p, state: 'failed', error: '' } : p));
    update((list) => [...restored, ...list]);
    void drain();
  }, [storeId, update, drain]);

  useEffect(() => {
    if (online) void drain();
  }, [online, drain]);

  const send = useCallback(
    (text: string) => {
      update((list) => [...list, { key: localKey(), text, createdAt: new Date().toISOString(), state: 'queued' }]);
      void drain();
    },
    [update, drain],
  );

  const retry = useCallback(
    (key: string) => {
      update((list) => list.map((p) => (p.key === key && p.state === 'failed' ? { key: p.key, text: p.text, createdAt: p.createdAt, state: 'queued' } : p)));
      void drain();
    },
    [update, drain],
  );

  const remove = useCallback((key: string) => update((list) => list.filter((p) => p.key !== key || p.state === 'pending')), [update]);

  const items = useMemo<ThreadItem[]>(() => {
    // The live copy wins over the post's answer: a removal comes again as the same id.
    const stored = mergeById(sent, confirmed).map<ThreadItem>((m) => ({
      key: m.id,
      attendee_id: m.attendee_id,
      name: m.name,
      image: m.image,
      message: m.message,
      createdAt: m.createdAt,
      state: 'sent',
      ...(m.removed ? { removed: true } : {}),
      ...('card' in m && m.card ? { card: m.card as SharedCard } : {}),
    }));
    const local = self
      ? pending.map<ThreadItem>((p) => ({
          key: p.key,
          attendee_id: self.attendee_id,
          name: self.name,
          image: self.image,
          message: p.text,
          createdAt: p.createdAt,
          state: p.state === 'failed' ? 'failed' : 'pending',
          ...(p.state === 'queued' && !online ? { queued: true } : {}),
          ...(p.error ? { error: p.error } : {}),
        }))
      : [];
    return [...stored, ...local];
  }, [confirmed, sent, pending, self, online]);

  return { items, send, retry, remove, refusal, lastAccepted };
}

/*
 * Unread marks of private threads: the newest message seq the viewer has seen in each thread, kept per
 * event, viewer and other party. A thread's unread count is the other party's messages after that seq.
 */

const asSeen = (value: unknown): Record<string, number> | null => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, number> = {};
  for (const [id, seq] of Object.entries(value)) if (typeof seq === 'number' && Number.isFinite(seq)) out[id] = seq;
  return out;
};

const seenListeners = new Set<() => void>();
let seenCache: { raw: string | null; value: Record<string, number> } | null = null;

/** The stored marks, the same object while the stored text is unchanged. */
function seenAll(): Record<string, number> {
  const raw = readRaw(STORAGE_PREFIX + 'chatSeen');
  if (seenCache?.raw !== raw) seenCache = { raw, value: readStored('chatSeen', asSeen) ?? {} };
  return seenCache.value;
}

const seenId = (eventId: string, viewerId: string, partyId: string) => JSON.stringify([eventId, viewerId, partyId]);

/** Marks the thread with `partyId` as read up to `seq` (never backwards). */
export function markSeen(eventId: string, viewerId: string, partyId: string, seq: number): void {
  const id = seenId(eventId, viewerId, partyId);
  const all = readStored('chatSeen', asSeen) ?? {};
  if ((all[id] ?? -Infinity) >= seq) return;
  all[id] = seq;
  writeStored('chatSeen', all);
  for (const listener of seenListeners) listener();
}

function listenSeen(listener: () => void): () => void {
  seenListeners.add(listener);
  return () => seenListeners.delete(listener);
}

/** The newest seq the viewer has seen in each of their threads of an event (-1 when none). */
export function useSeen(eventId: string | undefined, viewerId: string | null): (partyId: string) => number {
  const all = useSyncExternalStore(listenSeen, seenAll, seenAll);
  return useCallback((partyId: string) => (eventId && viewerId ? (all[seenId(eventId, viewerId, partyId)] ?? -1) : -1), [all, eventId, viewerId]);
}
