import { BadgeCheck, BriefcaseBusiness, CalendarDays, UserRound, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { InstallAppItem } from '../../components/InstallAppItem.js';
import { orAvatar } from '../../lib/image.js';
import { UploadedImage } from '../../components/UploadedImage.js';
import { routes } from '../../lib/paths.js';
import type { DashboardData } from '../../lib/session.js';
import styles from './Dashboard.module.css';
import { TEXTS } from './texts.js';

/**
 * The dashboard drawer's content: profile image, name ('Hi, User' by default),
 * description ('You are awesome!' by default), shortcuts to connect, events and contacts, Add to home
 * screen (where the browser can); identity and services are coming soon.
 */
export function ProfileMenu({ profile, onNavigate }: { profile: DashboardData | null; onNavigate?: () => void }) {
  const name = profile?.name || TEXTS.defaultName;
  return (
    <>
      <div className={styles.profile}>
        <UploadedImage image={orAvatar(profile?.image, profile?.name || 'User')} alt="" width={88} height={88} />
        <p className={styles.name}>{name}</p>
        <p className={styles.description}>{profile?.description || TEXTS.defaultDescription}</p>
      </div>
      <nav aria-label="Shortcuts">
        <ul className={styles.shortcuts}>
          <li>
            <Link className={styles.shortcut} to={routes.connect} onClick={onNavigate}>
              <UserRound aria-hidden />
              Connect
            </Link>
          </li>
          <li>
            <Link className={styles.shortcut} to={routes.events} onClick={onNavigate}>
              <CalendarDays aria-hidden />
              Events
            </Link>
          </li>
          <li>
            <Link className={styles.shortcut} to={routes.contacts} onClick={onNavigate}>
              <Users aria-hidden />
              Contacts
            </Link>
          </li>
          <InstallAppItem className={styles.shortcut} />
          <ComingSoon icon={<BadgeCheck aria-hidden />} label="Identity" />
          <ComingSoon icon={<BriefcaseBusiness aria-hidden />} label="Services" />
        </ul>
      </nav>
    </>
  );
}

/** A shortcut that does nothing yet, tagged as coming soon. */
function ComingSoon({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <li>
      <span className={styles.soon} aria-disabled="true">
        {icon}
        {label}
        <span className={styles.soonTag}>{TEXTS.comingSoon}</span>
      </span>
    </li>
  );
}
