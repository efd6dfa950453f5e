import { LogOut, Menu, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DashboardTabs } from '../../components/DashboardTabs.js';
import { Drawer } from '../../components/Dialog.js';
import { orAvatar } from '../../lib/image.js';
import { UploadedImage } from '../../components/UploadedImage.js';
import { useLogout } from '../../lib/logout.js';
import { routes } from '../../lib/paths.js';
import { CardAnalytics } from './CardAnalytics.js';
import styles from './Dashboard.module.css';
import { ProfileMenu } from './ProfileMenu.js';
import { TEXTS } from './texts.js';
import { useDashboardProfile } from './api.js';

/**
 * The owner dashboard: a welcome header (image and name, 'Hi, User' without one), Logout
 * and a settings link, the dashboard tabs, and the profile menu (a drawer on phones, a side panel on
 * wide screens).
 */
export function DashboardPage() {
  const profile = useDashboardProfile();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className={styles.layout}>
      <aside className={styles.aside} aria-label="Profile">
        <ProfileMenu profile={profile} />
      </aside>
      <main className={styles.main}>
        <header className={styles.header}>
          <button type="button" className={styles.menuButton} onClick={() => setDrawerOpen(true)} aria-label="Open menu">
            <Menu aria-hidden />
          </button>
          <UploadedImage className={styles.headerPhoto} image={orAvatar(profile?.image, profile?.name || 'User')} alt="" width={48} height={48} />
          <h1>{profile?.name ? `Hi, ${profile.name}` : TEXTS.defaultName}</h1>
          <div className={styles.headerActions}>
            <Link className={styles.iconButton} to={routes.settings} aria-label="Settings">
              <Settings aria-hidden />
            </Link>
            <button type="button" className={styles.iconButton} onClick={logout} aria-label="Logout">
              <LogOut aria-hidden />
            </button>
          </div>
        </header>
        <DashboardTabs connectTo={routes.connect} eventsTo={routes.events} />
        <CardAnalytics />
      </main>
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title="Menu">
        <ProfileMenu profile={profile} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
    </div>
  );
}
