import { Camera } from 'lucide-react';
import { useId } from 'react';
import { useProfilePhotoPick } from '../../components/ImageCropDialog.js';
import { ProgressBar } from '../../components/Page.js';
import { orAvatar } from '../../lib/image.js';
import { UploadedImage } from '../../components/UploadedImage.js';
import styles from './Connect.module.css';

/** The profile photo with its change control: the square crop step, the upload's checks, progress and toasts, then `onUploaded`. */
export function ProfilePhoto({ image, name, busy, onUploaded }: { image: string | null; name: string; busy: boolean; onUploaded: (url: string) => void }) {
  const photo = useProfilePhotoPick((result) => onUploaded(result.url));
  const inputId = useId();
  return (
    <div className={styles.photo}>
      <UploadedImage image={orAvatar(image, name)} alt={`${name}'s profile photo`} width={112} height={112} />
      <input id={inputId} className="visually-hidden" type="file" accept="image/*" onChange={(e) => void photo.onFile(e)} disabled={photo.progress !== null || busy} />
      <label htmlFor={inputId} className={styles.fileLabel}>
        <Camera size={18} aria-hidden />
        Change profile image
      </label>
      {photo.progress !== null && <ProgressBar value={photo.progress} label="Uploading profile image" />}
      {photo.dialog}
    </div>
  );
}
