import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { routes } from '../../../lib/paths.js';
import styles from './ShopHeader.module.css';

/** The shop's top bar: the brand (home) and, on the shop page, the cart button. */
export function ShopHeader({ children }: { children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <Link to={routes.home} className={styles.brand}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{PRODUCT_NAME}</span>
      </Link>
      {children}
    </header>
  );
}
