import type { ReactNode } from 'react';
import { LandingNav } from './LandingNav.js';
import { SiteFooter } from './SiteFooter.js';
import styles from './SiteLayout.module.css';

/** The site chrome of the landing area's pages: header, the page, footer. */
export function SiteLayout({ children, withPreorder = false, narrow = false }: { children: ReactNode; withPreorder?: boolean; narrow?: boolean }) {
  return (
    <div className={styles.site}>
      <LandingNav />
      <main className={narrow ? styles.narrow : styles.main}>{children}</main>
      <SiteFooter withPreorder={withPreorder} />
    </div>
  );
}
