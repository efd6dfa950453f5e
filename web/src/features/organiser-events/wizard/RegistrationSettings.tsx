import { MAX_REGISTRATIONS_PER_EMAIL } from '@tapcard/shared/constants';
import { TextField } from '../../../components/Field.js';
import { Switch } from '../../../components/Switch.js';
import { WIZARD_TEXTS } from './wizard-texts.js';
import type { WizardForm } from './wizard-state.js';
import styles from './Wizard.module.css';

/** Step 2's registration settings: registrations per email and the email confirmation of free tickets. */
export function RegistrationSettings({ form }: { form: WizardForm }) {
  const { register, watch, setValue, formState } = form;
  // watch and setValue rather than a Controller: Controller is the only part of react-hook-form
  // the other forms do not use, and the one copy of the library every form loads would carry it.
  const confirmEmail = watch('confirm_email_for_free') ?? false;
  return (
    <section aria-labelledby="wizard-registration-title" className={styles.tickets}>
      <h3 id="wizard-registration-title">{WIZARD_TEXTS.registration}</h3>
      <TextField
        label={WIZARD_TEXTS.registrationsPerEmail}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_REGISTRATIONS_PER_EMAIL}
        step={1}
        error={formState.errors.max_registrations_per_email?.message}
        hint={WIZARD_TEXTS.registrationsPerEmailHint(MAX_REGISTRATIONS_PER_EMAIL)}
        {...register('max_registrations_per_email')}
      />
      <Switch
        label={WIZARD_TEXTS.confirmEmail}
        checked={confirmEmail}
        onCheckedChange={(checked) => setValue('confirm_email_for_free', checked, { shouldDirty: true })}
        stateText={confirmEmail ? WIZARD_TEXTS.on : WIZARD_TEXTS.off}
      />
      <p className={styles.muted}>{WIZARD_TEXTS.confirmEmailHint}</p>
    </section>
  );
}
