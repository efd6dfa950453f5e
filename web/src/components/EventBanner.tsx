import { UploadedImage } from './UploadedImage.js';
import styles from './EventParts.module.css';

/** Its shown width: the page column (720 px at most), or a list's card (a third of a wide page, the whole column on a phone). */
const SIZES = { full: '(min-width: 720px) 720px, 100vw', compact: '(min-width: 720px) 360px, 100vw' } as const;

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
  return (
    <div className={`${styles.banner} ${compact ? styles.bannerCompact : ''}`}>
      {image ? (
        <UploadedImage
          image={image}
          alt={decorative ? '' : title}
          width={1280}
          height={720}
          sizes={compact ? SIZES.compact : SIZES.full}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className={styles.defaultBanner} {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': title })} />
      )}
    </div>
  );
}
