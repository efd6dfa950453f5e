import { Camera } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { useImageCrop } from '../../components/ImageCropDialog.js';
import { ProgressBar } from '../../components/Page.js';
import { imageOrAvatar } from '../../lib/image.js';
import { useImageUpload } from '../../lib/upload.js';
import styles from './Connect.module.css';

/** The profile photo with its change control: the square crop step, the upload's checks, progress and toasts, then `onUploaded`. */
export function ProfilePhoto({ image, name, busy, onUploaded }: { image: string | null; name: string; busy: boolean; onUploaded: (url: string) => void }) {
  const { upload, progress } = useImageUpload('profile');
  const cropStep = useImageCrop();
  const inputId = useId();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const square = await cropStep.crop(file);
    if (!square) return;
    const result = await upload(square);
    if (result) onUploaded(result.url);
  };
  return (
    <div className={styles.photo}>
      <img src={imageOrAvatar(image, name)} alt={`${name}'s profile photo`} width={112} height={112} />
      <input id={inputId} className="visually-hidden" type="file" accept="image/*" onChange={(e) => void onFile(e)} disabled={progress !== null || busy} />
      <label htmlFor={inputId} className={styles.fileLabel}>
        <Camera size={18} aria-hidden />
        Change profile image
      </label>
      {progress !== null && <ProgressBar value={progress} label="Uploading profile image" />}
      {cropStep.dialog}
    </div>
  );
}
