import type { ViewOf } from '@tapcard/shared/realtime';
import { eventStatusText, type EventTiming } from '@tapcard/shared/domain';
import type { ChatRoomProps } from '../../components/ChatRoom.js';
import { paths } from '../../lib/paths.js';
import { TEXTS } from './texts.js';

type RoomFrame = Pick<ChatRoomProps, 'title' | 'status' | 'heading' | 'back' | 'requireText' | 'authorLink' | 'announcements'>;

/** The group chat's room as the live page and the server-rendered one draw it: all but its messages, composer and live parts. */
export function groupChatFrame(tid: string, view: Pick<ViewOf<'arena'>, 'event' | 'announcements'>, timing: EventTiming): RoomFrame {
  return {
    title: view.event.title,
    status: eventStatusText(timing),
    heading: TEXTS.eventChat,
    back: { to: paths.arena(tid), label: TEXTS.backToArena },
    requireText: true,
    authorLink: (item) => paths.arenaPrivateChat(tid, item.attendee_id),
    announcements: view.announcements ?? [],
  };
}

/** A private thread's other party by a group message of theirs, for a thread none of whose messages they wrote. */
export function groupNameOf(view: Pick<ViewOf<'arena'>, 'chats'>): (id: string) => string {
  return (id) => view.chats.find((c) => c.attendee_id === id)?.name ?? TEXTS.privateChat;
}
