import { Controller } from 'react-hook-form';
import { MAX_REGISTRATIONS_PER_EMAIL } from '@tapcard/shared/constants';
import { TextField } from '../../../components/Field.js';
import { Switch } from '../../../components/Switch.js';
import { WIZARD_TEXTS } from '../texts.js';
import type { WizardForm } from './wizard-state.js';
import styles from './Wizard.module.css';

/** Step 2's registration settings: registrations per email and the email confirmation of free tickets. */
export function RegistrationSettings({ form }: { form: WizardForm }) {
  const { register, control, formState } = form;
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
      <Controller
        control={control}
        name="confirm_email_for_free"
        render={({ field }) => (
          <Switch
            label={WIZARD_TEXTS.confirmEmail}
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
            stateText={field.value ? WIZARD_TEXTS.on : WIZARD_TEXTS.off}
          />
        )}
      />
      <p className={styles.muted}>{WIZARD_TEXTS.confirmEmailHint}</p>
    </section>
  );
}
