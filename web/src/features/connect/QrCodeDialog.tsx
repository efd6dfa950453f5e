import { QRCodeSVG } from 'qrcode.react';
import { FileCode2, FileImage } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { saveFile } from '../../lib/download.js';
import { paths } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import styles from './Connect.module.css';
import { qrFileName, qrPngFile, qrSvgFile } from './qr-files.js';
import { isShareCancel, shareQrCode } from './share.js';
import { NativeShareButton } from './NativeShareButton.js';
import { TEXTS } from './texts.js';

/** A QR code needs a quiet zone of 4 modules around it to scan reliably. */
const QUIET_ZONE = 4;

/**
 * The owner's QR code: it opens the public card with the view counted as a QR scan. Saved as PNG or
 * SVG, or shared through the phone's share sheet (the image where the device shares files).
 */
export function QrCodeDialog({ open, onOpenChange, link, name }: { open: boolean; onOpenChange: (open: boolean) => void; link: string; name: string }) {
  const url = new URL(paths.cardConnect(link, 'qr'), window.location.origin).href;
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  // The PNG is made as soon as the code shows, so Share opens the sheet straight from the tap (Safari
  // refuses a share that waits on other work first).
  const [png, setPng] = useState<{ url: string; file: File } | null>(null);
  useEffect(() => {
    if (!svg) return;
    let live = true;
    qrPngFile(svg).then(
      (blob) => live && setPng({ url, file: new File([blob], qrFileName(name, 'png'), { type: 'image/png' }) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [svg, url, name]);
  const readyPng = png?.url === url ? png.file : null;

  const downloadPng = async () => {
    if (!svg) return;
    try {
      saveFile(qrFileName(name, 'png'), readyPng ?? (await qrPngFile(svg)), 'image/png');
    } catch {
      notify.error(TEXTS.qrSaveFailed);
    }
  };
  const downloadSvg = () => {
    if (svg) saveFile(qrFileName(name, 'svg'), qrSvgFile(svg), 'image/svg+xml');
  };
  const share = async () => {
    try {
      await shareQrCode(readyPng, name, url);
    } catch (error) {
      if (!isShareCancel(error)) notify.error(TEXTS.shareFailed);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={TEXTS.qrTitle} description={TEXTS.qrDescription}>
      <div className={styles.qr}>
        <QRCodeSVG ref={setSvg} value={url} size={240} marginSize={QUIET_ZONE} title={`QR code of ${url}`} />
        <div className={styles.shareActions}>
          <Button variant="secondary" onClick={() => void downloadPng()} disabled={!svg}>
            <FileImage size={18} aria-hidden />
            Download PNG
          </Button>
          <Button variant="secondary" onClick={downloadSvg} disabled={!svg}>
            <FileCode2 size={18} aria-hidden />
            Download SVG
          </Button>
          <NativeShareButton onShare={() => void share()} />
        </div>
      </div>
    </Dialog>
  );
}
