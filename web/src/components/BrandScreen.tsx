import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { routes } from '../lib/paths.js';

/** The classes a brand screen takes from its feature's stylesheet. */
export type BrandScreenClasses = Readonly<Partial<Record<'screen' | 'card' | 'brand' | 'subtitle', string>>>;

/**
 * A screen with one card: the product name (home link), anything the feature puts above the heading,
 * the heading, an optional subtitle and the content. The feature's stylesheet sizes it.
 */
export function BrandScreen({ classes, title, subtitle, aboveTitle, children }: { classes: BrandScreenClasses; title: string; subtitle?: ReactNode; aboveTitle?: ReactNode; children: ReactNode }) {
  return (
    <main className={classes.screen}>
      <div className={classes.card}>
        <Link to={routes.home} className={classes.brand}>
          {PRODUCT_NAME}
        </Link>
        {aboveTitle}
        <h1>{title}</h1>
        {subtitle && <p className={classes.subtitle}>{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
