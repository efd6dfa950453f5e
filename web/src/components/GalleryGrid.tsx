import type { ReactNode } from 'react';
import { GALLERY_COLUMNS } from '../lib/ui.js';
import { imageUrl } from '../lib/image.js';
import styles from './EventParts.module.css';

/** An event's media gallery in GALLERY_COLUMNS square columns; `action` adds a control to each item (remove in the wizard). */
export function GalleryGrid({ items, action }: { items: readonly { name: string; image: string }[]; action?: (index: number) => ReactNode }) {
  return (
    <ul className={styles.gallery} style={{ gridTemplateColumns: `repeat(${GALLERY_COLUMNS}, minmax(0, 1fr))` }}>
      {items.map((item, index) => (
        <li key={`${item.image}-${index}`} className={styles.galleryItem}>
          <img src={imageUrl(item.image) ?? ''} alt={item.name || `Gallery image ${index + 1}`} width={300} height={300} loading="lazy" decoding="async" />
          {action?.(index)}
        </li>
      ))}
    </ul>
  );
}
