import { Link } from 'react-router-dom';
import type { SharedCard } from '@tapcard/shared/contract';
import { paths } from '../lib/paths.js';
import { Avatar } from './Page.js';
import styles from './SharedCardView.module.css';

export const SHARED_CARD_TEXTS = {
  card: 'Business card',
  details: 'Contact details',
  viewCard: 'View card',
  phone: 'Phone',
  email: 'Email',
} as const;

/**
 * A card shared in a private chat (Share my card): a card owner's public card (picture, title, sub
 * title and a link to the card, whose views count as from the event's arena), or the details of an
 * attendee without a card (name, job title, phone and email, each a link where it can be).
 */
export default function SharedCardView({ card }: { card: SharedCard }) {
  if (card.kind === 'card') {
    return (
      <figure className={styles.card} aria-label={SHARED_CARD_TEXTS.card}>
        <Avatar src={card.image} name={card.title} size={48} alt="" />
        <figcaption className={styles.body}>
          <strong className={styles.name}>{card.title}</strong>
          {card.sub_title && <span className={styles.sub}>{card.sub_title}</span>}
          <Link className={styles.link} to={paths.cardConnect(card.link, 'arena')}>
            {SHARED_CARD_TEXTS.viewCard}{' '}
            <span className="visually-hidden">({card.title})</span>
          </Link>
        </figcaption>
      </figure>
    );
  }
  return (
    <figure className={styles.card} aria-label={SHARED_CARD_TEXTS.details}>
      <figcaption className={styles.body}>
        <strong className={styles.name}>{card.full_name}</strong>
        {card.title && <span className={styles.sub}>{card.title}</span>}
        <dl className={styles.fields}>
          <dt>{SHARED_CARD_TEXTS.phone}</dt>
          <dd>
            <a href={`tel:${card.phone.replace(/[^\d+]/g, '')}`}>{card.phone}</a>
          </dd>
          <dt>{SHARED_CARD_TEXTS.email}</dt>
          <dd>
            <a href={`mailto:${card.email}`}>{card.email}</a>
          </dd>
        </dl>
      </figcaption>
    </figure>
  );
}
