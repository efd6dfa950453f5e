import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef } from 'react';
import { Button } from './Button.js';
import type { ConfirmDialogProps, DialogProps, DrawerProps } from './Dialog.js';
import styles from './Dialog.module.css';

/**
 * The element that had the focus when the dialog opened, to which closing returns it. Radix returns it
 * only to a Dialog.Trigger; these dialogs are opened by state (buttons, menu items, long presses).
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's content takes the focus.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
  }, [open]);
  return (event: Event) => {
    const element = opener.current;
    opener.current = null;
    // An opener that is gone (a menu that closed with it) leaves the focus to Radix, and focus that the
    // page moved on purpose as the dialog closed (to a field to fix) stays where it was put.
    const moved = document.activeElement !== null && document.activeElement !== document.body;
    if (element?.isConnected && !moved) {
      event.preventDefault();
      element.focus();
    }
  };
}

/** An accessible modal dialog (focus trap, Escape, labelled) from Radix; closing it returns the focus to its opener. */
export function Dialog({ open, onOpenChange, title, description, children, fullOnSmall = false }: DialogProps) {
  const onCloseAutoFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={fullOnSmall ? styles.fullOnSmall : styles.content}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label="Close">
              ×
            </RadixDialog.Close>
          </div>
          {description && <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A side panel (menus, notifications): a Radix dialog that slides from one side. */
export function Drawer({ open, onOpenChange, title, description, children, side = 'left' }: DrawerProps) {
  const onCloseAutoFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={`${styles.drawer} ${styles[side]}`}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label="Close">
              ×
            </RadixDialog.Close>
          </div>
          {description && <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A yes/no confirmation ('Are you sure?'). */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel = 'Cancel', onConfirm, busy = false }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className={styles.actions}>
        <RadixDialog.Close asChild>
          <Button variant="secondary">{cancelLabel}</Button>
        </RadixDialog.Close>
        <Button variant="danger" onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
