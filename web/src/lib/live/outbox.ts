import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import type { ChatMessage } from '@tapcard/shared/contract';
import { mergeById } from '@tapcard/shared/realtime';
import { readStored, removeStored, writeStored } from '../storage.js';
import { isOnline, useOnline } from './network.js';
import { localKey, outboxPlaceId, type OutboxPlace } from './outbox-store.js';
import { refusalSchema, type Refusal } from './refusal-schema.js';
import { refusalText, type RoomRefusal } from './refusals.js';
import { storedItem, type ThreadItem } from './thread-items.js';

export type { OutboxPlace } from './outbox-store.js';
export type { ThreadItem } from './thread-items.js';

/**
 * The chat rooms' outbox, shared by the arena chats, the chip chat and the organiser's chat: a sent
 * message shows at once (pending), becomes the stored message when the post answers (it carries the
 * id), and is never shown twice when the same message arrives again from the socket or a poll.
 */

export type PostResult<T> = { ok: true; message: T } | { ok: false; error: string; refusal?: Refusal };

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

/** A message of the outbox: waiting for the network (queued), on its way (pending), or refused (failed). */
const pendingSchema = z.object({
  key: z.string(),
  text: z.string(),
  createdAt: z.string(),
  state: z.enum(['queued', 'pending', 'failed']),
  error: z.string().optional(),
  /** Why the server refused it (kept so a reload still knows it was refused, not lost). */
  refusal: refusalSchema.optional(),
});
type Pending = z.infer<typeof pendingSchema>;

/**
 * The kept outboxes, by place. What another build or a hand edit left is read as far as it fits: an
 * entry that is not a list, and a message that fails its schema, are dropped.
 */
const keptOutboxesSchema = z.record(z.string(), z.unknown()).transform((all) => {
  const out: Record<string, Pending[]> = {};
  for (const [id, list] of Object.entries(all)) {
    if (!Array.isArray(list)) continue;
    out[id] = list.flatMap((record) => {
      const parsed = pendingSchema.safeParse(record);
      return parsed.success ? [parsed.data] : [];
    });
  }
  return out;
});


function readOutbox(id: string): Pending[] {
  return readStored('chatOutbox', keptOutboxesSchema)?.[id] ?? [];
}

function saveOutbox(id: string, list: readonly Pending[]): void {
  const all = readStored('chatOutbox', keptOutboxesSchema) ?? {};
  if (list.length === 0) delete all[id];
  else all[id] = [...list];
  if (Object.keys(all).length === 0) removeStored('chatOutbox');
  else writeStored('chatOutbox', all);
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
  const storeId = place ? outboxPlaceId(place) : null;
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
    const stored = mergeById(sent, confirmed).map(storedItem);
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
