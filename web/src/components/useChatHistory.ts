import { useCallback, useMemo, useRef, useState } from 'react';
import { GROUP_CHAT_LIMIT } from '@tapcard/shared/constants';
import type { ChatHistory, ChatMessage } from '@tapcard/shared/contract';
import { mergeById } from '@tapcard/shared/realtime';

/**
 * Where the reader stands in the group chat's past: older messages may remain ('more'), a page is on its
 * way ('loading'), the last read failed ('error'), or the first message is shown ('start').
 */
export type HistoryState = 'more' | 'loading' | 'error' | 'start';

export interface HistoryControl {
  state: HistoryState;
  /** Reads the page before the oldest message shown. */
  loadEarlier: () => void;
}

/** Reads the page of group messages stored before `before` (a seq). */
export type LoadHistory = (before: number) => Promise<ChatHistory>;

/**
 * The live view's group messages with the older pages the reader has loaded, merged by id (a message
 * in both is shown once). The past is offered once the live view is full (it carries only the newest
 * GROUP_CHAT_LIMIT) or the last page said more remain; `history` is null while there is nothing to
 * offer or no way to read it.
 */
export function useChatHistory(live: readonly ChatMessage[], load: LoadHistory | null): { chats: readonly ChatMessage[]; history: HistoryControl | null } {
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<'loading' | 'error' | null>(null);
  const inFlight = useRef(false);
  const chats = useMemo(() => mergeById(older, live), [older, live]);
  const oldest = chats[0]?.seq;

  const loadEarlier = useCallback(() => {
    if (!load || inFlight.current || oldest === undefined) return;
    inFlight.current = true;
    setBusy('loading');
    load(oldest).then(
      (page) => {
        inFlight.current = false;
        setOlder((list) => mergeById(list, page.chats));
        setHasMore(page.has_more);
        setBusy(null);
      },
      () => {
        inFlight.current = false;
        setBusy('error');
      },
    );
  }, [load, oldest]);

  const more = hasMore ?? live.length >= GROUP_CHAT_LIMIT;
  const state: HistoryState | null = busy ?? (more ? 'more' : hasMore === false ? 'start' : null);
  const history = useMemo(() => (load && state ? { state, loadEarlier } : null), [load, state, loadEarlier]);
  return { chats, history };
}
