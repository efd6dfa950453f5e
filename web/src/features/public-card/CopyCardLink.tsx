import { Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button.js';
import { copyText } from '../../lib/clipboard.js';
import { paths } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import styles from './CopyCardLink.module.css';
import { TEXTS } from './texts.js';

/** The card's own link, with no view source: a copied link counts as a plain link when opened. */
function cardUrl(link: string): string {
  return new URL(paths.cardConnect(link), window.location.origin).href;
}

/**
 * "Copy link", for visitors in an app's browser that hides the address bar. Where the browser lets
 * nothing copy, the link shows selected in a read-only field, to copy by hand.
 */
export function CopyCardLink({ link }: { link: string }) {
  const [byHand, setByHand] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!byHand) return;
    field.current?.focus();
    field.current?.select();
  }, [byHand]);

  const copy = async () => {
    const url = cardUrl(link);
    if (await copyText(url)) {
      setByHand(null);
      notify.success(TEXTS.linkCopied);
    } else {
      setByHand(url);
    }
  };

  return (
    <div className={styles.copyLink}>
      <Button variant="secondary" onClick={() => void copy()}>
        <Link2 size={18} aria-hidden />
        {TEXTS.copyLink}
      </Button>
      {byHand && (
        <label className={styles.byHand}>
          {TEXTS.copyByHand}
          {/* The page blocks the context menu; in this field it holds Copy. */}
          <input ref={field} type="url" readOnly value={byHand} onFocus={(event) => event.currentTarget.select()} onContextMenu={(event) => event.stopPropagation()} />
        </label>
      )}
    </div>
  );
}
