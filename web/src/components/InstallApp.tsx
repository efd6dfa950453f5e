import { Share, SquarePlus } from 'lucide-react';
import { useState } from 'react';
import { useInstallApp } from '../lib/install-app.js';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';
import styles from './InstallApp.module.css';

export const INSTALL_TEXTS = {
  button: 'Add to home screen',
  stepsTitle: 'Add to home screen',
  stepsDescription: 'Open TapCard from your home screen, like an app.',
  done: 'Done',
} as const;

/**
 * "Add to home screen", an item of the owner's menus (InstallAppItem loads it): the browser's install
 * prompt where it offers one, the steps on iPhone and iPad, nothing where the app cannot be installed or
 * already runs installed.
 */
export function InstallApp({ className }: { className?: string }) {
  const { way, install } = useInstallApp();
  const [stepsOpen, setStepsOpen] = useState(false);
  if (!way) return null;
  return (
    <li>
      <button type="button" className={[styles.item, className].filter(Boolean).join(' ')} onClick={() => (way === 'prompt' ? void install() : setStepsOpen(true))}>
        <SquarePlus aria-hidden />
        {INSTALL_TEXTS.button}
      </button>
      <Dialog open={stepsOpen} onOpenChange={setStepsOpen} title={INSTALL_TEXTS.stepsTitle} description={INSTALL_TEXTS.stepsDescription}>
        <ol className={styles.steps}>
          <li>
            Tap <strong>Share</strong>
            <Share size={18} aria-hidden className={styles.icon} /> in the browser&apos;s toolbar.
          </li>
          <li>
            Then tap <strong>Add to Home Screen</strong>.
          </li>
        </ol>
        <Button onClick={() => setStepsOpen(false)}>{INSTALL_TEXTS.done}</Button>
      </Dialog>
    </li>
  );
}
