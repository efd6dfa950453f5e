import { useState } from 'react';
import type { OwnedCard } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { EmptyState } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { notify } from '../../lib/toast.js';
import { LockCardDialog } from './LockCardDialog.js';
import { ReplaceCardDialog, type FieldMessages, type ReplaceValues } from './ReplaceCardDialog.js';
import styles from './Settings.module.css';
import { CARD_TEXTS as TEXTS } from './texts.js';
import { useLockCard, useOwnedCards, useReplaceCard } from './api.js';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
function DateText({ iso }: { iso: string | null }) {
  if (!iso) return <>{TEXTS.never}</>;
  const date = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : when.format(date)}</time>;
}

const stateOf = (card: OwnedCard) => (card.replaced ? TEXTS.replaced : card.locked ? TEXTS.locked : TEXTS.active);
const nameOf = (card: OwnedCard) => TEXTS.cardName(card.type, card.id);

function CardRow({ card, busy, onLock, onUnlock, onReplace }: { card: OwnedCard; busy: boolean; onLock: () => void; onUnlock: () => void; onReplace: () => void }) {
  const name = nameOf(card);
  return (
    <li className={styles.session}>
      <div>
        <h3 className={styles.device}>
          {name}
          <span className={card.locked || card.replaced ? styles.badgeOff : styles.badge}>{stateOf(card)}</span>
        </h3>
        <dl className={styles.facts}>
          <dt>{TEXTS.type}</dt>
          <dd>{card.type}</dd>
          <dt>{TEXTS.activated}</dt>
          <dd>
            <DateText iso={card.activated_at} />
          </dd>
          <dt>{TEXTS.lastTap}</dt>
          <dd>
            <DateText iso={card.last_tap_at} />
          </dd>
        </dl>
      </div>
      {!card.replaced && (
        <div className={styles.cardActions}>
          {card.locked ? (
            <Button variant="secondary" busy={busy} onClick={onUnlock} aria-label={`${TEXTS.unlock}: ${name}`}>
              {TEXTS.unlock}
            </Button>
          ) : (
            <Button variant="secondary" onClick={onLock} aria-label={`${TEXTS.lock}: ${name}`}>
              {TEXTS.lock}
            </Button>
          )}
          <Button variant="ghost" onClick={onReplace} aria-label={`${TEXTS.replace}: ${name}`}>
            {TEXTS.replace}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * "Your cards": every physical card bound to the profile, with lock / unlock and "Replace card, keep
 * profile". An owner without a physical card has a virtual card, shared by its link.
 */
export function YourCards() {
  const cards = useOwnedCards();
  const lock = useLockCard();
  const replace = useReplaceCard();
  const [locking, setLocking] = useState<OwnedCard | null>(null);
  const [replacing, setReplacing] = useState<OwnedCard | null>(null);

  const setLocked = async (card: OwnedCard, locked: boolean, keepLink: boolean) => {
    const result = await lock.mutateAsync({ card, locked, keepLink });
    if (result.ok) {
      notify.success(locked ? TEXTS.lockedDone : TEXTS.unlockedDone);
      setLocking(null);
    } else if (result.kind !== 'network') notify.error(result.kind === 'failure' ? result.message : locked ? TEXTS.lockFailed : TEXTS.unlockFailed);
  };

  const replaceCard = async (values: ReplaceValues): Promise<FieldMessages | null> => {
    if (!replacing) return null;
    const result = await replace.mutateAsync({ card: replacing, body: values });
    if (result.ok) {
      notify.success(TEXTS.replacedDone);
      setReplacing(null);
      return null;
    }
    const fields: FieldMessages = { card_id: result.errors.card_id, type: result.errors.type, token: result.errors.token };
    const named = Object.values(fields).some(Boolean);
    if (!named && result.kind !== 'network') notify.error(result.kind === 'failure' ? result.message : TEXTS.replaceFailed);
    return fields;
  };

  let body;
  if (cards.isPending) {
    body = (
      <div className={styles.state}>
        <Spinner />
      </div>
    );
  } else if (cards.isError) {
    body = (
      <div className={styles.state} role="alert">
        <p>{TEXTS.loadFailed}</p>
        <Button onClick={() => void cards.refetch()}>{TEXTS.retry}</Button>
      </div>
    );
  } else if (cards.data.cards.length === 0) {
    body = <EmptyState title={TEXTS.virtual} />;
  } else {
    body = (
      <>
        {!cards.data.link_reachable && <p className={styles.notice}>{TEXTS.linkOff}</p>}
        <ul className={styles.sessions} aria-label={TEXTS.heading}>
          {cards.data.cards.map((card) => (
            <CardRow
              key={card.id}
              card={card}
              busy={lock.isPending && lock.variables.card.id === card.id}
              onLock={() => setLocking(card)}
              onUnlock={() => void setLocked(card, false, true)}
              onReplace={() => setReplacing(card)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="cards-heading">
      <h2 id="cards-heading">{TEXTS.heading}</h2>
      <p className={styles.intro}>{TEXTS.intro}</p>
      {body}
      <LockCardDialog
        key={locking?.id ?? ''}
        card={locking}
        busy={lock.isPending}
        onOpenChange={(open) => !open && setLocking(null)}
        onLock={(keepLink) => locking && void setLocked(locking, true, keepLink)}
      />
      <ReplaceCardDialog open={replacing !== null} busy={replace.isPending} onOpenChange={(open) => !open && setReplacing(null)} onReplace={replaceCard} />
    </section>
  );
}
