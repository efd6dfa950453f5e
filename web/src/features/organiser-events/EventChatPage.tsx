import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { historyCalls, type ChatMessage, type PrivateChat } from '@tapcard/shared/contract';
import { eventStatusText, eventTiming } from '@tapcard/shared/domain';
import { ChatRoom } from '../../components/ChatRoom.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { PrivateThreads, privateThreads } from '../../components/PrivateThreads.js';
import { useChatHistory, type LoadHistory } from '../../components/useChatHistory.js';
import { apiOrThrow } from '../../lib/api.js';
import { adminIdOf, ADMIN_NAME, isAdminId } from '../../lib/live/chat.js';
import { organiserViewOf } from '../../lib/live/polls.js';
import { useOrganiserLive } from '../../lib/live/useLiveEvent.js';
import { usePost } from '../../lib/live/usePost.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { TEXTS } from './texts.js';
import { useAdminEvent } from './useEvents.js';

/** The private-reply query parameter: the attendee the organiser is writing to. */
const TO = 'to';
/** The organiser posts by their session. */
const ORGANISER = { as: 'organiser' } as const;
const NO_CHATS: readonly ChatMessage[] = [];

function privateLink(eventId: string, attendeeId: string): string {
  return `${paths.eventChat(eventId)}?${new URLSearchParams({ [TO]: attendeeId }).toString()}`;
}

/**
 * event/:id/chat: the organiser's event chat, posting as ADMIN ('admin-' + the organiser's user id).
 * Tapping an attendee's name opens a private reply to them (?to=<attendee id>) on the same page.
 */
export function EventChatPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const to = search.get(TO);
  const admin = useAdminEvent(id);
  const live = useOrganiserLive(id || undefined);
  const now = useNow();
  const adminId = admin.data ? adminIdOf(admin.data.user_id) : null;
  const view = live.view ?? (admin.data ? organiserViewOf(admin.data) : null);
  const self = useMemo(() => (adminId ? { attendee_id: adminId, name: ADMIN_NAME, image: '' } : null), [adminId]);

  const privateMessages = useMemo<PrivateChat[]>(
    () => (view && adminId && to ? view.private_chats.filter((m) => (m.attendee_id_1 === adminId && m.attendee_id_2 === to) || (m.attendee_id_1 === to && m.attendee_id_2 === adminId)) : []),
    [view, adminId, to],
  );
  const loadHistory = useMemo<LoadHistory | null>(
    () => (id ? async (before) => (await apiOrThrow(historyCalls.adminChatHistory, { params: { id }, query: { before }, background: true })).data : null),
    [id],
  );
  const { chats, history } = useChatHistory(view?.chats ?? NO_CHATS, loadHistory);
  const group = usePost(chats, { eventId: id, self, by: ORGANISER, room: 'group' });
  const direct = usePost(privateMessages, { eventId: id, self, by: ORGANISER, room: to ? { with: to } : null });
  const threads = useMemo(() => (view && adminId ? privateThreads(view.private_chats, (party) => party === adminId) : []), [view, adminId]);

  if (admin.isError || live.error) return <NotFoundView />;
  if (!view || !adminId) return <LoadingScreen />;
  const timing = eventTiming(view.event, now);
  const nameOf = (attendeeId: string) =>
    view.attendees.find((a) => a.id === attendeeId)?.name ?? view.chats.find((c) => c.attendee_id === attendeeId)?.name ?? TEXTS.privateChat;
  const status = <LiveStatus connection={live.connection} stale={live.stale} hasView={live.view !== null} />;

  if (to) {
    return (
      <ChatRoom
        key={`private-${to}`}
        title={view.event.title}
        status={eventStatusText(timing)}
        heading={nameOf(to)}
        back={{ to: paths.eventChat(id), label: TEXTS.backToChat }}
        items={direct.items}
        selfId={adminId}
        onSend={direct.send}
        onRetry={direct.retry}
        onDelete={direct.remove}
        disabled={timing > 0}
        requireText={false}
        live={status}
      />
    );
  }
  return (
    <ChatRoom
      key="group"
      title={view.event.title}
      status={eventStatusText(timing)}
      heading={TEXTS.eventChat}
      back={{ to: paths.event(id), label: TEXTS.backToEvent }}
      items={group.items}
      selfId={adminId}
      onSend={group.send}
      onRetry={group.retry}
      onDelete={group.remove}
      disabled={timing > 0}
      requireText
      authorLink={(item) => (isAdminId(item.attendee_id) ? null : privateLink(id, item.attendee_id))}
      live={status}
      history={history}
    >
      <PrivateThreads threads={threads} linkTo={(party) => privateLink(id, party)} fallbackName={nameOf} />
    </ChatRoom>
  );
}
