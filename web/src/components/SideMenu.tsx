import { CalendarDays, CreditCard, LogOut, Settings, Store, UserRound, Users } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { COMING_SOON } from './DashboardTabs.js';
import { Drawer } from './Dialog.js';
import { InstallAppItem } from './InstallAppItem.js';
import { useLogout } from '../lib/logout.js';
import { routes } from '../lib/paths.js';
import styles from './SideMenu.module.css';

function DisabledItem({ icon, label, notice }: { icon: React.ReactNode; label: string; notice: string }) {
  return (
    <li>
      <span className={styles.menuDisabled} aria-disabled="true">
        {icon}
        {label}
        <span className={styles.soon}>{notice}</span>
      </span>
    </li>
  );
}

/**
 * The owner's side menu: Connect, Contacts, Events, Payment (disabled), Store (disabled), Settings,
 * Add to home screen (where the browser can), Logout. Opened from the connect page's bar and from
 * the organiser's events list.
 */
export function SideMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const logout = useLogout();
  const link = (to: string, icon: React.ReactNode, label: string) => (
    <li>
      <NavLink to={to} end className={styles.menuItem} onClick={() => onOpenChange(false)}>
        {icon}
        {label}
      </NavLink>
    </li>
  );
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Menu" side="left">
      <nav aria-label="Main">
        <ul className={styles.menu}>
          {link(routes.connect, <UserRound aria-hidden />, 'Connect')}
          {link(routes.contacts, <Users aria-hidden />, 'Contacts')}
          {link(routes.events, <CalendarDays aria-hidden />, 'Events')}
          <DisabledItem icon={<CreditCard aria-hidden />} label="Payment" notice={COMING_SOON.payment} />
          <DisabledItem icon={<Store aria-hidden />} label="Store" notice={COMING_SOON.store} />
          {link(routes.settings, <Settings aria-hidden />, 'Settings')}
          <InstallAppItem className={styles.menuItem} />
          <li>
            <button type="button" className={styles.menuItem} onClick={logout}>
              <LogOut aria-hidden />
              Logout
            </button>
          </li>
        </ul>
      </nav>
    </Drawer>
  );
}
