import { useId, useState } from 'react';
import type { OwnedCard } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import styles from './Settings.module.css';
import { CARD_TEXTS as TEXTS } from './texts.js';

/**
 * "Lock this card?": the owner may also take the profile off its link (kept reachable by default; give
 * the dialog a key per card so each lock starts from that default).
 */
export function LockCardDialog({
  card,
  busy,
  onOpenChange,
  onLock,
}: {
  card: OwnedCard | null;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onLock: (keepLink: boolean) => void;
}) {
  const [keepLink, setKeepLink] = useState(true);
  const checkboxId = useId();
  return (
    <Dialog
      open={card !== null}
      onOpenChange={onOpenChange}
      title={TEXTS.lockTitle}
      description={TEXTS.lockDescription}>
      <div className={styles.checkbox}>
        <input id={checkboxId} type="checkbox" checked={keepLink} onChange={(event) => setKeepLink(event.target.checked)} />
        <label htmlFor={checkboxId}>{TEXTS.keepLink}</label>
      </div>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {TEXTS.cancel}
        </Button>
        <Button variant="danger" busy={busy} onClick={() => onLock(keepLink)}>
          {TEXTS.lock}
        </Button>
      </div>
    </Dialog>
  );
}
