import type { ReactNode } from 'react';
import { orAvatar } from '../lib/image.js';
import { AppLink } from './AppLink.js';
import { UploadedImage } from './UploadedImage.js';
import styles from './Page.module.css';

/** A page column: 720 px wide by default, `wide` for 1080 px (contacts). */
export function Page({ children, wide = false, label }: { children: ReactNode; wide?: boolean; label?: string }) {
  return (
    <main className={`${styles.page} ${wide ? styles.wide : ''}`} aria-label={label}>
      {children}
    </main>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <AppLink to={to} className={styles.back}>
      <span aria-hidden="true">←</span> {children}
    </AppLink>
  );
}

export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

/** A determinate progress bar (uploads, onboarding). */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className={styles.progress} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className={styles.progressBar} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** 'STORE IS COMING SOON' and similar notices. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} role="status">
      {children}
    </p>
  );
}

/** A round picture, or the initials avatar when there is none. Sized to avoid layout shift. */
export function Avatar({ src, name, size = 48, alt }: { src: string | null | undefined; name: string; size?: number; alt?: string }) {
  return <UploadedImage className={styles.avatar} image={orAvatar(src, name)} alt={alt ?? name} width={size} height={size} loading="lazy" decoding="async" />;
}
