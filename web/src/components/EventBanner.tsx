import { imageUrl } from '../lib/image.js';
import styles from './EventParts.module.css';

/**
 * An event's banner at a fixed 16:9 ratio (no layout shift while it loads). Without an image it shows
 * the default banner: a drawn gradient, so no stock photo is downloaded.
 */
export function EventBanner({
  image,
  title,
  eager = false,
  compact = false,
  decorative = false,
}: {
  image: string | null | undefined;
  title: string;
  eager?: boolean;
  compact?: boolean;
  /** Inside a link or card already named by the title: hidden from screen readers. */
  decorative?: boolean;
}) {
  const src = imageUrl(image);
  return (
    <div className={`${styles.banner} ${compact ? styles.bannerCompact : ''}`}>
      {src ? (
        <img src={src} alt={decorative ? '' : title} width={1280} height={720} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      ) : (
        <div className={styles.defaultBanner} {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': title })} />
      )}
    </div>
  );
}
