import { Button } from './Button.js';

export interface RetryAlertProps {
  /** What could not be loaded. */
  message: string;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
  messageClassName?: string;
}

/** A read that failed, said as an alert, with the button that reads it again. */
export function RetryAlert({ message, retryLabel, onRetry, className, messageClassName }: RetryAlertProps) {
  return (
    <div role="alert" className={className}>
      <p className={messageClassName}>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
