import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandScreen } from '../../components/BrandScreen.js';
import { routes } from '../../lib/paths.js';
import styles from './Access.module.css';

/** The frame of the access screens: the product name (home link), a heading, an optional subtitle. */
export function AuthScreen({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <BrandScreen classes={styles} title={title} subtitle={subtitle}>
      {children}
    </BrandScreen>
  );
}

/** A notice at the top of an access screen (why the person is here, what to do). */
export function ScreenNotice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} role="status">
      {children}
    </p>
  );
}

/** The text shown instead of a token form when the query has no card id. */
export const NeedDeviceNotice = ScreenNotice;

/** The way back from a password screen to login. */
export function BackToLogin() {
  return (
    <div className={styles.links}>
      <Link to={routes.login}>Back to Log in</Link>
    </div>
  );
}
