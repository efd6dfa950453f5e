import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { eventStatusText, eventTiming, parseEventDate } from '@tapcard/shared/domain';
import { ChatRoom, outboxActions } from '../../components/ChatRoom.js';
import { GetStartedPanel } from '../../components/GetStartedPanel.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { gatedComposer, useComposerGate } from '../../components/useComposerGate.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { chatSelfOf, usePost } from '../../lib/live/usePost.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { eventToken } from './api.js';
import { readChipAccess, saveChipAccess } from './chip-access.js';
import styles from './Chips.module.css';
import { TEXTS } from './texts.js';
import { TokenForm } from './TokenForm.js';
import { useChip } from './useChip.js';

/**
 * events/d/chip/i/:chip_id/chat: the event's group chat from a chip. Everybody reads it live, with the
 * organiser's pinned announcements on top (removed messages never show); posting needs the chip
 * holder's access token (chats only as self), remembered on this device once entered. Until the token
 * is proved here the chat is read-only and no message is labelled as the viewer's. The composer says
 * when the organiser has closed the chat, and counts slow mode down after the holder's post.
 */
export function ChipChatPage() {
  useBlockContextMenu();
  const { chip_id: chipId = '' } = useParams();
  const { record, live, view } = useChip(chipId);
  const now = useNow();
  const [tid, setTid] = useState(() => readChipAccess(chipId));
  const attendee = view?.attendee ?? null;
  // The viewer is the holder only once their token is proved (entered here, or when binding the chip).
  const holder = tid ? attendee : null;
  const self = useMemo(() => (holder ? chatSelfOf(holder) : null), [holder]);
  const eventId = view?.eventId;

  const outbox = usePost(view?.chats ?? [], { eventId, self, by: tid ? { as: 'attendee', tid } : null, room: 'group' });
  const holderId = holder?.id ?? null;
  const ownLastPost = useMemo(() => (holderId ? (view?.chats.findLast((c) => c.attendee_id === holderId)?.createdAt ?? null) : null), [view, holderId]);
  const gate = useComposerGate(view ?? null, 'group', outbox, ownLastPost);

  if (record.isError || live.error) return <NotFoundView />;
  if (!view) return <LoadingScreen />;
  if (!parseEventDate(view.event.start_date)) return <GetStartedPanel />;

  const unlock = async (token: string): Promise<string | null> => {
    const result = await eventToken(token);
    if (!result.ok || result.answer.data.attendee.id !== attendee?.id) return TEXTS.chatTokenMismatch;
    saveChipAccess(chipId, token);
    setTid(token);
    return null;
  };
  const timing = eventTiming(view.event, now);
  const footer = !attendee ? (
    <p className={styles.footerNote}>{TEXTS.noAttendee}</p>
  ) : !tid ? (
    <div className={styles.footerNote}>
      <TokenForm title={TEXTS.chatTokenTitle} onToken={unlock} />
    </div>
  ) : undefined;
  return (
    <ChatRoom
      title={view.event.title}
      status={eventStatusText(timing)}
      heading={TEXTS.eventChat}
      back={{ to: paths.chip(chipId), label: TEXTS.back }}
      items={outbox.items}
      selfId={holder?.id ?? null}
      {...outboxActions(outbox)}
      // The holder writes once the event has started, as in the arena; until then the chat is read.
      {...gatedComposer(gate, timing)}
      announcements={view.announcements ?? []}
      requireText
      authorLink={tid ? (item) => paths.arenaPrivateChat(tid, item.attendee_id) : undefined}
      live={<LiveStatus connection={live.connection} stale={live.stale} hasView />}
      footer={footer}
    />
  );
}
