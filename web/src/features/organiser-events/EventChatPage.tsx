import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ChatMessage, PrivateChat } from '@tapcard/shared/contract';
import { eventStatusText, eventTiming } from '@tapcard/shared/domain';
import { ChatRoom, outboxActions } from '../../components/ChatRoom.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import type { ActionMenuGroup } from '../../components/ActionMenu.js';
import { MessageMenu } from '../../components/MessageMenu.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { PrivateThreads, privateThreads } from '../../components/PrivateThreads.js';
import { useChatHistory, type LoadHistory } from '../../components/useChatHistory.js';
import { adminIdOf, ADMIN_NAME, isAdminId } from '../../lib/live/message-style.js';
import type { ThreadItem } from '../../lib/live/outbox.js';
import { usePost } from '../../lib/live/usePost.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { activeMute } from './moderation-words.js';
import { ModerationBar } from './ModerationBar.js';
import { muteGroup } from './MuteControl.js';
import { RemoveMessageDialog } from './RemoveMessageDialog.js';
import { chatSettingsOf, firstOrganiserView, type OrganiserView } from './organiser-view.js';
import { MODERATION_TEXTS } from './moderation-texts.js';
import { TEXTS } from './texts.js';
import { adminChatHistory, useMuteAttendee, useRemoveMessage, useUnpinAnnouncement, type LiveControl } from './chat-api.js';
import { useOrganiserEvent } from './useOrganiserEvent.js';

/** The private-reply query parameter: the attendee the organiser is writing to. */
const TO = 'to';
/** The organiser posts by their session. */
const ORGANISER = { as: 'organiser' } as const;
const NO_CHATS: readonly ChatMessage[] = [];

function privateLink(eventId: string, attendeeId: string): string {
  return `${paths.eventChat(eventId)}?${new URLSearchParams({ [TO]: attendeeId }).toString()}`;
}

/**
 * The menu in each attendee's message: Remove message (group chat; confirmed first, then gone for
 * everyone) and Mute <name> for a time or for good, or Unmute <name> while they are muted. None on the
 * organiser's own messages.
 */
function useMessageMenu(eventId: string, live: LiveControl, room: 'group' | 'private', now: Date) {
  const mute = useMuteAttendee(eventId, live);
  const remove = useRemoveMessage(eventId, live);
  const [removing, setRemoving] = useState<ThreadItem | null>(null);
  const menu = (item: ThreadItem): ReactNode => {
    if (isAdminId(item.attendee_id)) return null;
    const attendee = live.view?.attendees.find((a) => a.id === item.attendee_id);
    const name = attendee?.name ?? item.name;
    const groups: ActionMenuGroup[] = [];
    if (room === 'group') groups.push({ key: 'remove', items: [{ key: 'remove', label: MODERATION_TEXTS.removeMessage, tone: 'danger', onSelect: () => setRemoving(item) }] });
    if (activeMute(attendee?.mute, now)) {
      groups.push({ key: 'unmute', items: [{ key: 'unmute', label: MODERATION_TEXTS.unmuteName(name), onSelect: () => mute.mutate({ attendeeId: item.attendee_id, name, mute: 'off' }) }] });
    } else {
      groups.push({ ...muteGroup(name, (choice) => mute.mutate({ attendeeId: item.attendee_id, name, mute: choice })), label: MODERATION_TEXTS.muteName(name) });
    }
    return <MessageMenu label={MODERATION_TEXTS.messageActions(name)} groups={groups} />;
  };
  const confirm = (
    <RemoveMessageDialog
      author={removing?.name ?? null}
      onClose={() => setRemoving(null)}
      busy={remove.isPending}
      onConfirm={() => {
        if (!removing) return;
        remove.mutate({ messageId: removing.key, room: 'group' }, { onSettled: () => setRemoving(null) });
      }}
    />
  );
  return { menu, confirm };
}

/** What the organiser's composer says about the group chat's state: closed, or slow mode. */
function composerNotice(view: OrganiserView): string | undefined {
  const settings = chatSettingsOf(view);
  if (settings.closed) return MODERATION_TEXTS.chatClosed;
  if (settings.slow_mode_seconds > 0) return MODERATION_TEXTS.slowModeOn(MODERATION_TEXTS.seconds(settings.slow_mode_seconds));
  return undefined;
}

/**
 * event/:id/chat: the organiser's event chat, posting as ADMIN ('admin-' + the organiser's user id).
 * Tapping an attendee's name opens a private reply to them (?to=<attendee id>) on the same page. The
 * group chat has the moderation bar (close/open, slow mode, pins, reports) and a menu on each
 * attendee's message (remove, mute); the private chat offers mute in its menus.
 */
export function EventChatPage() {
  const { id, admin, live } = useOrganiserEvent();
  const [search] = useSearchParams();
  const to = search.get(TO);
  const now = useNow();
  const adminId = admin.data ? adminIdOf(admin.data.user_id) : null;
  const view = live.view ?? (admin.data ? firstOrganiserView(admin.data) : null);
  const control: LiveControl = { view, applyLocal: live.applyLocal };
  const groupMenu = useMessageMenu(id, control, 'group', now);
  const directMenu = useMessageMenu(id, control, 'private', now);
  const unpin = useUnpinAnnouncement(id, control);
  const self = useMemo(() => (adminId ? { attendee_id: adminId, name: ADMIN_NAME, image: '' } : null), [adminId]);

  const privateMessages = useMemo<PrivateChat[]>(
    () => (view && adminId && to ? view.private_chats.filter((m) => (m.attendee_id_1 === adminId && m.attendee_id_2 === to) || (m.attendee_id_1 === to && m.attendee_id_2 === adminId)) : []),
    [view, adminId, to],
  );
  const loadHistory = useMemo<LoadHistory | null>(
    () => (id ? (before) => adminChatHistory(id, before) : null),
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
        {...outboxActions(direct)}
        disabled={timing > 0}
        requireText={false}
        live={status}
        messageMenu={directMenu.menu}
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
      {...outboxActions(group)}
      disabled={timing > 0}
      requireText
      authorLink={(item) => (isAdminId(item.attendee_id) ? null : privateLink(id, item.attendee_id))}
      live={status}
      history={history}
      announcements={view.announcements ?? []}
      onUnpin={(announcementId) => unpin.mutate(announcementId)}
      messageMenu={groupMenu.menu}
      composerNotice={composerNotice(view)}
    >
      <ModerationBar eventId={id} view={view} live={control} />
      <PrivateThreads threads={threads} linkTo={(party) => privateLink(id, party)} fallbackName={nameOf} />
      {groupMenu.confirm}
    </ChatRoom>
  );
}
