import { SendHorizontal } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tapcard/shared/constants';
import type { Announcement } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { useHydrated } from '../lib/hydration.js';
import { clockTimeOf } from '../lib/live/clock.js';
import { ADMIN_NAME, messageStyle } from '../lib/live/message-style.js';
import type { Outbox, ThreadItem } from '../lib/live/outbox.js';
import { AppLink } from './AppLink.js';
import { ClockTime } from './ClockTime.js';
import { BackLink, Avatar } from './Page.js';
import { PinnedAnnouncements } from './PinnedAnnouncements.js';
import type { HistoryControl } from './useChatHistory.js';
import styles from './ChatRoom.module.css';

// A shared card's view is fetched when a chat first shows one (most rooms never do); until then its text shows.
const SharedCardView = lazy(() => import('./SharedCardView.js'));

export const CHAT_TEXTS = {
  placeholder: 'Type a message',
  send: 'Send',
  sending: 'Sending…',
  notSent: 'Not sent.',
  retry: 'Retry',
  delete: 'Delete',
  waiting: 'Waiting for the network…',
  empty: 'No messages yet. Say hello!',
  ended: messages.chatEnded,
  loadEarlier: 'Load earlier messages',
  loadingEarlier: 'Loading earlier messages…',
  earlierFailed: 'Earlier messages could not be loaded.',
  start: 'Start of the conversation',
} as const;

export interface ChatRoomProps {
  /** The event title. */
  title: string;
  /** The status line: Ongoing, Yet to start, This Event Has Ended. */
  status: string;
  /** What this room is (Event Chat, or the other party of a private chat). */
  heading: string;
  back: { to: string; label: string };
  items: readonly ThreadItem[];
  /** The viewer's attendee id (own style), or null. */
  selfId: string | null;
  onSend: (text: string) => void;
  onRetry: (key: string) => void;
  /** Drops a failed or waiting message from the outbox; no Delete button without it. */
  onDelete?: (key: string) => void;
  /** The input is disabled once the event has ended (and, for attendees, before it starts). */
  disabled: boolean;
  /** What the disabled input says (the ended text by default). */
  closedText?: string;
  /** Group chat: send only non-empty text. Private chat: sent without that check (docs/decisions.md, Validation). */
  requireText: boolean;
  /** A link to a private chat with a message's author, or null when there is none. */
  authorLink?: (item: ThreadItem) => string | null;
  /** The live status line. */
  live?: ReactNode;
  /** Buttons in the header about the room or its other party (e.g. Block, Share my card). */
  actions?: ReactNode;
  /** Anything between the header and the messages (e.g. private conversations). */
  children?: ReactNode;
  /** Shown instead of the composer (e.g. the access-token form of a chip chat). */
  footer?: ReactNode;
  /** The older pages of a group chat, read on demand; none when absent or null. */
  history?: HistoryControl | null;
  /** The organiser's pinned announcements, shown newest first in a bar at the top of the room. */
  announcements?: readonly Announcement[];
  /** Gives each pinned announcement an Unpin button (the organiser's room). */
  onUnpin?: (id: string) => void;
  /** Rendered inside each sent message's bubble (e.g. a '⋯' button opening the message's menu). */
  messageMenu?: (item: ThreadItem) => ReactNode;
  /** A line above the composer saying why posting is not possible or must wait (read out when it changes). */
  composerNotice?: ReactNode;
  /** Sending waits (e.g. slow mode): the writer may type, the Send button is disabled. */
  sendHeld?: boolean;
}

interface BubbleProps {
  item: ThreadItem;
  selfId: string | null;
  authorLink?: ChatRoomProps['authorLink'];
  messageMenu?: ChatRoomProps['messageMenu'];
  onRetry: (key: string) => void;
  onDelete?: (key: string) => void;
}

