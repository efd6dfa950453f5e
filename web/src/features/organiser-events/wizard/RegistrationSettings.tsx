import { DEFAULT_REGISTRATIONS_PER_EMAIL, MAX_REGISTRATIONS_PER_EMAIL } from '@tapcard/shared/constants';
import { TextField } from '../../../components/Field.js';
import { Switch } from '../../../components/Switch.js';
import { WIZARD_TEXTS } from '../texts.js';
import type { SlotErrors, WizardValues } from './wizard-state.js';
import styles from './Wizard.module.css';

/** Step 2's registration settings: registrations per email and the email confirmation of free tickets. */
export function RegistrationSettings({ values, errors, onChange }: { values: WizardValues; errors: SlotErrors; onChange: (patch: Partial<WizardValues>) => void }) {
  const confirm = values.confirm_email_for_free ?? false;
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
        value={values.max_registrations_per_email ?? String(DEFAULT_REGISTRATIONS_PER_EMAIL)}
        onChange={(e) => onChange({ max_registrations_per_email: e.target.value })}
        error={errors.max_registrations_per_email}
        hint={WIZARD_TEXTS.registrationsPerEmailHint(MAX_REGISTRATIONS_PER_EMAIL)}
      />
      <Switch
        label={WIZARD_TEXTS.confirmEmail}
        checked={confirm}
        onCheckedChange={(checked) => onChange({ confirm_email_for_free: checked })}
        stateText={confirm ? WIZARD_TEXTS.on : WIZARD_TEXTS.off}
      />
      <p className={styles.muted}>{WIZARD_TEXTS.confirmEmailHint}</p>
    </section>
  );
}
