import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { SUPPORT_EMAIL } from '../../../lib/ui.js';
import { routes } from '../../../lib/paths.js';
import { SiteLayout } from '../components/SiteLayout.js';
import styles from '../components/SiteLayout.module.css';

const contact = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

/** The footer's privacy policy (ours: no required route). */
export function PrivacyPolicyPage() {
  return (
    <SiteLayout narrow>
      <article className={styles.prose}>
        <h1>Privacy Policy</h1>
        <p className={styles.intro}>How {PRODUCT_NAME} handles the information you share with us.</p>
        <h2>What we collect</h2>
        <ul>
          <li>Your account: email address, name and password (stored only as a secure hash).</li>
          <li>Your card profile: the title, description, photo, links and services you choose to publish.</li>
          <li>Contacts that visitors choose to share with you through your card.</li>
          <li>Orders and pre-orders: name, phone, email and delivery address, to deliver your card.</li>
        </ul>
        <h2>How we use it</h2>
        <p>We use your information to run your card, deliver your orders and answer your questions. Your card profile is public by design: anyone who taps your card or opens its link sees what you published there. We do not sell your data.</p>
        <h2>Payments</h2>
        <p>Card payments are taken by our payment provider on its own secure page. We never see or store your card number.</p>
        <h2>Your choices</h2>
        <p>You can edit or remove anything on your profile at any time, lock your profile if your card is lost, and ask us to delete your account and data by writing to {contact}.</p>
        <h2>On this device</h2>
        <p>We keep your sign-in and your cart in your browser&apos;s storage so they survive a reload. Your sign-in is cleared after five minutes without activity.</p>
      </article>
    </SiteLayout>
  );
}

/** The footer's return policy (ours: no required route). */
export function ReturnPolicyPage() {
  return (
    <SiteLayout narrow>
      <article className={styles.prose}>
        <h1>Return Policy</h1>
        <p className={styles.intro}>We want you to love your card. If something is wrong, we will put it right.</p>
        <h2>Damaged or faulty cards</h2>
        <p>If your card arrives damaged, or its NFC chip or QR code does not work, tell us within 14 days of delivery and we will replace it free of charge.</p>
        <h2>Changed your mind</h2>
        <p>Unused, unactivated cards in their original packaging can be returned within 7 days of delivery for a refund of the card price. Shipping fees are not refunded, and the return shipping is paid by you.</p>
        <h2>Custom designs</h2>
        <p>Cards printed with a custom design are made for you and cannot be returned unless they are faulty.</p>
        <h2>How to return</h2>
        <p>
          Write to {contact} with your order reference, or <Link to={routes.chat}>chat with us</Link>. Refunds are paid to the original payment method within 10 working days of receiving the card.
        </p>
      </article>
    </SiteLayout>
  );
}
