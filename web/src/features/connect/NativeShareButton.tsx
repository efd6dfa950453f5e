import { Share2 } from 'lucide-react';
import { Button } from '../../components/Button.js';
import { canShare } from './share.js';

/** Share through the device's share sheet, where the browser has one. */
export function NativeShareButton({ onShare }: { onShare: () => void }) {
  if (!canShare()) return null;
  return (
    <Button variant="secondary" onClick={onShare}>
      <Share2 size={18} aria-hidden />
      Share
    </Button>
  );
}
