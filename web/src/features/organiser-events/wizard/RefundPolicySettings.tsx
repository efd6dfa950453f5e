import { MAX_REFUND_HOURS } from '@tapcard/shared/constants';
import type { RefundPolicy } from '@tapcard/shared/domain';
import { SelectField, TextField } from '../../../components/Field.js';
import { WIZARD_TEXTS } from './wizard-texts.js';
import type { WizardForm } from './wizard-state.js';
import styles from './Wizard.module.css';

/** Step 2's refund policy: no refunds, or a full refund until a number of hours before the start. */
export function RefundPolicySettings({ form }: { form: WizardForm }) {
  const { register, watch, formState } = form;
  const policy: RefundPolicy = watch('refund_policy') ?? 'none';
  return (
    <section aria-labelledby="wizard-refunds-title" className={styles.tickets}>
      <h3 id="wizard-refunds-title">{WIZARD_TEXTS.refunds}</h3>
      <SelectField label={WIZARD_TEXTS.refundPolicy} hint={WIZARD_TEXTS.refundPolicyHint} {...register('refund_policy')}>
        <option value="none">{WIZARD_TEXTS.refundNone}</option>
        <option value="before_start">{WIZARD_TEXTS.refundBeforeStart}</option>
      </SelectField>
      {policy === 'before_start' && (
        <TextField
          label={WIZARD_TEXTS.refundHours}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_REFUND_HOURS}
          step={1}
          error={formState.errors.refund_hours?.message}
          hint={WIZARD_TEXTS.refundHoursHint(MAX_REFUND_HOURS)}
          {...register('refund_hours')}
        />
      )}
    </section>
  );
}
