import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import type { ShareCardResult } from '@tapcard/shared/contract';
import { eventStatusText, eventTiming, parseEventDate } from '@tapcard/shared/domain';
import { ChatRoom, outboxActions } from '../../components/ChatRoom.js';
import { GetStartedPanel } from '../../components/GetStartedPanel.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { gatedComposer, useComposerGate } from '../../components/useComposerGate.js';
import { isAdminId } from '../../lib/live/message-style.js';
import { markSeen } from '../../lib/live/unread.js';
import { usePost } from '../../lib/live/usePost.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { authTokenAtom } from '../../lib/session.js';
import { notify } from '../../lib/toast.js';
import { conversation, knownNameOf, PrivateChatActions, swappedText } from './private-chat-parts.js';
import type { ShareDetails } from './ShareDetailsDialog.js';
import { SHARE_INTENT_PARAM } from './share-intent.js';
import styles from './Safety.module.css';
import { TEXTS } from './texts.js';
import { useArena } from './useArena.js';
import { useMessageSafety } from './useMessageSafety.js';
import { useSafetyCalls } from './useSafetyCalls.js';

// The details form (and the form library) is fetched when it is first needed.
const ShareDetailsDialog = lazy(() => import('./ShareDetailsDialog.js'));

/** event/u/arena/:tid/chat/:aid: a private chat between the attendee and `aid` (one outbox per conversation). */
export function ArenaPrivateChatPage() {
  const { tid = '', aid = '' } = useParams();
  return <PrivateChat key={`${tid}/${aid}`} tid={tid} aid={aid} />;
}

/** The toast of a share: shared, and whether it completed the swap (and filed the other in the contacts). */
function sharedText(result: ShareCardResult, kind: 'card' | 'details', name: string): string {
  const done = kind === 'card' ? TEXTS.shared : TEXTS.detailsShared;
  if (!result.swapped) return done;
  return result.saved ? `${TEXTS.swapped(name)} ${TEXTS.savedToContacts(name)}` : TEXTS.swapped(name);
}

/**
 * A private chat with another attendee or the organiser. With another attendee: Block / Unblock in the
 * header, Report on their messages, and Share my card (the signed-in card owner's card at once; else
 * the attendee's details, with their consent); shared cards show as cards, and once both have shared a
 * line says so (and, for a card owner, that the other is in their contacts). A refused post says why.
 */
function PrivateChat({ tid, aid }: { tid: string; aid: string }) {
  const { live, self } = useArena(tid);
  const now = useNow();
  const view = live.view;
  const me = self?.attendee_id ?? null;
  const messages = useMemo(() => (view && me ? conversation(view, me, aid) : []), [view, me, aid]);
  const eventId = view?.eventId;
  const outbox = usePost(messages, { eventId, self, by: { as: 'attendee', tid }, room: { with: aid } });
  const calls = useSafetyCalls(tid, live);
  const safety = useMessageSafety(calls, me, 'private', { block: false });
  const gate = useComposerGate(view, { with: aid }, outbox, null);
  const signedIn = useAtomValue(authTokenAtom) !== null;
  const [sharing, setSharing] = useState(false);
  const [askDetails, setAskDetails] = useState(false);
  const [blockBusy, setBlockBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  const shareIntent = params.get(SHARE_INTENT_PARAM) === '1';
  const intentTaken = useRef(false);
  // An open conversation is read: the unread marks of the group chat and the arena clear.
  const newest = messages.reduce((max, m) => Math.max(max, m.seq), -1);
  useEffect(() => {
    if (eventId && me && newest >= 0) markSeen(eventId, me, aid, newest);
  }, [eventId, me, aid, newest]);

  const organiser = isAdminId(aid);
  const knownName = view ? knownNameOf(view, aid) : undefined;
  const other = { id: aid, name: knownName ?? TEXTS.someone };
  const blocked = view?.blocked?.includes(aid) ?? false;
  const started = view ? eventTiming(view.event, now) === 0 : false;

  const share = async (details?: ShareDetails) => {
    const outcome = await calls.shareCard(aid, details);
    if (outcome.ok) notify.success(sharedText(outcome.data, details ? 'details' : 'card', other.name));
    return outcome;
  };
  const shareCard = async () => {
    // Without a card owner signed in on this device, the attendee shares their details instead.
    if (!signedIn) return setAskDetails(true);
    setSharing(true);
    const outcome = await share();
    setSharing(false);
    if (outcome.ok) return;
    // Signed in without a card: their details, then.
    if (outcome.errors.details) return setAskDetails(true);
    calls.sayFailure(outcome);
  };
  // Opened from the group chat's "Share my card with <name>": share once the chat is ready, and drop
  // the intent from the address so a reload or Back does not share again.
  const canShare = Boolean(view && self) && aid !== me && !organiser && started && !blocked;
  useEffect(() => {
    if (!shareIntent || intentTaken.current || !canShare) return;
    intentTaken.current = true;
    setParams({}, { replace: true });
    void shareCard();
  });

  if (live.error) return <NotFoundView />;
  if (!view || !self) return <LoadingScreen />;
  if (aid === me) return <Navigate to={paths.arenaChat(tid)} replace />;
  if (!parseEventDate(view.event.start_date)) return <GetStartedPanel />;
  const timing = eventTiming(view.event, now);
  const name = knownName ?? TEXTS.privateChat;

  const swapped = swappedText(messages, self.attendee_id, aid, other.name);

  const toggleBlock = async () => {
    setBlockBusy(true);
    await calls.setBlocked(other, !blocked);
    setBlockBusy(false);
  };

  const actions = organiser ? null : (
    <PrivateChatActions name={other.name} blocked={blocked} started={started} sharing={sharing} blockBusy={blockBusy} onShare={() => void shareCard()} onToggleBlock={() => void toggleBlock()} />
  );
  return (
    <ChatRoom
      title={view.event.title}
      status={eventStatusText(timing)}
      heading={name}
      back={{ to: paths.arenaChat(tid), label: TEXTS.backToChat }}
      items={outbox.items}
      selfId={me}
      {...outboxActions(outbox)}
      {...gatedComposer(gate, timing)}
      requireText={false}
      live={<LiveStatus connection={live.connection} stale={live.stale} hasView />}
      actions={actions}
      messageMenu={organiser ? undefined : safety.menuFor}
    >
      <p className={styles.swapped} aria-live="polite">
        {swapped}
      </p>
      {safety.dialogs}
      {askDetails && (
        <Suspense fallback={null}>
          <ShareDetailsDialog
            open
            onOpenChange={setAskDetails}
            otherName={other.name}
            eventTitle={view.event.title}
            defaultName={view.attendee.name}
            returnTo={paths.arenaPrivateChat(tid, aid)}
            onShare={async (details) => {
              const outcome = await share(details);
              return outcome.ok ? { ok: true } : { ok: false, message: outcome.message, errors: outcome.errors };
            }}
          />
        </Suspense>
      )}
    </ChatRoom>
  );
}
