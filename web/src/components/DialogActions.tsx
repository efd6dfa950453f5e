import type { ReactNode } from 'react';
import { Button } from './Button.js';

export interface FormActionsProps {
  /** The row's class (each dialog lays its row out in its own styles). */
  className?: string;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /** The submit button's spinner while the form is sent. */
  busy?: boolean;
  /** The id of the form the submit button sends, when the row stands outside it. */
  form?: string;
  /** What stands in the row before the buttons (a link). */
  children?: ReactNode;
}

/** A form dialog's closing row: Cancel (secondary) and the submit button. */
export function FormActions({ className, cancelLabel, onCancel, submitLabel, busy, form, children }: FormActionsProps) {
  return (
    <div className={className}>
      {children}
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={form} busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
