import { TextAreaField, TextField } from '../../../components/Field.js';
import { Button } from '../../../components/Button.js';
import { WIZARD_TEXTS } from '../texts.js';
import { BannerUpload } from './BannerUpload.js';
import type { SlotErrors, WizardValues } from './wizard-state.js';
import styles from './Wizard.module.css';

function dayAfter(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const base = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1) : new Date(Date.now() + 86_400_000);
  return `${base.getFullYear()}-${String(base.getMonth() + 1).padStart(2, '0')}-${String(base.getDate()).padStart(2, '0')}`;
}

/** Step 1: banner, name, description, location, start date and the optional end date. */
export function DetailsStep({ values, errors, onChange, mode }: { values: WizardValues; errors: SlotErrors; onChange: (patch: Partial<WizardValues>) => void; mode: 'add' | 'update' }) {
  const toggleEnd = () => {
    if (values.hasEndDate) {
      // On update, switching the end date off clears it.
      onChange(mode === 'update' ? { hasEndDate: false, end_date: '' } : { hasEndDate: false });
    } else {
      onChange({ hasEndDate: true, end_date: values.end_date || dayAfter(values.start_date) });
    }
  };
  return (
    <div className={styles.step}>
      <BannerUpload image={values.image} title={values.title} onChange={(image) => onChange({ image })} />
      <TextField label={WIZARD_TEXTS.name} value={values.title} onChange={(e) => onChange({ title: e.target.value })} error={errors.title} autoComplete="off" />
      <TextAreaField label={WIZARD_TEXTS.description} value={values.description} onChange={(e) => onChange({ description: e.target.value })} error={errors.description} rows={4} />
      <TextField label={WIZARD_TEXTS.location} value={values.location} onChange={(e) => onChange({ location: e.target.value })} error={errors.location} autoComplete="off" />
      <TextField label={WIZARD_TEXTS.startDate} type="date" value={values.start_date} onChange={(e) => onChange({ start_date: e.target.value })} error={errors.start_date} />
      {values.hasEndDate && (
        <TextField label={WIZARD_TEXTS.endDate} type="date" value={values.end_date} min={values.start_date || undefined} onChange={(e) => onChange({ end_date: e.target.value })} error={errors.end_date} />
      )}
      <div>
        <Button variant="ghost" onClick={toggleEnd}>
          {values.hasEndDate ? WIZARD_TEXTS.removeEndDate : WIZARD_TEXTS.addEndDate}
        </Button>
      </div>
    </div>
  );
}
