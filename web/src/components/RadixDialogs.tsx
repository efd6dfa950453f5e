import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef } from 'react';
import { Button } from './Button.js';
import type { ConfirmDialogProps, DialogProps, DrawerProps } from './Dialog.js';
import styles from './Dialog.module.css';

/** Each open dialog's element and where its closing returns the focus. */
const returnTargets = new WeakMap<Element, HTMLElement>();

/**
 * The element that had the focus when the dialog opened, to which closing returns it. Radix returns it
 * only to a Dialog.Trigger; these dialogs are opened by state (buttons, menu items, long presses). A
 * dialog opened from inside another that closes with it (a menu item of the side menu) returns the focus
 * to what opened that one.
 */
function useReturnFocus(open: boolean) {
  const targets = useRef<HTMLElement[]>([]);
  // A layout effect runs before the dialog's content takes the focus.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (!open || !(active instanceof HTMLElement) || active === document.body) return;
    const outer = active.closest('[role="dialog"]');
    const outerTarget = outer ? returnTargets.get(outer) : undefined;
    targets.current = outerTarget ? [active, outerTarget] : [active];
  }, [open]);
  const onOpenAutoFocus = (event: Event) => {
    const target = targets.current.find((el) => el.isConnected) ?? targets.current.at(-1);
    if (target && event.currentTarget instanceof Element) returnTargets.set(event.currentTarget, target);
  };
  const onCloseAutoFocus = (event: Event) => {
    const target = targets.current.find((el) => el.isConnected);
    targets.current = [];
    // Without an opener on the page Radix decides, and focus that the page moved on purpose as the dialog
    // closed (to a field to fix) stays where it was put.
    const moved = document.activeElement !== null && document.activeElement !== document.body;
    if (target && !moved) {
      event.preventDefault();
      target.focus();
    }
  };
  return { onOpenAutoFocus, onCloseAutoFocus };
}

/** The Radix dialog both the modal and the side panel are: a titled content box with a close button, over an overlay. */
function DialogFrame({ open, onOpenChange, title, description, children, className }: Omit<DrawerProps, 'side'> & { className: string | undefined }) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={className} {...returnFocus} {...(description ? {} : { 'aria-describedby': undefined })}>
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

/** An accessible modal dialog (focus trap, Escape, labelled) from Radix; closing it returns the focus to its opener. */
export function Dialog({ fullOnSmall = false, ...props }: DialogProps) {
  return <DialogFrame {...props} className={fullOnSmall ? styles.fullOnSmall : styles.content} />;
}

/** A side panel (menus, notifications): a Radix dialog that slides from one side. */
export function Drawer({ side = 'left', ...props }: DrawerProps) {
  return <DialogFrame {...props} className={`${styles.drawer} ${styles[side]}`} />;
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
