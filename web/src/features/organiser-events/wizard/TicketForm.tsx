import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.js';
import { FormError, SelectField, TextField } from '../../../components/Field.js';
import { WIZARD_TEXTS } from '../texts.js';
import { checkTicket, chooseKind, emptyTicket, ticketToForm, TICKET_NAMES, type TicketFormState } from './ticket-form.js';
import type { SlotErrors, TicketDraft } from './wizard-state.js';
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
 * stock and chips. It adds a ticket, or saves the one being edited in its place. `listError` is the
 * step's message for the whole list ('... (ONE) ...'), shown under the Add button.
 */
export function TicketForm({ editing, onSave, onCancel, stepErrors }: { editing: { index: number; ticket: TicketDraft } | null; onSave: (ticket: TicketDraft, index: number | null) => void; onCancel: () => void; stepErrors: SlotErrors }) {
  // The parent keys this form by the ticket being edited, so a new choice starts a fresh form.
  const [state, setState] = useState<TicketFormState>(() => (editing ? ticketToForm(editing.ticket) : emptyTicket));
  const [errors, setErrors] = useState<SlotErrors>({});
  const addErrorId = useId();
  const name = useId();

  const shown: SlotErrors = { ...stepErrors, ...errors };
  const change = (patch: Partial<TicketFormState>) => setState((s) => ({ ...s, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTicket(state, editing?.ticket.id);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    onSave(checked.ticket, editing?.index ?? null);
    setState(emptyTicket);
  };
  const free = state.kind === 'free';
  return (
    <form className={styles.ticketForm} onSubmit={submit} noValidate aria-label={editing ? WIZARD_TEXTS.saveTicket : WIZARD_TEXTS.addTicket}>
      <RadioGroup
        legend={WIZARD_TEXTS.ticketType}
        name={`${name}-kind`}
        value={state.kind}
        options={[
          { value: 'free', label: WIZARD_TEXTS.free },
          { value: 'paid', label: WIZARD_TEXTS.paid },
        ]}
        onChange={(kind) => setState((s) => chooseKind(s, kind))}
      />
      <SelectField
        label={WIZARD_TEXTS.ticketName}
        value={free ? 'Free' : state.preset}
        disabled={free}
        onChange={(e) => change({ preset: e.target.value as TicketFormState['preset'] })}
        error={state.preset === 'Others' ? undefined : shown.ticketTitle}
      >
        {free ? (
          <option value="Free">{WIZARD_TEXTS.free}</option>
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
      {!free && state.preset === 'Others' && (
        <TextField label={WIZARD_TEXTS.customName} value={state.custom} onChange={(e) => change({ custom: e.target.value })} error={shown.ticketTitle} autoComplete="off" />
      )}
      <TextField label={WIZARD_TEXTS.amount} type="number" inputMode="decimal" min={0} value={state.amount} disabled={free} onChange={(e) => change({ amount: e.target.value })} error={shown.amount} />
      <TextField label={WIZARD_TEXTS.stock} type="number" inputMode="numeric" min={0} value={state.attendees} onChange={(e) => change({ attendees: e.target.value })} error={shown.stock} />
      <RadioGroup
        legend={WIZARD_TEXTS.chips}
        name={`${name}-chips`}
        value={state.withChips}
        options={[
          { value: 'with', label: WIZARD_TEXTS.withChips },
          { value: 'without', label: WIZARD_TEXTS.withoutChips },
        ]}
        onChange={(withChips) => change({ withChips })}
        disabled={free}
        error={shown.withChips}
      />
      <div className={styles.row}>
        <Button type="submit" variant="secondary" aria-describedby={shown.add ? addErrorId : undefined}>
          {editing ? WIZARD_TEXTS.saveTicket : WIZARD_TEXTS.addTicket}
        </Button>
        {editing && (
          <Button variant="ghost" onClick={onCancel}>
            {WIZARD_TEXTS.cancelEdit}
          </Button>
        )}
      </div>
      {shown.add && (
        <div id={addErrorId} data-slot="add">
          <FormError>{shown.add}</FormError>
        </div>
      )}
    </form>
  );
}
