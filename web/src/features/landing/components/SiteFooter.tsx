import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { AppLink } from '../../../components/AppLink.js';
import { routes } from '../../../lib/paths.js';
import { LANDING_TEXTS } from '../texts.js';
import styles from './SiteFooter.module.css';
import { PreorderForm } from './PreorderForm.js';

/** The footer: the pre-order block, and links to the FAQ, the privacy policy and the return policy. */
export function SiteFooter({ withPreorder = true }: { withPreorder?: boolean }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{PRODUCT_NAME}</p>
          <p>{LANDING_TEXTS.marketingLine}</p>
          <nav aria-label="Footer">
            <ul className={styles.links}>
              <li>
                <AppLink to={routes.faq}>FAQ</AppLink>
              </li>
              <li>
                <AppLink to={routes.privacyPolicy}>Privacy Policy</AppLink>
              </li>
              <li>
                <AppLink to={routes.returnPolicy}>Return Policy</AppLink>
              </li>
              <li>
                <AppLink to={routes.chat}>Chat with us</AppLink>
              </li>
            </ul>
          </nav>
        </div>
        {withPreorder && (
          <div className={styles.preorder}>
            <PreorderForm />
          </div>
        )}
      </div>
      <p className={styles.copy}>
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