function MessageBubble({ item, selfId, authorLink, messageMenu, onRetry, onDelete }: BubbleProps) {
  const style = messageStyle(item.attendee_id, selfId);
  const name = style === 'admin' ? ADMIN_NAME : style === 'own' ? 'You' : item.name;
  const link = style === 'own' ? null : (authorLink?.(item) ?? null);
  // Only a stored message (it has an id) can be reported, removed or acted on.
  const menu = item.state === 'sent' ? messageMenu?.(item) : null;
  return (
    <li className={`${styles.message} ${styles[style]}`} data-style={style} data-state={item.state}>
      {style !== 'own' && <Avatar src={item.image} name={item.name} size={32} alt="" />}
      <div className={styles.bubble}>
        {menu && <div className={styles.menu}>{menu}</div>}
        <p className={styles.author}>
          {link ? (
            <AppLink to={link} className={styles.authorLink}>
              {name}
              {' '}<span className="visually-hidden">(private chat)</span>
            </AppLink>
          ) : (
            name
          )}
        </p>
        {item.card ? (
          <Suspense fallback={<p className={styles.text}>{item.message}</p>}>
            <SharedCardView card={item.card} />
          </Suspense>
        ) : (
          <p className={styles.text}>{item.message}</p>
        )}
        <p className={styles.meta}>
          {item.state === 'pending' ? (
            <>
              {item.queued ? CHAT_TEXTS.waiting : CHAT_TEXTS.sending}
              {item.queued && onDelete && (
                <>
                  {' '}
                  <button type="button" className={styles.retry} onClick={() => onDelete(item.key)}>
                    {CHAT_TEXTS.delete}
                  </button>
                </>
              )}
            </>
          ) : item.state === 'failed' ? (
            <span className={styles.failed}>
              {CHAT_TEXTS.notSent} {item.error}{' '}
              <button type="button" className={styles.retry} onClick={() => onRetry(item.key)}>
                {CHAT_TEXTS.retry}
              </button>
              {onDelete && (
                <>
                  {' '}
                  <button type="button" className={styles.retry} onClick={() => onDelete(item.key)}>
                    {CHAT_TEXTS.delete}
                  </button>
                </>
              )}
            </span>
          ) : (
            <ClockTime iso={item.createdAt} format={clockTimeOf} />
          )}
        </p>
      </div>
    </li>
  );
}

/** Loads the earlier page when it scrolls into view; the first report (made on observing) is not a scroll. */
function useSentinel(armed: boolean, onSeen: () => void): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useRef(onSeen);
  useEffect(() => {
    seen.current = onSeen;
  }, [onSeen]);
  useEffect(() => {
    const target = ref.current;
    if (!armed || !target || typeof IntersectionObserver === 'undefined') return;
    let first = true;
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((entry) => entry.isIntersecting);
      if (!first && visible) seen.current();
      first = false;
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [armed]);
  return ref;
}

/** The top of a group chat: the way to its earlier messages, their loading and failure, or its start. */
function HistoryBar({ history, onLoad }: { history: HistoryControl; onLoad: () => void }) {
  const sentinel = useSentinel(history.state === 'more', onLoad);
  if (history.state === 'start') return <p className={styles.history}>{CHAT_TEXTS.start}</p>;
  if (history.state === 'error') {
    return (
      <p className={styles.history}>
        <span className={styles.failed}>{CHAT_TEXTS.earlierFailed}</span>{' '}
        <button type="button" className={styles.retry} onClick={onLoad}>
          {CHAT_TEXTS.retry}
        </button>
      </p>
    );
  }
  const loading = history.state === 'loading';
  return (
    <div className={styles.history}>
      <div ref={sentinel} aria-hidden="true" className={styles.end} />
      {/* Stays focusable while loading, so a keyboard reader keeps their place on it. */}
      <button type="button" className={styles.earlier} aria-disabled={loading} onClick={loading ? undefined : onLoad}>
        {loading ? CHAT_TEXTS.loadingEarlier : CHAT_TEXTS.loadEarlier}
      </button>
    </div>
  );
}

/**
 * Keeps the message the reader was looking at in place when older ones are put above it: `hold` notes
 * where the first message stands; once the list starts with another message, the window scrolls by as
 * much as that message moved.
 */
function useScrollAnchor(listRef: RefObject<HTMLOListElement | null>, firstKey: string | undefined): () => void {
  const anchor = useRef<{ element: Element; top: number } | null>(null);
  useLayoutEffect(() => {
    const held = anchor.current;
    if (!held || !held.element.isConnected || held.element === listRef.current?.firstElementChild) return;
    anchor.current = null;
    const moved = held.element.getBoundingClientRect().top - held.top;
    if (moved !== 0) window.scrollBy?.(0, moved);
  }, [firstKey, listRef]);
  return useCallback(() => {
    const element = listRef.current?.firstElementChild;
    anchor.current = element ? { element, top: element.getBoundingClientRect().top } : null;
  }, [listRef]);
}

/**
 * What a server-rendered chat's composer held when the live page replaced it: its text, and whether it
 * had the focus. The live page's composer starts from it, so a message being typed is not lost.
 */
let handingOver: ParentNode | null = null;

/** The composer in `root` is about to be replaced: the one that replaces it starts from its text and focus. */
export function handOverComposer(root: ParentNode): void {
  handingOver = root;
}

/** Read while the replacing composer renders, when the one it replaces is still on screen (and may have had more typed). */
function takeHandedComposer(): { text: string; focused: boolean } | null {
  const input = handingOver?.querySelector<HTMLInputElement>(`form.${styles.composer} input`);
  handingOver = null;
  return input ? { text: input.value, focused: document.activeElement === input } : null;
}

