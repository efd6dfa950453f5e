import type { ReactNode } from 'react';
import { GALLERY_COLUMNS } from '../lib/ui.js';
import { UploadedImage } from './UploadedImage.js';
import styles from './EventParts.module.css';

/** A tile's shown width: a third of the page column (720 px at most). */
const GALLERY_SIZES = `(min-width: 720px) ${Math.round(720 / GALLERY_COLUMNS)}px, ${Math.round(100 / GALLERY_COLUMNS)}vw`;

/** An event's media gallery in GALLERY_COLUMNS square columns; `action` adds a control to each item (remove in the wizard). */
export function GalleryGrid({ items, action }: { items: readonly { name: string; image: string }[]; action?: (index: number) => ReactNode }) {
  return (
    <ul className={styles.gallery} style={{ gridTemplateColumns: `repeat(${GALLERY_COLUMNS}, minmax(0, 1fr))` }}>
      {items.map((item, index) => (
        <li key={`${item.image}-${index}`} className={styles.galleryItem}>
          <UploadedImage image={item.image} alt={item.name || `Gallery image ${index + 1}`} width={300} height={300} sizes={GALLERY_SIZES} loading="lazy" decoding="async" />
          {action?.(index)}
        </li>
      ))}
    </ul>
  );
}

export interface GallerySectionProps {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  items: readonly { name: string; image: string }[];
  /** The heading's level: h3 inside a page's own section (the wizard's review), h2 otherwise. */
  level?: 2 | 3;
}

/** The event's gallery as a titled section; nothing while it has no images. */
export function GallerySection({ titleId, title, items, level = 2 }: GallerySectionProps) {
  if (items.length === 0) return null;
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={titleId}>
      <Heading id={titleId}>{title}</Heading>
      <GalleryGrid items={items} />
    </section>
  );
}
