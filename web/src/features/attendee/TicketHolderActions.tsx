import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, ButtonLink } from '../../components/Button.js';
import { routes } from '../../lib/paths.js';
import styles from './TicketHolder.module.css';
import { HOLDER_TEXTS } from './ticket-holder-texts.js';

// The dialogs (and the form library) are fetched when first opened.
const EditNameDialog = lazy(() => import('./EditNameDialog.js'));
const TransferTicketDialog = lazy(() => import('./TransferTicketDialog.js'));

/** The holder's changes, each in a dialog of its own. */
export type HolderChange = 'name' | 'transfer';

export interface TicketHolderActionsProps {
  tid: string;
  name: string;
  /** Checked in: the door has seen who came, so neither change is offered. */
  checkedIn: boolean;
  onRenamed: (name: string) => void;
  onTransferred: () => void;
  /** The dialog open at first: the one asked for on the server-rendered page before this one took over. */
  initialOpen?: HolderChange | null;
}

/** The ticket page's Edit name and Transfer ticket, before check-in. */
export function TicketHolderActions({ tid, name, checkedIn, onRenamed, onTransferred, initialOpen = null }: TicketHolderActionsProps) {
  const [open, setOpen] = useState<HolderChange | null>(initialOpen);
  if (checkedIn) return null;
  const openChange = (which: HolderChange) => (next: boolean) => setOpen(next ? which : null);
  return (
    <HolderButtons onOpen={setOpen}>
      <Suspense fallback={null}>
        {open === 'name' && <EditNameDialog tid={tid} name={name} open onOpenChange={openChange('name')} onSaved={onRenamed} />}
        {open === 'transfer' && <TransferTicketDialog tid={tid} open onOpenChange={openChange('transfer')} onTransferred={onTransferred} />}
      </Suspense>
    </HolderButtons>
  );
}

/**
 * The two buttons, drawn the same on the server-rendered ticket page (where a tap is kept until the
 * page's code arrives: `pending` shows it waiting) and on the page that takes it over.
 */
export function HolderButtons({ onOpen, pending = null, children }: { onOpen: (which: HolderChange) => void; pending?: HolderChange | null; children?: ReactNode }) {
  return (
    <div className={styles.actions}>
      <Button variant="secondary" aria-haspopup="dialog" busy={pending === 'name'} onClick={() => onOpen('name')}>
        {HOLDER_TEXTS.editName}
      </Button>
      <Button variant="secondary" aria-haspopup="dialog" busy={pending === 'transfer'} onClick={() => onOpen('transfer')}>
        {HOLDER_TEXTS.transfer}
      </Button>
      {children}
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
