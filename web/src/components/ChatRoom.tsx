import { SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tapcard/shared/constants';
import { messages } from '@tapcard/shared/rules';
import { ADMIN_NAME, messageStyle, type ThreadItem } from '../lib/live/chat.js';
import { BackLink, Avatar } from './Page.js';
import styles from './ChatRoom.module.css';

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
  /** Anything between the header and the messages (e.g. private conversations). */
  children?: ReactNode;
  /** Shown instead of the composer (e.g. the access-token form of a chip chat). */
  footer?: ReactNode;
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

function MessageBubble({ item, selfId, authorLink, onRetry, onDelete }: { item: ThreadItem; selfId: string | null; authorLink?: ChatRoomProps['authorLink']; onRetry: (key: string) => void; onDelete?: (key: string) => void }) {
  const style = messageStyle(item.attendee_id, selfId);
  const name = style === 'admin' ? ADMIN_NAME : style === 'own' ? 'You' : item.name;
  const link = style === 'own' ? null : (authorLink?.(item) ?? null);
  return (
    <li className={`${styles.message} ${styles[style]}`} data-style={style} data-state={item.state}>
      {style !== 'own' && <Avatar src={item.image} name={item.name} size={32} alt="" />}
      <div className={styles.bubble}>
        <p className={styles.author}>
          {link ? (
            <Link to={link} className={styles.authorLink}>
              {name}
              {' '}<span className="visually-hidden">(private chat)</span>
            </Link>
          ) : (
            name
          )}
        </p>
        <p className={styles.text}>{item.message}</p>
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
            <time dateTime={item.createdAt}>{timeOf(item.createdAt)}</time>
          )}
        </p>
      </div>
    </li>
  );
}

function Composer({ onSend, disabled, requireText, closedText, formRef }: Pick<ChatRoomProps, 'onSend' | 'disabled' | 'requireText' | 'closedText'> & { formRef: RefObject<HTMLFormElement | null> }) {
  const [text, setText] = useState('');
  const inputId = useId();
  const blank = text.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    if (requireText ? blank : text === '') return;
    onSend(text);
    setText('');
  };
  return (
    <form ref={formRef} className={styles.composer} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Message
      </label>
      <input
        id={inputId}
        className={styles.input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={disabled ? (closedText ?? CHAT_TEXTS.ended) : CHAT_TEXTS.placeholder}
        disabled={disabled}
        autoComplete="off"
        enterKeyHint="send"
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
      />
      <button type="submit" className={styles.send} disabled={disabled || (requireText && blank)}>
        <SendHorizontal aria-hidden size={20} />
        <span className="visually-hidden">{CHAT_TEXTS.send}</span>
      </button>
    </form>
  );
}

/** A chat room: event title, status line, the messages in three styles, and the composer. */
export function ChatRoom(props: ChatRoomProps) {
  const { title, status, heading, back, items, selfId, onRetry, onDelete, authorLink, live, children } = props;
  const endRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A new last message, or the last one changing state (its 'Not sent… Retry' line), scrolls to the end.
  const lastItem = items[items.length - 1];
  const last = lastItem ? `${lastItem.key}:${lastItem.state}:${lastItem.queued ? 1 : 0}` : '';
  useEffect(() => {
    const end = endRef.current;
    if (!end) return;
    // The composer sticks to the bottom of the window: the end stops above it, not under it.
    end.style.scrollMarginBottom = `${formRef.current?.offsetHeight ?? 0}px`;
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
        {live}
      </header>
      {children}
      <div className={styles.scroller} role="log" aria-live="polite" aria-label={`${heading} messages`}>
        {items.length === 0 && <p className={styles.empty}>{CHAT_TEXTS.empty}</p>}
        <ol className={styles.list}>
          {items.map((item) => (
            <MessageBubble key={item.key} item={item} selfId={selfId} authorLink={authorLink} onRetry={onRetry} onDelete={onDelete} />
          ))}
        </ol>
        <div ref={endRef} aria-hidden="true" className={styles.end} />
      </div>
      {props.footer ?? <Composer onSend={props.onSend} disabled={props.disabled} requireText={props.requireText} closedText={props.closedText} formRef={formRef} />}
    </main>
  );
}
