import { ContactButtons } from '../../../components/ContactButtons.js';
import { ButtonLink } from '../../../components/Button.js';
import { routes } from '../../../lib/paths.js';
import { SiteLayout } from '../components/SiteLayout.js';
import styles from '../components/SiteLayout.module.css';

/** 'chat' (listed under Shop and misc, nothing else said): a support page with ways to reach us. */
export function SupportChatPage() {
  return (
    <SiteLayout narrow>
      <h1>Chat with us</h1>
      <p className={styles.intro}>Questions about your card, an order or a custom design? Send us a message on WhatsApp, write an email or give us a call. We reply within one working day.</p>
      <ContactButtons showDetails />
      <p className={styles.after}>
        Many answers are already in our FAQ.
      </p>
      <ButtonLink to={routes.faq} variant="secondary">
        Read the FAQ
      </ButtonLink>
    </SiteLayout>
  );
}
