import { routes } from '../lib/paths.js';
import { ButtonLink } from './Button.js';
import styles from './NotFoundView.module.css';

/** The not-found page, also shown in place of pages whose query is missing or unknown. */
export function NotFoundView() {
  return (
    <main className={styles.wrap}>
      <h1>You have found a rare gem!.</h1>
      <p>But sadly, its of no use to you, please go back.</p>
      <div className={styles.actions}>
        <ButtonLink to={routes.home}>Home</ButtonLink>
        <ButtonLink to={routes.getCard} variant="secondary">
          Get a Card
        </ButtonLink>
        <ButtonLink to={routes.faq} variant="secondary">
          FAQ
        </ButtonLink>
      </div>
    </main>
  );
}
