import { CalendarDays, Users } from 'lucide-react';
import { AppLink } from '../../components/AppLink.js';
import { paths } from '../../lib/paths.js';
import styles from './PublicCard.module.css';
import { TEXTS } from './texts.js';

/** The visitor's navigation of a card on its Connect page: Connect (this page) and Events, both carrying the card link. */
export function CardSidebar({ link }: { link: string }) {
  return (
    <nav className={styles.sidebar} aria-label="Card">
      <AppLink to={paths.cardConnect(link)} className={styles.sideLink} aria-current="page">
        <Users aria-hidden size={20} />
        {TEXTS.connect}
      </AppLink>
      <AppLink to={paths.cardEvents(link)} className={styles.sideLink}>
        <CalendarDays aria-hidden size={20} />
        {TEXTS.events}
      </AppLink>
    </nav>
  );
}
