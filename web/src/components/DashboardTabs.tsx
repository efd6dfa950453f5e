import { CalendarDays, CreditCard, Store, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from './AppLink.js';
import styles from './DashboardTabs.module.css';
import { Tabs } from './Tabs.js';

export const COMING_SOON = {
  store: 'STORE IS COMING SOON',
  payment: 'PAYMENT IS COMING SOON',
} as const;

/** A dashboard tile: a link, or a disabled placeholder that says it is coming soon. */
export function DashboardTile({ to, icon, label, comingSoon }: { to?: string; icon: ReactNode; label: string; comingSoon?: string }) {
  if (!to || comingSoon) {
    return (
      <div className={`${styles.tile} ${styles.disabled}`} aria-disabled="true">
        {icon}
        <span>{label}</span>
        {comingSoon && <span className={styles.soon}>{comingSoon}</span>}
      </div>
    );
  }
  return (
    <AppLink className={styles.tile} to={to}>
      {icon}
      <span>{label}</span>
    </AppLink>
  );
}

const paymentTile = <DashboardTile icon={<CreditCard aria-hidden />} label="Payment" comingSoon={COMING_SOON.payment} />;
const storeTile = <DashboardTile icon={<Store aria-hidden />} label="Store" comingSoon={COMING_SOON.store} />;

/** The dashboard tabs of the owner's dashboard and the public card dashboard (Socials, Business, Finance, Others). */
export function DashboardTabs({ connectTo, eventsTo }: { connectTo: string; eventsTo: string }) {
  return (
    <Tabs
      label="Dashboard"
      items={[
        {
          value: 'socials',
          label: 'Socials',
          content: (
            <div className={styles.grid}>
              <DashboardTile to={connectTo} icon={<Users aria-hidden />} label="Connect" />
              <DashboardTile to={eventsTo} icon={<CalendarDays aria-hidden />} label="Events" />
              {paymentTile}
              {storeTile}
            </div>
          ),
        },
        { value: 'business', label: 'Business', content: <div className={styles.grid}>{storeTile}</div> },
        { value: 'finance', label: 'Finance', content: <div className={styles.grid}>{paymentTile}</div> },
        { value: 'others', label: 'Others', content: <p className={styles.watch}>Watch this space!!!</p> },
      ]}
    />
  );
}
