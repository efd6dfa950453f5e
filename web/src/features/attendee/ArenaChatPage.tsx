import { useMemo } from 'react';
import { historyCalls, type ChatMessage } from '@tapcard/shared/contract';
import { useParams } from 'react-router-dom';
import { eventStatusText, eventTiming, parseEventDate } from '@tapcard/shared/domain';
import { ChatRoom } from '../../components/ChatRoom.js';
import { GET_STARTED_TEXTS, GetStartedPanel } from '../../components/GetStartedPanel.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { PrivateThreads, privateThreads } from '../../components/PrivateThreads.js';
import { useChatHistory, type LoadHistory } from '../../components/useChatHistory.js';
import { apiOrThrow } from '../../lib/api.js';
import { useSeen } from '../../lib/live/chat.js';
import { usePost } from '../../lib/live/usePost.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { TEXTS } from './texts.js';
import { useArena } from './useArena.js';

const NO_CHATS: readonly ChatMessage[] = [];

/** event/u/arena/:tid/chat: the event's group chat. Tapping an author opens a private chat with them. */
export function ArenaChatPage() {
  const { tid = '' } = useParams();
  const { live, self } = useArena(tid);
  const now = useNow();
  const view = live.view;
  const me = self?.attendee_id ?? null;
  const eventId = view?.eventId;
  const loadHistory = useMemo<LoadHistory | null>(
    () => (eventId ? async (before) => (await apiOrThrow(historyCalls.chatHistory, { params: { id: tid }, query: { before, event_id: eventId }, background: true })).data : null),
    [tid, eventId],
  );
  const { chats, history } = useChatHistory(view?.chats ?? NO_CHATS, loadHistory);
  const outbox = usePost(chats, { eventId, self, by: { as: 'attendee', tid }, room: 'group' });
  const seen = useSeen(eventId, me);
  const threads = useMemo(() => (view && me ? privateThreads(view.private_chats, (id) => id === me, seen) : []), [view, me, seen]);

  if (live.error) return <NotFoundView />;
  if (!view || !self) return <LoadingScreen />;
  if (!parseEventDate(view.event.start_date)) return <GetStartedPanel />;
  const timing = eventTiming(view.event, now);
  const nameOf = (id: string) => view.chats.find((c) => c.attendee_id === id)?.name ?? TEXTS.privateChat;
  return (
    <ChatRoom
      title={view.event.title}
      status={eventStatusText(timing)}
      heading={TEXTS.eventChat}
      back={{ to: paths.arena(tid), label: TEXTS.backToArena }}
      items={outbox.items}
      selfId={me}
      onSend={outbox.send}
      onRetry={outbox.retry}
      onDelete={outbox.remove}
      // Attendees write once the event has started; until then they read what the organiser posts.
      disabled={timing !== 0}
      closedText={timing < 0 ? GET_STARTED_TEXTS.title : undefined}
      requireText
      authorLink={(item) => paths.arenaPrivateChat(tid, item.attendee_id)}
      live={<LiveStatus connection={live.connection} stale={live.stale} hasView />}
      history={history}
    >
      <PrivateThreads threads={threads} linkTo={(id) => paths.arenaPrivateChat(tid, id)} fallbackName={nameOf} />
    </ChatRoom>
  );
}
