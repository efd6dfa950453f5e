import { PreorderForm } from '../components/PreorderForm.js';
import { SiteLayout } from '../components/SiteLayout.js';
import styles from '../components/SiteLayout.module.css';

/** The pre-order form on its own page (preorder). */
export function PreorderPage() {
  return (
    <SiteLayout narrow>
      <div className={styles.card}>
        <PreorderForm headingLevel={1} />
      </div>
    </SiteLayout>
  );
}
