import { useState } from 'react';
import { WIZARD_TEXTS } from '../texts.js';
import { GalleryEditor } from './GalleryEditor.js';
import { RegistrationSettings } from './RegistrationSettings.js';
import { TicketForm } from './TicketForm.js';
import { TicketItems } from './TicketItems.js';
import type { SlotErrors, TicketDraft, WizardValues } from './wizard-state.js';
import styles from './Wizard.module.css';

/** Step 2: the ticket categories (add, edit in place, delete), the registration settings and the media gallery. */
export function TicketsStep({ values, errors, onChange }: { values: WizardValues; errors: SlotErrors; onChange: (patch: Partial<WizardValues>) => void }) {
  const [editing, setEditing] = useState<{ index: number; ticket: TicketDraft } | null>(null);
  const save = (ticket: TicketDraft, index: number | null) => {
    const prices = index === null ? [...values.prices, ticket] : values.prices.map((t, i) => (i === index ? ticket : t));
    onChange({ prices });
    setEditing(null);
  };
  const remove = (index: number) => {
    onChange({ prices: values.prices.filter((_, i) => i !== index) });
    if (editing?.index === index) setEditing(null);
    else if (editing && editing.index > index) setEditing({ ...editing, index: editing.index - 1 });
  };
  const edit = (index: number) => {
    const ticket = values.prices[index];
    if (ticket) setEditing({ index, ticket });
  };
  return (
    <div className={styles.step}>
      <section aria-labelledby="wizard-tickets-title" className={styles.tickets}>
        <h3 id="wizard-tickets-title">{WIZARD_TEXTS.tickets}</h3>
        <TicketItems tickets={values.prices} editingIndex={editing?.index ?? null} onEdit={edit} onDelete={remove} />
        <TicketForm key={editing ? `edit-${editing.index}` : 'new'} editing={editing} onSave={save} onCancel={() => setEditing(null)} stepErrors={errors} />
      </section>
      <RegistrationSettings values={values} errors={errors} onChange={onChange} />
      <GalleryEditor items={values.gallery} onChange={(gallery) => onChange({ gallery })} />
    </div>
  );
}
