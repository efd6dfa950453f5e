import { Copy, QrCode } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/Button.js';
import { copyText } from '../../lib/clipboard.js';
import { paths } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import styles from './Connect.module.css';
import { isShareCancel } from './share.js';
import { NativeShareButton } from './NativeShareButton.js';
import { TEXTS } from './texts.js';

// The QR code's drawing and files load when it is first opened, not with the page.
const QrCodeDialog = lazy(() => import('./QrCodeDialog.js').then((module) => ({ default: module.QrCodeDialog })));

/** The owner's public card link, with copy, share (where the device can) and a QR code. */
export function ShareLink({ link, name }: { link: string; name: string }) {
  const url = new URL(paths.cardConnect(link), window.location.origin).href;
  const [qrOpen, setQrOpen] = useState(false);
  const [qrLoaded, setQrLoaded] = useState(false);

  const copy = async () => {
    if (await copyText(url)) notify.success(TEXTS.linkCopied);
    else notify.error(TEXTS.copyFailed);
  };
  const share = async () => {
    try {
      await navigator.share({ title: name, url });
    } catch (error) {
      if (!isShareCancel(error)) notify.error(TEXTS.shareFailed);
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
        <NativeShareButton onShare={() => void share()} />
        <Button
          variant="ghost"
          onClick={() => {
            setQrLoaded(true);
            setQrOpen(true);
          }}
        >
          <QrCode size={18} aria-hidden />
          QR code
        </Button>
      </div>
      {qrLoaded && (
        <Suspense fallback={null}>
          <QrCodeDialog open={qrOpen} onOpenChange={setQrOpen} link={link} name={name} />
        </Suspense>
      )}
    </section>
  );
}
