import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/Button.js';
import { FormError, SelectField, TextField } from '../../../components/Field.js';
import { WIZARD_TEXTS } from './wizard-texts.js';
import { chooseKind, emptyTicket, FREE_TITLE, ticketResolver, ticketToForm, TICKET_NAMES, type TicketFormState, type TicketMessages } from './ticket-form.js';
import type { TicketDraft } from './wizard-state.js';
import styles from './Wizard.module.css';

function RadioGroup<V extends string>({ legend, name, value, options, onChange, disabled, error }: { legend: string; name: string; value: string; options: readonly { value: V; label: string }[]; onChange: (value: V) => void; disabled?: boolean; error?: string | undefined }) {
  const errorId = useId();
  return (
    <fieldset className={styles.radios} aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend>{legend}</legend>
      <div className={styles.radioRow}>
        {options.map((option) => (
          <label key={option.value} className={styles.radio}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The ticket form of step 2: Free/Paid, name (Regular, VIP, or Others with a free-text name), amount,
 * stock and chips. It adds a ticket, or saves the one being edited in its place. Its own messages
 * replace those of its last Add until the next; `listMessages` are the step's about the price list
 * (the list's own, '... (ONE) ...', under the Add button), shown where it has none of its own.
 */
export function TicketForm({ editing, onSave, onCancel, listMessages }: { editing: { index: number; ticket: TicketDraft } | null; onSave: (ticket: TicketDraft, index: number | null) => void; onCancel: () => void; listMessages: TicketMessages }) {
  // The parent keys this form by the ticket being edited, so a new choice starts a fresh form.
  const { register, handleSubmit, setValue, getValues, reset, watch, formState } = useForm<TicketFormState, { id?: string | undefined }, TicketDraft>({
    defaultValues: editing ? ticketToForm(editing.ticket) : emptyTicket,
    resolver: ticketResolver,
    context: { id: editing?.ticket.id },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const addErrorId = useId();
  const name = useId();
  const [kind, preset, withChips] = watch(['kind', 'preset', 'withChips']);
  const { errors } = formState;
  const own: TicketMessages = { preset: errors.preset?.message, amount: errors.amount?.message, attendees: errors.attendees?.message, withChips: errors.withChips?.message, root: errors.root?.message };
  const shown = (field: keyof TicketMessages) => own[field] ?? listMessages[field];

  const choose = (next: TicketFormState['kind']) => {
    const state = chooseKind(getValues(), next);
    setValue('kind', state.kind);
    setValue('preset', state.preset);
    setValue('custom', state.custom);
    setValue('amount', state.amount);
    setValue('attendees', state.attendees);
    setValue('withChips', state.withChips);
  };
  const submit = handleSubmit((ticket) => {
    onSave(ticket, editing?.index ?? null);
    reset(emptyTicket);
  });
  const free = kind === 'free';
  return (
    <form className={styles.ticketForm} onSubmit={submit} noValidate aria-label={editing ? WIZARD_TEXTS.saveTicket : WIZARD_TEXTS.addTicket}>
      <RadioGroup
        legend={WIZARD_TEXTS.ticketType}
        name={`${name}-kind`}
        value={kind}
        options={[
          { value: 'free', label: WIZARD_TEXTS.free },
          { value: 'paid', label: WIZARD_TEXTS.paid },
        ]}
        onChange={choose}
      />
      <SelectField
        label={WIZARD_TEXTS.ticketName}
        value={free ? FREE_TITLE : preset}
        disabled={free}
        onChange={(e) => setValue('preset', e.target.value as TicketFormState['preset'])}
        error={preset === 'Others' ? undefined : shown('preset')}
      >
        {free ? (
          <option value={FREE_TITLE}>{WIZARD_TEXTS.free}</option>
        ) : (
          <>
            <option value="">{WIZARD_TEXTS.selectName}</option>
            {TICKET_NAMES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
            <option value="Others">{WIZARD_TEXTS.others}</option>
          </>
        )}
      </SelectField>
      {!free && preset === 'Others' && <TextField label={WIZARD_TEXTS.customName} error={shown('preset')} autoComplete="off" {...register('custom')} />}
      <TextField label={WIZARD_TEXTS.amount} type="number" inputMode="decimal" min={0} disabled={free} error={shown('amount')} {...register('amount')} />
      <TextField label={WIZARD_TEXTS.stock} type="number" inputMode="numeric" min={0} error={shown('attendees')} {...register('attendees')} />
      <RadioGroup
        legend={WIZARD_TEXTS.chips}
        name={`${name}-chips`}
        value={withChips}
        options={[
          { value: 'with', label: WIZARD_TEXTS.withChips },
          { value: 'without', label: WIZARD_TEXTS.withoutChips },
        ]}
        onChange={(chips) => setValue('withChips', chips)}
        disabled={free}
        error={shown('withChips')}
      />
      <div className={styles.row}>
        <Button type="submit" variant="secondary" aria-describedby={shown('root') ? addErrorId : undefined}>
          {editing ? WIZARD_TEXTS.saveTicket : WIZARD_TEXTS.addTicket}
        </Button>
        {editing && (
          <Button variant="ghost" onClick={onCancel}>
            {WIZARD_TEXTS.cancelEdit}
          </Button>
        )}
      </div>
      {shown('root') && (
        <div id={addErrorId} data-slot="add">
          <FormError>{shown('root')}</FormError>
        </div>
      )}
    </form>
  );
}
