import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Button, type ButtonProps } from '../../components/Button.js';
import styles from './Organiser.module.css';

/**
 * Sends `mutation` once at a time: a call while the last one is on its way sends nothing (its button is
 * disabled while it is pending, and a second click in the same moment is dropped before it renders).
 */
export function useSendOnce<D, V>(mutation: UseMutationResult<D, Error, V>) {
  const sending = useRef(false);
  return (variables: V, onSuccess?: () => void) => {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate(variables, {
      onSuccess,
      onSettled: () => {
        sending.current = false;
      },
    });
  };
}

/** An action on an attendee in their dialog: its button, and the hint under it that describes it. */
export function HintedButton({ hint, children, ...button }: ButtonProps & { hint: string }) {
  const hintId = useId();
  return (
    <div className={styles.resendTicket}>
      <Button {...button} aria-describedby={hintId}>
        {children}
      </Button>
      <p id={hintId} className={styles.muted}>
        {hint}
      </p>
    </div>
  );
}
