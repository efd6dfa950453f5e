import { Mail, MessageCircle, Phone } from 'lucide-react';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../lib/ui.js';
import styles from './ContactButtons.module.css';

/** https://wa.me/<digits> of a phone number (WhatsApp takes the international number without '+'). */
export function whatsAppLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}

/**
 * The contact-us buttons (chat app, e-mail, phone) of the get-cards page and of the arena's
 * concluded and not-started pages, pointing at the product's support ({phone} and {email}).
 */
export function ContactButtons({ showDetails = false }: { showDetails?: boolean }) {
  return (
    <div className={styles.wrap}>
      <ul className={styles.list} aria-label="Contact us">
        <li>
          <a className={styles.button} href={whatsAppLink(SUPPORT_PHONE)} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden size={20} />
            <span>WhatsApp</span>
          </a>
        </li>
        <li>
          <a className={styles.button} href={`mailto:${SUPPORT_EMAIL}`}>
            <Mail aria-hidden size={20} />
            <span>Email</span>
          </a>
        </li>
        <li>
          <a className={styles.button} href={`tel:${SUPPORT_PHONE}`}>
            <Phone aria-hidden size={20} />
            <span>Call</span>
          </a>
        </li>
      </ul>
      {showDetails && (
        <p className={styles.details}>
          <a href={`tel:${SUPPORT_PHONE}`}>{SUPPORT_PHONE}</a>
          <span aria-hidden="true"> · </span>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      )}
    </div>
  );
}
