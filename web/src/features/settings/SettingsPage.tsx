import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BackLink, Page } from '../../components/Page.js';
import { routes } from '../../lib/paths.js';
import styles from './Settings.module.css';
import { SESSION_TEXTS } from './texts.js';
import { YourCards } from './YourCards.js';

/**
 * Settings: back link to Connect; Security (Change Password, and our Active sessions); our Your
 * cards (the physical cards: lock, unlock, replace); Vcard ('Default Page', inert).
 */
export function SettingsPage() {
  return (
    <Page>
      <BackLink to={routes.connect}>Connect</BackLink>
      <h1>Settings</h1>
      <section className={styles.section} aria-labelledby="security-heading">
        <h2 id="security-heading">Security</h2>
        <ul className={styles.list}>
          <li>
            <Link className={styles.item} to={routes.changePassword}>
              Change Password
              <ChevronRight aria-hidden />
            </Link>
          </li>
          <li>
            <Link className={styles.item} to={routes.sessions}>
              {SESSION_TEXTS.link}
              <ChevronRight aria-hidden />
            </Link>
          </li>
        </ul>
      </section>
      <YourCards />
      <section className={styles.section} aria-labelledby="vcard-heading">
        <h2 id="vcard-heading">Vcard</h2>
        <ul className={styles.list}>
          <li>
            <span className={styles.inert}>Default Page</span>
          </li>
        </ul>
      </section>
    </Page>
  );
}
