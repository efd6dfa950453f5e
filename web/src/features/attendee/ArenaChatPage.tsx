import { useCallback, useMemo } from 'react';
import type { ChatMessage } from '@tapcard/shared/contract';
import { useNavigate, useParams } from 'react-router-dom';
import { eventTiming, parseEventDate } from '@tapcard/shared/domain';
import { ChatRoom, outboxActions } from '../../components/ChatRoom.js';
import { GetStartedPanel } from '../../components/GetStartedPanel.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { PrivateThreads, privateThreads } from '../../components/PrivateThreads.js';
import { useChatHistory, type LoadHistory } from '../../components/useChatHistory.js';
import { gatedComposer, useComposerGate } from '../../components/useComposerGate.js';
import { useSeen } from '../../lib/live/unread.js';
import { usePost } from '../../lib/live/usePost.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { chatHistory } from './api.js';
import { groupChatFrame, groupNameOf } from './group-chat-parts.js';
import { shareIntentPath } from './share-intent.js';
import { useArena } from './useArena.js';
import { useMessageSafety } from './useMessageSafety.js';
import { useSafetyCalls } from './useSafetyCalls.js';

const NO_CHATS: readonly ChatMessage[] = [];
const NO_IDS: readonly string[] = [];

/**
 * event/u/arena/:tid/chat: the event's group chat. Tapping an author opens a private chat with them; the
 * menu of another attendee's message reports it, shares this attendee's card with its author (in the
 * private chat with them), or blocks its author (whose messages then leave this attendee's screens, on
 * every device). The organiser's pinned announcements sit at the top; the
 * composer says when posting is not possible (closed chat, mute) or must wait (slow mode).
 */
export function ArenaChatPage() {
  const { tid = '' } = useParams();
  const { live, self } = useArena(tid);
  const now = useNow();
  const view = live.view;
  const me = self?.attendee_id ?? null;
  const eventId = view?.eventId;
  const loadHistory = useMemo<LoadHistory | null>(
    () => (eventId ? (before) => chatHistory(tid, eventId, before) : null),
    [tid, eventId],
  );
  const { chats, history } = useChatHistory(view?.chats ?? NO_CHATS, loadHistory);
  const outbox = usePost(chats, { eventId, self, by: { as: 'attendee', tid }, room: 'group' });
  const seen = useSeen(eventId, me);
  // The parties this attendee blocked leave the private list too (as their group messages leave the chat).
  const threads = useMemo(() => (view && me ? privateThreads(view.private_chats, (id) => id === me, seen, view.blocked) : []), [view, me, seen]);
  const calls = useSafetyCalls(tid, live);
  const navigate = useNavigate();
  const onShare = useCallback((person: { id: string }) => navigate(shareIntentPath(tid, person.id)), [navigate, tid]);
  const safety = useMessageSafety(calls, me, 'group', { block: true, onShare });

  // The authors this attendee blocked are hidden here (their own screens still show their messages).
  const blocked = view?.blocked ?? NO_IDS;
  const items = useMemo(() => (blocked.length === 0 ? outbox.items : outbox.items.filter((item) => !blocked.includes(item.attendee_id))), [outbox.items, blocked]);
  // The attendee's last group post as stored (slow mode counts from it, also after a reload).
  const ownLastPost = useMemo(() => chats.findLast((c) => c.attendee_id === me)?.createdAt ?? null, [chats, me]);
  const gate = useComposerGate(view, 'group', outbox, ownLastPost);

  if (live.error) return <NotFoundView />;
  if (!view || !self) return <LoadingScreen />;
  if (!parseEventDate(view.event.start_date)) return <GetStartedPanel />;
  const timing = eventTiming(view.event, now);
  return (
    <ChatRoom
      {...groupChatFrame(tid, view, timing)}
      items={items}
      selfId={me}
      {...outboxActions(outbox)}
      // Attendees write once the event has started; until then they read what the organiser posts.
      {...gatedComposer(gate, timing)}
      live={<LiveStatus connection={live.connection} stale={live.stale} hasView />}
      history={history}
      messageMenu={safety.menuFor}
    >
      <PrivateThreads threads={threads} linkTo={(id) => paths.arenaPrivateChat(tid, id)} fallbackName={groupNameOf(view)} />
      {safety.dialogs}
    </ChatRoom>
  );
}
