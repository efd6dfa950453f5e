import { useEffect, useState, type ReactNode } from 'react';
import type * as RadixDialogs from './RadixDialogs.js';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read to screen readers with the title; visible under it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Full screen on small screens (the cart), centred otherwise. */
  fullOnSmall?: boolean;
}

export interface DrawerProps extends Omit<DialogProps, 'fullOnSmall'> {
  side?: 'left' | 'right';
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
}

type Dialogs = typeof RadixDialogs;

// The dialogs (Radix) are fetched right after the page that holds them renders, not before it
// (the first-render JS budget, tests/budget); a dialog opened sooner shows as soon as they arrive.
let loaded: Dialogs | null = null;
let loading: Promise<Dialogs> | null = null;
function load(): Promise<Dialogs> {
  if (!loading) {
    loading = import('./RadixDialogs.js').then((m) => (loaded = m));
    // A failed download is tried again by the next dialog that mounts.
    loading.catch(() => (loading = null));
  }
  return loading;
}

function useDialogs(): Dialogs | null {
  const [dialogs, setDialogs] = useState(loaded);
  useEffect(() => {
    if (dialogs) return;
    let live = true;
    load().then(
      (m) => live && setDialogs(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dialogs]);
  return dialogs;
}

/** An accessible modal dialog (focus trap, Escape, labelled) from Radix. */
export function Dialog(props: DialogProps) {
  const dialogs = useDialogs();
  return dialogs ? <dialogs.Dialog {...props} /> : null;
}

/** A side panel (menus, notifications): a Radix dialog that slides from one side. */
export function Drawer(props: DrawerProps) {
  const dialogs = useDialogs();
  return dialogs ? <dialogs.Drawer {...props} /> : null;
}

/** A yes/no confirmation ('Are you sure?'). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialogs = useDialogs();
  return dialogs ? <dialogs.ConfirmDialog {...props} /> : null;
}
