import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { eventStatusText, eventTiming, parseEventDate } from '@tapcard/shared/domain';
import { ChatRoom } from '../../components/ChatRoom.js';
import { GetStartedPanel } from '../../components/GetStartedPanel.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { ADMIN_NAME, isAdminId, useOutbox } from '../../lib/chat.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { TEXTS } from './texts.js';
import { useArena, usePrivatePost } from './useArena.js';

/** event/u/arena/:tid/chat/:aid: a private chat between the attendee and `aid`. */
export function ArenaPrivateChatPage() {
  const { tid = '', aid = '' } = useParams();
  const { live, self } = useArena(tid);
  const now = useNow();
  const view = live.view;
  const me = self?.attendee_id ?? null;
  const messages = useMemo(
    () => (view && me ? view.private_chats.filter((m) => (m.attendee_id_1 === me && m.attendee_id_2 === aid) || (m.attendee_id_1 === aid && m.attendee_id_2 === me)) : []),
    [view, me, aid],
  );
  const post = usePrivatePost(tid, aid, view?.eventId, self);
  const outbox = useOutbox(messages, post, self);

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
      disabled={timing > 0}
      requireText={false}
      live={<LiveStatus connection={live.connection} stale={live.stale} hasView />}
    />
  );
}
