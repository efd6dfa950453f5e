import { useEffect, useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { eventStatusText, eventTiming, parseEventDate } from '@tapcard/shared/domain';
import { ChatRoom } from '../../components/ChatRoom.js';
import { GET_STARTED_TEXTS, GetStartedPanel } from '../../components/GetStartedPanel.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { ADMIN_NAME, isAdminId, markSeen } from '../../lib/live/chat.js';
import { usePost } from '../../lib/live/usePost.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { TEXTS } from './texts.js';
import { useArena } from './useArena.js';

/** event/u/arena/:tid/chat/:aid: a private chat between the attendee and `aid` (one outbox per conversation). */
export function ArenaPrivateChatPage() {
  const { tid = '', aid = '' } = useParams();
  return <PrivateChat key={`${tid}/${aid}`} tid={tid} aid={aid} />;
}

function PrivateChat({ tid, aid }: { tid: string; aid: string }) {
  const { live, self } = useArena(tid);
  const now = useNow();
  const view = live.view;
  const me = self?.attendee_id ?? null;
  const messages = useMemo(
    () => (view && me ? view.private_chats.filter((m) => (m.attendee_id_1 === me && m.attendee_id_2 === aid) || (m.attendee_id_1 === aid && m.attendee_id_2 === me)) : []),
    [view, me, aid],
  );
  const eventId = view?.eventId;
  const outbox = usePost(messages, { eventId, self, by: { as: 'attendee', tid }, room: { with: aid } });
  // An open conversation is read: the unread marks of the group chat and the arena clear.
  const newest = messages.reduce((max, m) => Math.max(max, m.seq), -1);
  useEffect(() => {
    if (eventId && me && newest >= 0) markSeen(eventId, me, aid, newest);
  }, [eventId, me, aid, newest]);

  if (live.error) return <NotFoundView />;
  if (!view || !self) return <LoadingScreen />;
  if (aid === me) return <Navigate to={paths.arenaChat(tid)} replace />;
  if (!parseEventDate(view.event.start_date)) return <GetStartedPanel />;
  const timing = eventTiming(view.event, now);
  const name = isAdminId(aid) ? ADMIN_NAME : ([...view.private_chats, ...view.chats].find((m) => m.attendee_id === aid)?.name ?? TEXTS.privateChat);
  return (
    <ChatRoom
      title={view.event.title}
      status={eventStatusText(timing)}
      heading={name}
      back={{ to: paths.arenaChat(tid), label: TEXTS.backToChat }}
      items={outbox.items}
      selfId={me}
      onSend={outbox.send}
      onRetry={outbox.retry}
      onDelete={outbox.remove}
      disabled={timing !== 0}
      closedText={timing < 0 ? GET_STARTED_TEXTS.title : undefined}
      requireText={false}
      live={<LiveStatus connection={live.connection} stale={live.stale} hasView />}
    />
  );
}
