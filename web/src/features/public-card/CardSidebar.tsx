import { CalendarDays, Users } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../lib/paths.js';
import styles from './PublicCard.module.css';
import { TEXTS } from './texts.js';

/** The visitor's navigation of a card: Connect and Events, both carrying the card link. */
export function CardSidebar({ link }: { link: string }) {
  return (
    <nav className={styles.sidebar} aria-label="Card">
      <NavLink to={paths.cardConnect(link)} className={styles.sideLink} end>
        <Users aria-hidden size={20} />
        {TEXTS.connect}
      </NavLink>
      <NavLink to={paths.cardEvents(link)} className={styles.sideLink}>
        <CalendarDays aria-hidden size={20} />
        {TEXTS.events}
      </NavLink>
    </nav>
  );
}
