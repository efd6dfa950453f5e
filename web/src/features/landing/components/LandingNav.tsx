import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { AppLink } from '../../../components/AppLink.js';
import { ButtonLink } from '../../../components/Button.js';
import { routes } from '../../../lib/paths.js';
import { LANDING_TEXTS, SECTION_IDS } from '../texts.js';
import styles from './LandingNav.module.css';

const section = (id: string) => `${routes.home}#${id}`;

/**
 * The site header. Small screens get the compact navbar (CARD, FAQs, LOGIN, Order Now); from 900 px
 * the header menu (About, Connect, Event, FAQs) with the Get Cards and Login buttons. Only one of the
 * two is displayed at a time (CSS), so assistive technology meets one navigation.
 */
export function LandingNav() {
  return (
    <header className={styles.header}>
      <AppLink to={routes.home} className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span className={styles.brandName}>{PRODUCT_NAME}</span>
      </AppLink>

      <nav className={styles.compact} aria-label="Main">
        <AppLink to={routes.getCard}>CARD</AppLink>
        <AppLink to={routes.faq}>FAQs</AppLink>
        <AppLink to={routes.login}>LOGIN</AppLink>
        <ButtonLink to={routes.getStarted} className={styles.order}>
          {LANDING_TEXTS.orderNow}
        </ButtonLink>
      </nav>

      <nav className={styles.menu} aria-label="Site">
        <ul>
          <li>
            <AppLink to={section(SECTION_IDS.about)}>About</AppLink>
          </li>
          <li>
            <AppLink to={section(SECTION_IDS.connect)}>Connect</AppLink>
          </li>
          <li>
            <AppLink to={section(SECTION_IDS.event)}>Event</AppLink>
          </li>
          <li>
            <AppLink to={routes.faq}>FAQs</AppLink>
          </li>
        </ul>
        <div className={styles.actions}>
          <ButtonLink to={routes.getStarted}>{LANDING_TEXTS.getCards}</ButtonLink>
          <ButtonLink to={routes.login} variant="secondary">
            {LANDING_TEXTS.login}
          </ButtonLink>
        </div>
      </nav>
    </header>
  );
}
