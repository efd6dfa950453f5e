import * as RadixDialog from '@radix-ui/react-dialog';
import { Button } from './Button.js';
import type { ConfirmDialogProps, DialogProps, DrawerProps } from './Dialog.js';
import styles from './Dialog.module.css';

/** An accessible modal dialog (focus trap, Escape, labelled) from Radix. */
export function Dialog({ open, onOpenChange, title, description, children, fullOnSmall = false }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={fullOnSmall ? styles.fullOnSmall : styles.content} {...(description ? {} : { 'aria-describedby': undefined })}>
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
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={`${styles.drawer} ${styles[side]}`} {...(description ? {} : { 'aria-describedby': undefined })}>
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
