import { lazy, Suspense, useState } from 'react';
import { Button, ButtonLink } from '../../components/Button.js';
import { routes } from '../../lib/paths.js';
import styles from './TicketHolder.module.css';
import { HOLDER_TEXTS } from './ticket-holder-texts.js';

// The dialogs (and the form library) are fetched when first opened.
const EditNameDialog = lazy(() => import('./EditNameDialog.js'));
const TransferTicketDialog = lazy(() => import('./TransferTicketDialog.js'));

export interface TicketHolderActionsProps {
  tid: string;
  name: string;
  /** Checked in: the door has seen who came, so neither change is offered. */
  checkedIn: boolean;
  onRenamed: (name: string) => void;
  onTransferred: () => void;
}

/** The ticket page's Edit name and Transfer ticket, before check-in. */
export function TicketHolderActions({ tid, name, checkedIn, onRenamed, onTransferred }: TicketHolderActionsProps) {
  const [open, setOpen] = useState<'name' | 'transfer' | null>(null);
  if (checkedIn) return null;
  const openChange = (which: 'name' | 'transfer') => (next: boolean) => setOpen(next ? which : null);
  return (
    <div className={styles.actions}>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen('name')}>
        {HOLDER_TEXTS.editName}
      </Button>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen('transfer')}>
        {HOLDER_TEXTS.transfer}
      </Button>
      <Suspense fallback={null}>
        {open === 'name' && <EditNameDialog tid={tid} name={name} open onOpenChange={openChange('name')} onSaved={onRenamed} />}
        {open === 'transfer' && <TransferTicketDialog tid={tid} open onOpenChange={openChange('transfer')} onTransferred={onTransferred} />}
      </Suspense>
    </div>
  );
}

/** What the page of a transferred ticket says instead of the ticket: nothing of the new holder. */
export function TicketTransferredView() {
  return (
    <section className={styles.transferred} aria-labelledby="transferred-title" data-testid="ticket-transferred">
      <h1 id="transferred-title">{HOLDER_TEXTS.transferredTitle}</h1>
      <p>{HOLDER_TEXTS.transferredLead}</p>
      <ButtonLink to={routes.home} variant="secondary">
        {HOLDER_TEXTS.home}
      </ButtonLink>
    </section>
  );
}
