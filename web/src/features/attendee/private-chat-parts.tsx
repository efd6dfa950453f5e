import type { PrivateChat } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { Button } from '../../components/Button.js';
import { ADMIN_NAME, isAdminId } from '../../lib/live/message-style.js';
import { TEXTS } from './texts.js';

/** The private chat's parts the live page and the server-rendered one share. */

type ArenaView = Pick<ViewOf<'arena'>, 'chats' | 'private_chats'>;

/** The messages between `me` and `aid`. */
export function conversation(view: ArenaView, me: string, aid: string): PrivateChat[] {
  return view.private_chats.filter((m) => (m.attendee_id_1 === me && m.attendee_id_2 === aid) || (m.attendee_id_1 === aid && m.attendee_id_2 === me));
}

/** The other party's name from a message they wrote (the organiser is ADMIN), if any. */
export function knownNameOf(view: ArenaView, aid: string): string | undefined {
  if (isAdminId(aid)) return ADMIN_NAME;
  return [...view.private_chats, ...view.chats].find((m) => m.attendee_id === aid && !m.removed)?.name;
}

/** Both have shared: the cards were swapped (a card owner's side also filed the other as a contact); else ''. */
export function swappedText(messages: readonly PrivateChat[], me: string, aid: string, otherName: string): string {
  const mine = messages.find((m) => m.attendee_id_1 === me && m.card && !m.removed)?.card;
  const theirs = messages.some((m) => m.attendee_id_1 === aid && m.card && !m.removed);
  if (!mine || !theirs) return '';
  return mine.kind === 'card' ? `${TEXTS.swapped(otherName)} ${TEXTS.savedToContacts(otherName)}` : TEXTS.swapped(otherName);
}

/** Share my card and Block / Unblock, in the header of a private chat with another attendee. */
export function PrivateChatActions(props: {
  name: string;
  blocked: boolean;
  started: boolean;
  sharing: boolean;
  blockBusy: boolean;
  onShare: () => void;
  onToggleBlock: () => void;
  /** Block waits for the live page (a server-rendered chat). */
  blockWaits?: boolean;
}) {
  const { name, blocked, started, sharing, blockBusy, blockWaits = false } = props;
  return (
    <>
      <Button variant="secondary" onClick={props.onShare} busy={sharing} disabled={!started || blocked}>
        {sharing ? TEXTS.sharing : TEXTS.shareCard}
      </Button>
      <Button variant={blocked ? 'secondary' : 'ghost'} onClick={props.onToggleBlock} busy={blockBusy} disabled={blockWaits}>
        {blocked ? TEXTS.unblock(name) : TEXTS.block(name)}
      </Button>
    </>
  );
}
