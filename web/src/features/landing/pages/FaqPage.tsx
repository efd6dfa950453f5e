import { ButtonLink } from '../../../components/Button.js';
import { routes } from '../../../lib/paths.js';
import { FaqAccordion } from '../components/FaqAccordion.js';
import { SiteLayout } from '../components/SiteLayout.js';
import styles from '../components/SiteLayout.module.css';

/** The FAQ page. */
export function FaqPage() {
  return (
    <SiteLayout narrow>
      <h1>Frequently Asked Questions</h1>
      <p className={styles.intro}>Everything you need to know about the card. Can&apos;t find your answer? Chat with us.</p>
      <FaqAccordion />
      <p className={styles.after}>
        Still have a question?
      </p>
      <ButtonLink to={routes.chat} variant="secondary">
        Chat with us
      </ButtonLink>
    </SiteLayout>
  );
}
