import { useState } from 'react';
import type { CardField } from '@tapcard/shared/contract';
import { Dialog } from '../../components/Dialog.js';
import { FieldIcon } from '../../components/FieldIcon.js';
import styles from './PublicCard.module.css';
import { countClick } from './card-counts.js';
import { quickLinkAction, visibleFields } from './quick-links.js';
import { TEXTS } from './texts.js';

/** The card's quick links: each opens its link; the address (and plain text) opens a modal instead. Each click is counted. */
export function QuickLinks({ link, fields }: { link: string; fields: readonly CardField[] }) {
  const [shown, setShown] = useState<{ label: string; text: string } | null>(null);
  // The dialog's code is fetched when a visitor first opens one, not with every card.
  const [opened, setOpened] = useState(false);
  const visible = visibleFields(fields);
  if (visible.length === 0) return null;
  return (
    <section aria-labelledby="quick-links-title" className={styles.section}>
      <h2 id="quick-links-title">{TEXTS.quickLinks}</h2>
      <ul className={styles.quickLinks}>
        {visible.map((field) => {
          const action = quickLinkAction(field);
          const body = (
            <>
              <span className={styles.quickIcon}>
                <FieldIcon name={field.icon} size={26} />
              </span>
              <span className={styles.quickLabel}>{field.label}</span>
            </>
          );
          return (
            <li key={`${field.type}-${field.position}-${field.label}`}>
              {action.kind === 'link' ? (
                <a className={styles.quickLink} href={action.href} onClick={() => countClick(link, field.id)} {...(action.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {body}
                </a>
              ) : (
                <button
                  type="button"
                  className={styles.quickLink}
                  onClick={() => {
                    countClick(link, field.id);
                    setShown({ label: field.label, text: action.text });
                    setOpened(true);
                  }}
                >
                  {body}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {opened && (
        <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)} title={shown?.label || TEXTS.address}>
          <p className={styles.address}>{shown?.text}</p>
        </Dialog>
      )}
    </section>
  );
}
