import { ImagePlus } from 'lucide-react';
import { Button } from '../../../components/Button.js';
import { EventBanner } from '../../../components/EventBanner.js';
import { ProgressBar } from '../../../components/Page.js';
import { useImageUpload } from '../../../lib/upload.js';
import { WIZARD_TEXTS } from './wizard-texts.js';
import { ImagePicker } from './ImagePicker.js';
import styles from './Wizard.module.css';

/** The event banner: preview, upload (events_banner) with progress, remove. Without one the default banner shows. */
export function BannerUpload({ image, title, onChange }: { image: string; title: string; onChange: (image: string) => void }) {
  const { upload, progress } = useImageUpload('events_banner');
  const pick = async (file: File) => {
    const result = await upload(file);
    if (result) onChange(result.url);
  };
  return (
    <section className={styles.banner} aria-label={WIZARD_TEXTS.banner}>
      <EventBanner image={image} title={title || WIZARD_TEXTS.banner} eager />
      {progress !== null && <ProgressBar value={progress} label={WIZARD_TEXTS.uploadBanner} />}
      <div className={styles.row}>
        <ImagePicker label={image ? WIZARD_TEXTS.changeBanner : WIZARD_TEXTS.uploadBanner} onFile={(file) => void pick(file)} disabled={progress !== null} icon={<ImagePlus aria-hidden size={18} />} />
        {image && (
          <Button variant="ghost" onClick={() => onChange('')}>
            {WIZARD_TEXTS.removeBanner}
          </Button>
        )}
      </div>
    </section>
  );
}
