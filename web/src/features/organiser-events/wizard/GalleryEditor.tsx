import { ImagePlus, X } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { GalleryGrid } from '../../../components/GalleryGrid.js';
import { ProgressBar } from '../../../components/Page.js';
import { useImageUpload } from '../../../lib/upload.js';
import { WIZARD_TEXTS } from './wizard-texts.js';
import { ImagePicker } from './ImagePicker.js';
import type { WizardForm } from './wizard-state.js';
import styles from './Wizard.module.css';

/** The media gallery of step 2: uploads to events_gallery, shown in 3 columns, each removable. */
export function GalleryEditor({ control }: { control: WizardForm['control'] }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'gallery' });
  const { upload, progress } = useImageUpload('events_gallery');
  const add = async (file: File) => {
    const result = await upload(file);
    if (result) append({ name: result.name, image: result.url }, { shouldFocus: false });
  };
  return (
    <section className={styles.gallery} aria-labelledby="wizard-gallery-title">
      <h3 id="wizard-gallery-title">{WIZARD_TEXTS.gallery}</h3>
      {fields.length > 0 && (
        <GalleryGrid
          items={fields}
          action={(index) => (
            <button type="button" className={styles.removeImage} onClick={() => remove(index)} aria-label={WIZARD_TEXTS.removeImage(index + 1)}>
              <X aria-hidden size={16} />
            </button>
          )}
        />
      )}
      {progress !== null && <ProgressBar value={progress} label={WIZARD_TEXTS.addImage} />}
      <ImagePicker label={WIZARD_TEXTS.addImage} onFile={(file) => void add(file)} disabled={progress !== null} icon={<ImagePlus aria-hidden size={18} />} />
    </section>
  );
}
