import { useCallback, useMemo, useRef, useState } from 'react';
import { ADMIN_ID_PREFIX } from '@tapcard/shared/constants';
import type { ChatMessage } from '@tapcard/shared/contract';
import { mergeById } from './live-state.js';

/**
 * The chat rooms' message handling, shared by the arena chats, the chip chat and the organiser's chat:
 * a sent message shows at once (pending), becomes the stored message when the post answers (it carries
 * the id), and is never shown twice when the same message arrives again from the socket or a poll.
 */

export type MessageStyle = 'own' | 'admin' | 'other';

export const ADMIN_NAME = 'ADMIN';

export function isAdminId(attendeeId: string): boolean {
  return attendeeId.startsWith(ADMIN_ID_PREFIX);
}

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
}

export type PostResult<T> = { ok: true; message: T } | { ok: false; error: string };

interface Pending {
  key: string;
  text: string;
  createdAt: string;
  state: 'pending' | 'failed';
  error?: string;
}

export interface Outbox {
  items: ThreadItem[];
  send: (text: string) => void;
  retry: (key: string) => void;
}

/**
 * `confirmed`: the room's messages from the live view; `post`: sends one message and answers the stored
 * message; `self`: who is writing (for the pending bubbles).
 */
export function useOutbox<T extends ChatMessage>(
  confirmed: readonly T[],
  post: (text: string) => Promise<PostResult<T>>,
  self: { attendee_id: string; name: string; image: string } | null,
): Outbox {
  const [sent, setSent] = useState<T[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const counter = useRef(0);

  const deliver = useCallback(
    async (key: string, text: string) => {
      const result = await post(text);
      if (result.ok) {
        setSent((list) => [...list, result.message]);
        setPending((list) => list.filter((p) => p.key !== key));
      } else {
        setPending((list) => list.map((p) => (p.key === key ? { ...p, state: 'failed', error: result.error } : p)));
      }
    },
    [post],
  );

  const send = useCallback(
    (text: string) => {
      counter.current += 1;
      const key = `local-${counter.current}`;
      setPending((list) => [...list, { key, text, createdAt: new Date().toISOString(), state: 'pending' }]);
      void deliver(key, text);
    },
    [deliver],
  );

  const retry = useCallback(
    (key: string) => {
      const item = pending.find((p) => p.key === key);
      if (!item) return;
      setPending((list) => list.map((p) => (p.key === key ? { ...p, state: 'pending', error: undefined } : p)));
      void deliver(key, item.text);
    },
    [pending, deliver],
  );

  const items = useMemo<ThreadItem[]>(() => {
    const stored = mergeById(confirmed, sent).map<ThreadItem>((m) => ({
      key: m.id,
      attendee_id: m.attendee_id,
      name: m.name,
      image: m.image,
      message: m.message,
      createdAt: m.createdAt,
      state: 'sent',
    }));
    const local = self
      ? pending.map<ThreadItem>((p) => ({
          key: p.key,
          attendee_id: self.attendee_id,
          name: self.name,
          image: self.image,
          message: p.text,
          createdAt: p.createdAt,
          state: p.state,
          ...(p.error ? { error: p.error } : {}),
        }))
      : [];
    return [...stored, ...local];
  }, [confirmed, sent, pending, self]);

  return { items, send, retry };
}
