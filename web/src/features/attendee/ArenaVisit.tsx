import { useCallback, useEffect, useMemo, useState } from 'react';
import { GROUP_CHAT_LIMIT } from '@tapcard/shared/constants';
import { eventStatusText, eventTiming, isAdminId, parseEventDate } from '@tapcard/shared/domain';
import { matchPage } from '@tapcard/shared/pages';
import type { ViewOf } from '@tapcard/shared/realtime';
import { ChatRoom, handOverComposer, type ChatRoomProps } from '../../components/ChatRoom.js';
import { GetStartedPanel } from '../../components/GetStartedPanel.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { MessageMenuToCome } from '../../components/MessageMenu.js';
import { PinnedAnnouncements } from '../../components/PinnedAnnouncements.js';
import { PrivateThreads, privateThreads } from '../../components/PrivateThreads.js';
import { gatedComposer, useComposerGate } from '../../components/useComposerGate.js';
import { handOverArenaView } from '../../lib/live/arena-handover.js';
import { keepForSending } from '../../lib/live/outbox-store.js';
import { storedItem, type ThreadItem } from '../../lib/live/thread-items.js';
import { useNow } from '../../lib/now.js';
import { paths, routes } from '../../lib/paths.js';
import { useEventPagesWorker } from '../../lib/pwa.js';
import { useTakeOver } from '../../lib/takeover.js';
import { serverAnswer, type VisitorPageProps } from '../../lib/ssr.js';
import { ArenaHomeView, PrivacyPlaceholder } from './ArenaHomeView.js';
import { groupChatFrame, groupNameOf } from './group-chat-parts.js';
import { conversation, knownNameOf, PrivateChatActions, swappedText } from './private-chat-parts.js';
import { SHARE_INTENT_PARAM } from './share-intent.js';
import safetyStyles from './Safety.module.css';
import { TEXTS } from './texts.js';
import { arenaViewKey } from './visitor-keys.js';

type ArenaView = ViewOf<'arena'>;

/** Which arena page an address is: the arena, its group chat, or a private chat with `aid`. */
type ArenaRoom = { tid: string; room: 'home' } | { tid: string; room: 'group' } | { tid: string; room: 'private'; aid: string };

export function arenaRoomOf(pathname: string): ArenaRoom | null {
  const privateChat = matchPage(routes.arenaPrivateChat, pathname);
  if (privateChat?.tid && privateChat.aid) return { tid: privateChat.tid, room: 'private', aid: privateChat.aid };
  const chat = matchPage(routes.arenaChat, pathname);
  if (chat?.tid) return { tid: chat.tid, room: 'group' };
  const home = matchPage(routes.arena, pathname);
  return home?.tid ? { tid: home.tid, room: 'home' } : null;
}

/** Nothing to refuse yet: the server-rendered composer has sent nothing. */
const NOTHING_SENT = { refusal: null, lastAccepted: null };
const noop = () => undefined;

/**
 * The arena, its group chat and its private chats as the server renders them and the light entry
 * hydrates them: the latest messages on the first paint, from the server's view of the arena, with no
 * router, query layer, live layer or contract schemas. Once hydrated, the page hands its view to the app
 * and the app takes the page over, live (see docs/decisions/019-arena-light-entry.md). Until then a
 * message written is kept in the room's outbox on the device, shown as sending, and the live page sends
 * it; a draft being typed, and the focus, pass to the live page's composer. Without the server's view
 * (an unknown, cancelled or transferred ticket) the page waits for the app, which says so.
 */
export function ArenaVisit({ url, state, takeOver }: VisitorPageProps) {
  const [place] = useState(() => arenaRoomOf(url.pathname));
  const tid = place?.tid ?? '';
  const [view] = useState(() => serverAnswer<ArenaView>(state, arenaViewKey(tid)));
  const [written, setWritten] = useState<ThreadItem[]>([]);
  const now = useNow();
  useEventPagesWorker();
  useEffect(() => {
    if (view) handOverArenaView(tid, view);
  }, [tid, view]);
  // The composer's draft and focus pass to the app's just before it draws the page.
  const takeOverNow = useMemo(() => (takeOver ? () => takeOver(() => handOverComposer(document.getElementById('root') ?? document)) : null), [takeOver]);
  useTakeOver(takeOverNow);
  const write = useCallback(
    (room: string) => (text: string) => {
      if (!view) return;
      const createdAt = new Date().toISOString();
      const key = keepForSending({ eventId: view.eventId, senderId: view.attendee.id, room }, text, createdAt);
      const { id, name, image } = view.attendee;
      setWritten((list) => [...list, { key, attendee_id: id, name, image, message: text, createdAt, state: 'pending' }]);
    },
    [view],
  );

  if (!place || !view) return <LoadingScreen />;
  const status = <LiveStatus connection="connecting" stale={false} hasView />;
  if (place.room === 'home') {
    return (
      <ArenaHomeView
        tid={tid}
        view={view}
        timing={eventTiming(view.event, now)}
        status={status}
        pinned={<PinnedAnnouncements announcements={view.announcements} />}
        privacy={<PrivacyPlaceholder />}
        threads={privateThreads(view.private_chats, (id) => id === view.attendee.id, undefined, view.blocked)}
      />
    );
  }
  if (!parseEventDate(view.event.start_date)) return <GetStartedPanel />;
  const common = { tid, view, now, status, written };
  return place.room === 'group' ? <GroupChatVisit {...common} onSend={write('group')} /> : <PrivateChatVisit {...common} aid={place.aid} onSend={write(place.aid)} />;
}

