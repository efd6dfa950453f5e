import { Pencil, Trash2 } from 'lucide-react';
import { formatNaira } from '@tapcard/shared/domain';
import { WIZARD_TEXTS } from './wizard-texts.js';
import type { TicketDraft } from './wizard-state.js';
import styles from './Wizard.module.css';

/** The tickets added so far: click one to edit it, or delete it. */
export function TicketItems({ tickets, editingIndex, onEdit, onDelete }: { tickets: readonly TicketDraft[]; editingIndex: number | null; onEdit: (index: number) => void; onDelete: (index: number) => void }) {
  if (tickets.length === 0) return <p className={styles.muted}>{WIZARD_TEXTS.noTickets}</p>;
  return (
    <ul className={styles.ticketItems}>
      {tickets.map((ticket, index) => (
        <li key={ticket.id ?? `new-${index}`} className={`${styles.ticketItem} ${editingIndex === index ? styles.editing : ''}`}>
          <button type="button" className={styles.ticketButton} onClick={() => onEdit(index)} aria-label={WIZARD_TEXTS.editTicket(ticket.title)} aria-pressed={editingIndex === index}>
            <span className={styles.ticketName}>{ticket.title}</span>
            <span>{formatNaira(ticket.amount)}</span>
            <span className={styles.muted}>
              {WIZARD_TEXTS.inStock(ticket.attendees)} · {ticket.withChips === 'with' ? WIZARD_TEXTS.withChips : WIZARD_TEXTS.withoutChips}
            </span>
            <Pencil aria-hidden size={16} className={styles.ticketEdit} />
          </button>
          <button type="button" className={styles.iconButton} onClick={() => onDelete(index)} aria-label={WIZARD_TEXTS.deleteTicket(ticket.title)}>
            <Trash2 aria-hidden size={18} />
          </button>
        </li>
      ))}
    </ul>
  );
}
