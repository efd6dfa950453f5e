import { CalendarDays, CreditCard, Store, Users } from 'lucide-react';
import { COMING_SOON, DashboardTile } from '../../components/DashboardTabs.js';
import { routes } from '../../lib/paths.js';
import styles from './Connect.module.css';
import tiles from '../../components/DashboardTabs.module.css';

/** The dashboard tiles: Connect, Events, Payment (disabled), Store (disabled). */
export function ConnectTiles() {
  return (
    <section className={styles.section} aria-labelledby="tiles-heading">
      <h2 id="tiles-heading">Dashboard</h2>
      <div className={tiles.grid}>
        <DashboardTile to={routes.connect} icon={<Users aria-hidden />} label="Connect" />
        <DashboardTile to={routes.events} icon={<CalendarDays aria-hidden />} label="Events" />
        <DashboardTile icon={<CreditCard aria-hidden />} label="Payment" comingSoon={COMING_SOON.payment} />
        <DashboardTile icon={<Store aria-hidden />} label="Store" comingSoon={COMING_SOON.store} />
      </div>
    </section>
  );
}
