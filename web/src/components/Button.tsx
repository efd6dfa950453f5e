import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { useHydrated } from '../lib/hydration.js';
import { AppLink, type AppLinkProps } from './AppLink.js';
import styles from './Button.module.css';
import { Spinner } from './Spinner.js';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

function classes(variant: Variant, block: boolean, extra?: string): string {
  return [styles.button, styles[variant], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
  /** Shows a spinner and disables the button. */
  busy?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', block = false, busy = false, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  // On a server-rendered page a submit before the scripts have taken over would be the browser's own
  // (a GET of the page with the fields in the address): the button waits for them.
  const hydrated = useHydrated();
  return (
    <button type={type} className={classes(variant, block, className)} disabled={disabled || busy || (type === 'submit' && !hydrated)} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner size={16} label="" />}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends AppLinkProps {
  variant?: Variant;
  block?: boolean;
}

/** A link that looks like a button (navigation is a link, not a button, for assistive technology). */
export function ButtonLink({ variant = 'primary', block = false, className, ...rest }: ButtonLinkProps) {
  return <AppLink className={classes(variant, block, className)} {...rest} />;
}
