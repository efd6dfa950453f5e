import { Download } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Contact } from '@tapcard/shared/contract';
import { buildVCard, contactsCsvFile } from '@tapcard/shared/domain';
import { Button } from '../../components/Button.js';
import { CSV_MIME, saveFile, VCARD_MIME } from '../../lib/download.js';
import styles from './Contacts.module.css';
import { TEXTS } from './texts.js';

/** Every contact as one vCard file (one card after another). */
export const allContactsVCard = (contacts: readonly Contact[]): string => contacts.map((c) => buildVCard(c)).join('');

/**
 * The contacts list's export control: 'Export All' saves every contact as one .vcf file (phones and
 * address books import it), 'Export All as CSV' as a spreadsheet. A disclosure: Escape or a click
 * elsewhere closes it.
 */
export function ExportMenu({ contacts }: { contacts: readonly Contact[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const run = (save: () => void) => {
    save();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className={styles.menuWrap} ref={wrap}>
      <Button ref={button} variant="secondary" aria-expanded={open} aria-controls={menuId} disabled={contacts.length === 0} onClick={() => setOpen((o) => !o)}>
        <Download size={18} aria-hidden />
        Export
      </Button>
      {open && (
        <ul id={menuId} className={styles.menu}>
          <li>
            <button type="button" className={styles.menuItem} autoFocus onClick={() => run(() => saveFile('contacts.vcf', allContactsVCard(contacts), VCARD_MIME))}>
              {TEXTS.exportAll}
            </button>
          </li>
          <li>
            <button type="button" className={styles.menuItem} onClick={() => run(() => saveFile('contacts.csv', contactsCsvFile(contacts), CSV_MIME))}>
              {TEXTS.exportCsv}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
