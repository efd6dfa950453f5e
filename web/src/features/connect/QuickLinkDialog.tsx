import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CardField } from '@tapcard/shared/contract';
import {
  ACTIVE_FIELD_STATUS,
  BRAND_ICON_TYPES,
  BRAND_ICONS,
  CARD_FIELD_DEFAULTS,
  CARD_FIELD_TYPES,
  HIDDEN_FIELD_STATUS,
  isFieldSwitchedOn,
  type CardFieldType,
} from '@tapcard/shared/domain';
import { z } from 'zod';
import { checkQuickLinkContent, quickLinkFieldsSchema, quickLinkTypeSchema } from '@tapcard/shared/rules';
import { Dialog } from '../../components/Dialog.js';
import { FormActions } from '../../components/DialogActions.js';
import { SelectField, TextField } from '../../components/Field.js';
import { FieldIcon } from '../../components/FieldIcon.js';
import { Switch } from '../../components/Switch.js';
import styles from './Connect.module.css';
import { LINK_PARTS, type DialogProblems, type LinkPart } from './link-checks.js';
import { TEXTS } from './texts.js';

/**
 * The modal's values; the type select starts empty ('Choose a type'), which the type rule refuses. The
 * content is then checked against the type and comes out as stored (e.g. a social link's canonical URL).
 */
const formSchema = quickLinkFieldsSchema
  .pick({ label: true, content: true, icon: true })
  .extend({ type: z.string().pipe(quickLinkTypeSchema) })
  .transform(checkQuickLinkContent);

/** What the content of each type is, for its label and keyboard. */
const CONTENT: Record<CardFieldType, { label: string; type: string; inputMode?: 'email' | 'tel' | 'url' | 'text'; placeholder: string }> = {
  address: { label: 'Address', type: 'text', placeholder: '12 Marina Road, Lagos' },
  email: { label: 'Email address', type: 'email', inputMode: 'email', placeholder: 'name@example.com' },
  facebook: { label: 'Link or username', type: 'text', placeholder: 'facebook.com/yourname' },
  instagram: { label: 'Link or username', type: 'text', placeholder: '@yourname' },
  url: { label: 'Website link', type: 'url', inputMode: 'url', placeholder: 'https://example.com' },
  tel: { label: 'Phone number', type: 'tel', inputMode: 'tel', placeholder: '+2348012345678' },
  snapchat: { label: 'Link or username', type: 'text', placeholder: '@yourname' },
  tiktok: { label: 'Link or username', type: 'text', placeholder: '@yourname' },
  twitter: { label: 'Link or username', type: 'text', placeholder: '@yourname' },
  wa: { label: 'WhatsApp number', type: 'tel', inputMode: 'tel', placeholder: '+2348012345678' },
  text: { label: 'Text', type: 'text', placeholder: 'Anything you want to share' },
};

const isFieldType = (value: string): value is CardFieldType => (CARD_FIELD_TYPES as readonly string[]).includes(value);

/**
 * The quick-link modal: add or change a link. The type sets the default label and icon; types
 * url and text offer a choice of brand icons. Every value is required ('Please fill in all information').
 * `problems` (a stored link that fails its rule, or a refused save) show under their fields and above
 * them until the owner changes that field. Its switch shows or hides the link on the public card; a
 * changed link keeps its server id (and so its click counts).
 */
export function QuickLinkDialog({
  open,
  onOpenChange,
  field,
  position,
  saving,
  problems,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  field: CardField | null;
  position: number;
  saving: boolean;
  problems?: DialogProblems | undefined;
  onSave: (field: CardField) => void;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: field ? { type: field.type, label: field.label, content: field.content, icon: field.icon } : { type: '', label: '', content: '', icon: '' },
  });
  const typeValue = watch('type');
  const labelValue = watch('label');
  const [shown, setShown] = useState(field ? isFieldSwitchedOn(field) : true);
  const formId = useId();
  const type = isFieldType(typeValue) ? typeValue : null;
  const content = type ? CONTENT[type] : { label: 'Link, number or text', type: 'text', placeholder: '' };

  useEffect(() => {
    const parts = LINK_PARTS.filter((part) => problems?.fields[part]);
    parts.forEach((part, i) => setError(part, { type: 'server', message: problems?.fields[part] }, { shouldFocus: i === 0 }));
  }, [problems, setError]);
  /** A message from outside the form (see `problems`) goes once its field changes; the form's own rules run again on save. */
  const clearOnChange = { onChange: (event: { target: { name: string } }) => clearErrors(event.target.name as LinkPart) };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={field ? 'Change quick link' : 'Add quick link'}>
      <form
        id={formId}
        noValidate
        onSubmit={handleSubmit((values) =>
          onSave({
            ...(field?.id ? { id: field.id } : {}),
            type: values.type,
            label: values.label,
            content: values.content,
            icon: values.icon,
            status: shown ? (field && isFieldSwitchedOn(field) && field.status) || ACTIVE_FIELD_STATUS : HIDDEN_FIELD_STATUS,
            position: String(position),
          }),
        )}
      >
        {problems && problems.form.length > 0 && (
          <div className={styles.formProblem} role="alert">
            {problems.form.map((message, i) => (
              <p key={`${i}-${message}`}>{message}</p>
            ))}
          </div>
        )}
        <SelectField
          label="Type"
          error={errors.type?.message}
          {...register('type', {
            onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
              clearErrors(['type', 'content']);
              const value = event.target.value;
              if (!isFieldType(value)) return;
              setValue('label', CARD_FIELD_DEFAULTS[value].label);
              setValue('icon', CARD_FIELD_DEFAULTS[value].icon);
            },
          })}
        >
          <option value="">Choose a type</option>
          {CARD_FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {CARD_FIELD_DEFAULTS[t].label}
            </option>
          ))}
        </SelectField>
        <TextField label="Label" error={errors.label?.message} {...register('label', clearOnChange)} />
        <TextField
          label={content.label}
          type={content.type}
          inputMode={content.inputMode}
          placeholder={content.placeholder}
          autoCapitalize="none"
          spellCheck={false}
          error={errors.content?.message}
          {...register('content', clearOnChange)}
        />
        {type && BRAND_ICON_TYPES.includes(type) ? (
          <fieldset className={styles.iconPicker}>
            <legend>Icon</legend>
            <div className={styles.iconGrid}>
              {BRAND_ICONS.map((icon) => (
                <label key={icon} className={styles.iconChoice}>
                  <input type="radio" value={icon} aria-label={icon} {...register('icon', clearOnChange)} />
                  <span>
                    <FieldIcon name={icon} size={22} />
                  </span>
                </label>
              ))}
            </div>
            {errors.icon?.message && (
              <p role="alert" className={styles.hint}>
                {errors.icon.message}
              </p>
            )}
          </fieldset>
        ) : (
          <input type="hidden" {...register('icon')} />
        )}
      </form>
      {/* Outside the form: Radix would add a hidden input of the switch to it. */}
      <div className={styles.dialogSwitch}>
        <Switch
          label={TEXTS.showOnCard(labelValue.trim() || TEXTS.unnamed)}
          checked={shown}
          onCheckedChange={setShown}
          stateText={shown ? TEXTS.shown : TEXTS.hidden}
        />
      </div>
      <FormActions className={styles.dialogActions} cancelLabel="Cancel" onCancel={() => onOpenChange(false)} submitLabel="Save" form={formId} busy={saving} />
    </Dialog>
  );
}
