import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/Button.js';
import { writeStored } from '../../../lib/storage.js';
import { notify } from '../../../lib/toast.js';
import { retryOrder } from '../api.js';
import { SHOP_TEXTS } from '../texts.js';

/**
 * 'Try again' on a declined order: asks the server for a new payment of the same order (its figures
 * are the server's, never the cart's), stores the reference to check and leaves for the provider's
 * page. Busy (and disabled) from the click until the page is left; a refusal is toasted with the
 * server's words and the focus comes back to the button (the API layer toasts a network failure).
 */
export function TryAgainButton({ reference }: { reference: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const retry = useMutation({
    mutationFn: async () => {
      const result = await retryOrder(reference);
      if (result.ok) {
        writeStored('transactionRef', result.answer.data.reference);
        window.location.assign(result.answer.data.url);
      } else if (result.kind !== 'network') {
        notify.error(result.message);
      }
      return result;
    },
  });
  const leaving = retry.isPending || (retry.data?.ok ?? false);
  // Disabled while busy, the button lost the focus: a failed try gives it back.
  const failed = retry.data?.ok === false ? retry.data : null;
  useEffect(() => {
    if (failed) button.current?.focus();
  }, [failed]);
  return (
    <Button ref={button} onClick={() => retry.mutate()} busy={leaving}>
      {SHOP_TEXTS.tryAgain}
    </Button>
  );
}