interface RoomVisitProps {
  tid: string;
  view: ArenaView;
  now: Date;
  status: ChatRoomProps['live'];
  /** The messages written here, kept for the live page to send. */
  written: readonly ThreadItem[];
  onSend: (text: string) => void;
}

/** The '⋯' of another attendee's message, as the live page draws it, until it can open. */
function menuToCome(me: string) {
  return (item: ThreadItem) => (item.attendee_id === me || isAdminId(item.attendee_id) ? null : <MessageMenuToCome label={TEXTS.messageActions(item.name)} />);
}

/** The group chat as ArenaChatPage draws it, from the server's view. */
function GroupChatVisit({ tid, view, now, status, written, onSend }: RoomVisitProps) {
  const me = view.attendee.id;
  const blocked = view.blocked ?? [];
  const chats = view.chats.filter((c) => !blocked.includes(c.attendee_id));
  const ownLastPost = view.chats.findLast((c) => c.attendee_id === me)?.createdAt ?? null;
  const gate = useComposerGate(view, 'group', NOTHING_SENT, ownLastPost);
  const timing = eventTiming(view.event, now);
  return (
    <ChatRoom
      {...groupChatFrame(tid, view, timing)}
      items={[...chats.map(storedItem), ...written]}
      selfId={me}
      onSend={onSend}
      onRetry={noop}
      {...gatedComposer(gate, timing)}
      live={status}
      // As the live page's history: its earlier pages are offered once the view is full.
      history={view.chats.length >= GROUP_CHAT_LIMIT ? { state: 'more', loadEarlier: noop } : null}
      messageMenu={menuToCome(me)}>
      <PrivateThreads threads={privateThreads(view.private_chats, (id) => id === me, undefined, blocked)} linkTo={(id) => paths.arenaPrivateChat(tid, id)} fallbackName={groupNameOf(view)} />
    </ChatRoom>
  );
}

/** A private chat as ArenaPrivateChatPage draws it, from the server's view; Block works once the page is live. */
function PrivateChatVisit({ tid, view, now, status, written, onSend, aid }: RoomVisitProps & { aid: string }) {
  const me = view.attendee.id;
  const [shareAsked, setShareAsked] = useState(false);
  // Share my card before the live page has arrived: the address carries the intent (as the group
  // chat's "Share my card with…" does), and the live page shares as soon as it has taken over.
  const askToShare = () => {
    const address = new URL(window.location.href);
    address.searchParams.set(SHARE_INTENT_PARAM, '1');
    window.history.replaceState(window.history.state, '', address);
    setShareAsked(true);
  };
  const messages = conversation(view, me, aid);
  const gate = useComposerGate(view, { with: aid }, NOTHING_SENT, null);
  // The live page sends the attendee to the group chat from a chat with themselves.
  if (aid === me) return <LoadingScreen />;
  const organiser = isAdminId(aid);
  const knownName = knownNameOf(view, aid);
  const otherName = knownName ?? TEXTS.someone;
  const blocked = view.blocked?.includes(aid) ?? false;
  const timing = eventTiming(view.event, now);
  return (
    <ChatRoom
      title={view.event.title}
      status={eventStatusText(timing)}
      heading={knownName ?? TEXTS.privateChat}
      back={{ to: paths.arenaChat(tid), label: TEXTS.backToChat }}
      items={[...messages.map(storedItem), ...written]}
      selfId={me}
      onSend={onSend}
      onRetry={noop}
      {...gatedComposer(gate, timing)}
      requireText={false}
      live={status}
      actions={organiser ? null : <PrivateChatActions name={otherName} blocked={blocked} started={timing === 0} sharing={shareAsked} blockBusy={false} onShare={askToShare} onToggleBlock={noop} blockWaits />}
      messageMenu={organiser ? undefined : menuToCome(me)}>
      <p className={safetyStyles.swapped} aria-live="polite">
        {swappedText(messages, me, aid, otherName)}
      </p>
    </ChatRoom>
  );
}