function Composer({ onSend, disabled, requireText, closedText, sendHeld = false }: Pick<ChatRoomProps, 'onSend' | 'disabled' | 'requireText' | 'closedText' | 'sendHeld'>) {
  const [handed] = useState(takeHandedComposer);
  const [text, setText] = useState(handed?.text ?? '');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // On a server-rendered chat the input takes text once the scripts have hydrated it: typed before, the
  // text would be the browser's alone, and Enter would do nothing.
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (handed?.focused) inputRef.current?.focus();
  }, [handed]);
  const blank = text.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled || sendHeld) return;
    if (requireText ? blank : text === '') return;
    onSend(text);
    setText('');
  };
  return (
    <form className={styles.composer} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Message
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={disabled ? (closedText ?? CHAT_TEXTS.ended) : CHAT_TEXTS.placeholder}
        disabled={disabled || !hydrated}
        autoComplete="off"
        enterKeyHint="send"
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
      />
      <button type="submit" className={styles.send} disabled={disabled || sendHeld || (requireText && blank)}>
        <SendHorizontal aria-hidden size={20} />
        <span className="visually-hidden">{CHAT_TEXTS.send}</span>
      </button>
    </form>
  );
}

/** The ChatRoom props that hand its messages to an outbox: send, retry and delete. */
export function outboxActions(outbox: Pick<Outbox, 'send' | 'retry' | 'remove'>): Pick<ChatRoomProps, 'onSend' | 'onRetry' | 'onDelete'> {
  return { onSend: outbox.send, onRetry: outbox.retry, onDelete: outbox.remove };
}

/**
 * A chat room: event title, status line, the pinned announcements, the messages in three styles (a
 * removed message is never shown), and the composer with its notice line.
 */
export function ChatRoom(props: ChatRoomProps) {
  const { title, status, heading, back, selfId, onRetry, onDelete, authorLink, messageMenu, live, children, history } = props;
  const items = useMemo(() => props.items.filter((item) => !item.removed), [props.items]);
  const endRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const hold = useScrollAnchor(listRef, items[0]?.key);
  const loadEarlier = history?.loadEarlier;
  const onLoad = useCallback(() => {
    if (!loadEarlier) return;
    hold();
    loadEarlier();
  }, [hold, loadEarlier]);
  const dockRef = useRef<HTMLDivElement>(null);
  // A new last message, or the last one changing state (its 'Not sent… Retry' line), scrolls to the end.
  const lastItem = items[items.length - 1];
  const last = lastItem ? `${lastItem.key}:${lastItem.state}:${lastItem.queued ? 1 : 0}` : '';
  useEffect(() => {
    const end = endRef.current;
    if (!end) return;
    // The composer sticks to the bottom of the window: the end stops above it, not under it.
    end.style.scrollMarginBottom = `${dockRef.current?.offsetHeight ?? 0}px`;
    end.scrollIntoView?.({ block: 'end' });
  }, [last]);
  return (
    <main className={styles.room}>
      <header className={styles.header}>
        <BackLink to={back.to}>{back.label}</BackLink>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.status} data-status={status}>
          {status}
        </p>
        <h2 className={styles.heading}>{heading}</h2>
        {props.actions && <div className={styles.actions}>{props.actions}</div>}
        {live}
      </header>
      {props.announcements && (
        <div className={styles.pinned}>
          <PinnedAnnouncements announcements={props.announcements} onUnpin={props.onUnpin} />
        </div>
      )}
      {children}
      <div className={styles.scroller} role="log" aria-live="polite" aria-label={`${heading} messages`}>
        {history && <HistoryBar history={history} onLoad={onLoad} />}
        {items.length === 0 && <p className={styles.empty}>{CHAT_TEXTS.empty}</p>}
        <ol ref={listRef} className={styles.list}>
          {items.map((item) => (
            <MessageBubble key={item.key} item={item} selfId={selfId} authorLink={authorLink} messageMenu={messageMenu} onRetry={onRetry} onDelete={onDelete} />
          ))}
        </ol>
        {/* Where a server-rendered room opens before its scripts have arrived (public/after-paint.js). */}
        <div ref={endRef} aria-hidden="true" className={styles.end} data-start-at="" />
      </div>
      <div ref={dockRef} className={props.footer ? undefined : styles.dock}>
        {/* Always there, so a screen reader hears the notice when it comes or changes. */}
        <p className={styles.notice} aria-live="polite" data-empty={props.composerNotice ? undefined : true}>
          {props.composerNotice}
        </p>
        {props.footer ?? <Composer onSend={props.onSend} disabled={props.disabled} requireText={props.requireText} closedText={props.closedText} sendHeld={props.sendHeld} />}
      </div>
    </main>
  );
}
