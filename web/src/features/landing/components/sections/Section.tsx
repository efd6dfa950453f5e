import type { ReactNode } from 'react';
import styles from './Sections.module.css';

/** One landing section: an anchor id, a small eyebrow, a heading and its content. */
export function Section({ id, eyebrow, title, tone = 'plain', children }: { id?: string; eyebrow: string; title: string; tone?: 'plain' | 'soft' | 'dark'; children: ReactNode }) {
  const headingId = `${id ?? eyebrow.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <section id={id} className={`${styles.section} ${styles[tone]}`} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A grid of short points, each with an icon. */
export function Points({ items }: { items: readonly { icon: ReactNode; title: string; text: string }[] }) {
  return (
    <ul className={styles.points}>
      {items.map((item) => (
        <li key={item.title} className={styles.point}>
          <span className={styles.icon} aria-hidden="true">
            {item.icon}
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
