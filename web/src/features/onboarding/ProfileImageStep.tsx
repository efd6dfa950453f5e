import { useAtomValue, useSetAtom } from 'jotai';
import { useId } from 'react';
import { Button } from '../../components/Button.js';
import { useProfilePhotoPick } from '../../components/ImageCropDialog.js';
import { BackLink, ProgressBar } from '../../components/Page.js';
import { orAvatar } from '../../lib/image.js';
import { UploadedImage } from '../../components/UploadedImage.js';
import styles from './Onboarding.module.css';
import { updateWizardAtom, wizardAtom } from './state.js';
import { TEXTS } from './texts.js';
import { useCreateAccount } from './useCreateAccount.js';
import { useWizardNav } from './useWizardNav.js';
import { WizardScreen } from './WizardScreen.js';

/** Stage 5, 'Profile Image': the photo uploader (with its square crop step); 'Done' (disabled until a photo is uploaded) creates the account. */
export function ProfileImageStep() {
  const wizard = useAtomValue(wizardAtom);
  const update = useSetAtom(updateWizardAtom);
  const { href } = useWizardNav();
  const { create, busy } = useCreateAccount();
  const inputId = useId();

  const photo = useProfilePhotoPick((result) => update({ image: { image: result.url, name: result.name }, user: { ...wizard.user, profile_image: result.url } }));

  const name = wizard.card?.name ?? wizard.user.name;
  return (
    <WizardScreen position="step-five" title={TEXTS.imageTitle} subtitle={TEXTS.imageSubtitle}>
      <BackLink to={href('step-four')}>Back</BackLink>
      <div className={styles.photo}>
        <UploadedImage image={orAvatar(wizard.image?.image, name)} alt={wizard.image ? 'Your profile photo' : 'No photo yet'} width={128} height={128} />
        <input id={inputId} className="visually-hidden" type="file" accept="image/*" onChange={(e) => void photo.onFile(e)} disabled={photo.progress !== null || busy} />
        <label htmlFor={inputId} className={styles.fileLabel}>
          {wizard.image ? 'Change photo' : 'Choose a photo'}
        </label>
        {photo.progress !== null && <ProgressBar value={photo.progress} label="Uploading photo" />}
        {photo.dialog}
      </div>
      <Button block disabled={!wizard.image || photo.progress !== null} busy={busy} onClick={create}>
        Done
      </Button>
      {busy && (
        <p className={styles.sent} role="status">
          {TEXTS.creating}
        </p>
      )}
    </WizardScreen>
  );
}
