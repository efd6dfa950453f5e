import { TextAreaField, TextField } from '../../../components/Field.js';
import { Button } from '../../../components/Button.js';
import { WIZARD_TEXTS } from './wizard-texts.js';
import { BannerUpload } from './BannerUpload.js';
import type { WizardForm } from './wizard-state.js';
import styles from './Wizard.module.css';

function dayAfter(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const base = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1) : new Date(Date.now() + 86_400_000);
  return `${base.getFullYear()}-${String(base.getMonth() + 1).padStart(2, '0')}-${String(base.getDate()).padStart(2, '0')}`;
}

/** Step 1: banner, name, description, location, start date and the optional end date. A field's message goes once it is edited. */
export function DetailsStep({ form, mode }: { form: WizardForm; mode: 'add' | 'update' }) {
  const { register, setValue, clearErrors, watch, formState } = form;
  const { errors } = formState;
  const [title, image, startDate, endDate, hasEndDate] = watch(['title', 'image', 'start_date', 'end_date', 'hasEndDate']);
  const field = (name: 'title' | 'description' | 'location' | 'start_date' | 'end_date') => register(name, { onChange: () => clearErrors(name) });
  const setEndDate = (day: string) => {
    setValue('end_date', day);
    clearErrors('end_date');
  };
  const toggleEnd = () => {
    if (hasEndDate) {
      setValue('hasEndDate', false);
      // On update, switching the end date off clears it.
      if (mode === 'update') setEndDate('');
    } else {
      setValue('hasEndDate', true);
      setEndDate(endDate || dayAfter(startDate));
    }
  };
  return (
    <div className={styles.step}>
      <BannerUpload image={image} title={title} onChange={(next) => setValue('image', next)} />
      <TextField label={WIZARD_TEXTS.name} error={errors.title?.message} autoComplete="off" {...field('title')} />
      <TextAreaField label={WIZARD_TEXTS.description} error={errors.description?.message} rows={4} {...field('description')} />
      <TextField label={WIZARD_TEXTS.location} error={errors.location?.message} autoComplete="off" {...field('location')} />
      <TextField label={WIZARD_TEXTS.startDate} type="date" error={errors.start_date?.message} {...field('start_date')} />
      {hasEndDate && <TextField label={WIZARD_TEXTS.endDate} type="date" min={startDate || undefined} error={errors.end_date?.message} {...field('end_date')} />}
      <div>
        <Button variant="ghost" onClick={toggleEnd}>
          {hasEndDate ? WIZARD_TEXTS.removeEndDate : WIZARD_TEXTS.addEndDate}
        </Button>
      </div>
    </div>
  );
}
