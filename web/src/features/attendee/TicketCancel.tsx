import { useQuery } from '@tanstack/react-query';
import { cancelOutcomeText, refundPolicyText } from '@tapcard/shared/domain';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/Dialog.js';
import { ApiError } from '../../lib/api.js';
import { notify } from '../../lib/toast.js';
import { ticketCancellationQuery, useCancelTicket } from './api.js';
import { CancelStepView } from './CancelStepView.js';
import { CANCEL_TEXTS as T } from './cancel-texts.js';

/**
 * The ticket page's 'Cancel ticket': the event's refund policy, and a confirmation dialog that says
 * what cancelling does with the money (a full refund, none, or nothing to refund) before it is
 * confirmed. One request whatever the clicks: the confirm button is busy while it is on its way, and a
 * second click in the same moment is dropped before it renders. `initialOpen`: the dialog opens at
 * once (asked for on the server-rendered page before this one took over).
 */
export function TicketCancel({ tid, initialOpen = false }: { tid: string; initialOpen?: boolean }) {
  const state = useQuery(ticketCancellationQuery(tid));
  const cancel = useCancelTicket(tid);
  const [open, setOpen] = useState(initialOpen);
  const sending = useRef(false);
  const ticket = state.data;
  if (ticket?.status === 'cancelled') return null;
  const outcome = ticket ? cancelOutcomeText(ticket.event, ticket.amount, new Date()) : state.isError ? T.refundUnchecked : T.checkingRefund;
  const onConfirm = () => {
    if (sending.current) return;
    sending.current = true;
    cancel.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        notify.success(T.cancelledToast);
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.kind === 'network')) notify.error(error.message);
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return (
    <CancelStepView
      policy={ticket && ticket.amount > 0 ? refundPolicyText(ticket.event) : null}
      onCancel={() => {
        if (state.isError) void state.refetch();
        setOpen(true);
      }}
    >
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!cancel.isPending) setOpen(next);
        }}
        title={T.cancelTitle}
        description={
          <>
            <span data-testid="cancel-outcome">{outcome}</span> {T.seatBack}
          </>
        }
        cancelLabel={T.keepTicket}
        confirmLabel={T.confirmCancel}
        onConfirm={onConfirm}
        busy={cancel.isPending || !ticket}
      />
    </CancelStepView>
  );
}
