import { ButtonLink } from '../../components/Button.js';
import { routes } from '../../lib/paths.js';
import styles from './CardLocked.module.css';

export const LOCKED_TEXTS = {
  heading: 'This card is not active',
  note: 'Its owner has paused it. If you found it, you can keep it safe or hand it in.',
  home: 'Go to the home page',
} as const;

/**
 * Where a locked or replaced card's tap leads. It reads nothing and names no one: whoever holds a lost
 * card learns nothing of its owner here.
 */
export function CardLockedPage() {
  return (
    <main className={styles.wrap}>
      <h1>{LOCKED_TEXTS.heading}</h1>
      <p>{LOCKED_TEXTS.note}</p>
      <ButtonLink to={routes.home}>{LOCKED_TEXTS.home}</ButtonLink>
    </main>
  );
}
