import { QRCodeSVG } from 'qrcode.react';
import { Copy, QrCode, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { paths } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import styles from './Connect.module.css';
import { TEXTS } from './texts.js';

/** The owner's public card link, with copy, share (where the device can) and a QR code. */
export function ShareLink({ link, name }: { link: string; name: string }) {
  const url = new URL(paths.cardConnect(link), window.location.origin).href;
  const [qrOpen, setQrOpen] = useState(false);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(TEXTS.linkCopied);
    } catch {
      notify.error(TEXTS.copyFailed);
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: name, url });
    } catch {
      /* the person closed the share sheet */
    }
  };

  return (
    <section className={styles.share} aria-labelledby="share-heading">
      <h2 id="share-heading">Your card link</h2>
      <a className={styles.shareUrl} href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </a>
      <div className={styles.shareActions}>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy size={18} aria-hidden />
          Copy link
        </Button>
        {canShare && (
          <Button variant="secondary" onClick={() => void share()}>
            <Share2 size={18} aria-hidden />
            Share
          </Button>
        )}
        <Button variant="ghost" onClick={() => setQrOpen(true)}>
          <QrCode size={18} aria-hidden />
          QR code
        </Button>
      </div>
      <Dialog open={qrOpen} onOpenChange={setQrOpen} title="Your card's QR code" description="Let people scan it to open your card.">
        <div className={styles.qr}>
          <QRCodeSVG value={url} size={200} title={`QR code of ${url}`} />
        </div>
      </Dialog>
    </section>
  );
}
