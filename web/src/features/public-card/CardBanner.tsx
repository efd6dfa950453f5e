import type { PublicCard } from '@tapcard/shared/contract';
import { Avatar } from '../../components/Page.js';
import styles from './PublicCard.module.css';

/** The card's banner: image, title, sub_title and description. */
export function CardBanner({ card }: { card: PublicCard['card'] }) {
  return (
    <header className={styles.banner}>
      <Avatar src={card.profile} name={card.title} size={112} alt={card.title} />
      <div>
        <h1 className={styles.title}>{card.title}</h1>
        <p className={styles.subTitle}>{card.sub_title}</p>
        {card.description && <p className={styles.description}>{card.description}</p>}
      </div>
    </header>
  );
}
