import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { WIZARD_TEXTS } from './wizard-texts.js';
import { GalleryEditor } from './GalleryEditor.js';
import { RefundPolicySettings } from './RefundPolicySettings.js';
import { RegistrationSettings } from './RegistrationSettings.js';
import { TicketForm } from './TicketForm.js';
import { TicketItems } from './TicketItems.js';
import { listMessages } from './ticket-form.js';
import { LIST_MESSAGE_PATH, type TicketDraft, type WizardForm } from './wizard-state.js';
import styles from './Wizard.module.css';

/** Step 2: the ticket categories (add, edit in place, delete), the registration settings and the media gallery. */
export function TicketsStep({ form }: { form: WizardForm }) {
  const { control, getValues, clearErrors, formState } = form;
  const { fields, append, update, remove } = useFieldArray({ control, name: 'prices' });
  const [editing, setEditing] = useState<{ index: number; ticket: TicketDraft } | null>(null);
  const save = (ticket: TicketDraft, index: number | null) => {
    if (index === null) append(ticket, { shouldFocus: false });
    else update(index, ticket);
    clearErrors(LIST_MESSAGE_PATH);
    setEditing(null);
  };
  const removeAt = (index: number) => {
    remove(index);
    clearErrors(LIST_MESSAGE_PATH);
    if (editing?.index === index) setEditing(null);
    else if (editing && editing.index > index) setEditing({ ...editing, index: editing.index - 1 });
  };
  const edit = (index: number) => {
    const ticket = getValues(`prices.${index}`);
    if (ticket) setEditing({ index, ticket });
  };
  return (
    <div className={styles.step}>
      <section aria-labelledby="wizard-tickets-title" className={styles.tickets}>
        <h3 id="wizard-tickets-title">{WIZARD_TEXTS.tickets}</h3>
        <TicketItems tickets={fields} editingIndex={editing?.index ?? null} onEdit={edit} onDelete={removeAt} />
        <TicketForm
          key={editing ? `edit-${editing.index}` : 'new'}
          editing={editing}
          onSave={save}
          onCancel={() => setEditing(null)}
          listMessages={listMessages(formState.errors.prices)}
        />
      </section>
      <RegistrationSettings form={form} />
      <RefundPolicySettings form={form} />
      <GalleryEditor control={control} />
    </div>
  );
}
