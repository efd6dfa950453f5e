import { ButtonLink } from '../../../../components/Button.js';
import { routes } from '../../../../lib/paths.js';
import { LANDING_TEXTS } from '../../texts.js';
import styles from './Sections.module.css';

export function CallToAction() {
  return (
    <section className={styles.cta} aria-labelledby="cta-title">
      <h2 id="cta-title">Ready to make every introduction count?</h2>
      <p>Five colours, one price, no subscription. Order your card today and start sharing in minutes.</p>
      <div className={styles.ctas}>
        <ButtonLink to={routes.getStarted} className={styles.ctaButton}>
          {LANDING_TEXTS.getCards}
        </ButtonLink>
      </div>
    </section>
  );
}
