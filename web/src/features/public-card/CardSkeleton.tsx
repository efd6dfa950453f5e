import styles from './PublicCard.module.css';
import { TEXTS } from './texts.js';

/** The card page's loading placeholders, titled 'Loading...'. */
export function CardSkeleton() {
  return (
    <div className={styles.layout} aria-busy="true">
      <div className={styles.content}>
        <header className={styles.banner}>
          <div className={`${styles.skeleton} ${styles.skeletonAvatar}`} />
          <div>
            <h1 className={styles.title}>{TEXTS.loading}</h1>
            <p className={`${styles.skeleton} ${styles.skeletonLine}`} />
            <p className={`${styles.skeleton} ${styles.skeletonLine}`} />
          </div>
        </header>
        <div className={styles.quickLinks}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`${styles.skeleton} ${styles.skeletonTile}`} />
          ))}
        </div>
      </div>
    </div>
  );
}
