import { QRCodeSVG } from 'qrcode.react';

/** A QR code of some text (its own chunk: only the token page downloads the QR library). */
export default function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  return <QRCodeSVG value={value} size={size} title={label} role="img" aria-label={label} marginSize={2} />;
}
