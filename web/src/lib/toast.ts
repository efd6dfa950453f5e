import type { Id, ToastOptions } from 'react-toastify';
import type * as Toastify from 'react-toastify';
import { LOADING_TOAST_DISMISS_MS, TOAST_AUTO_CLOSE_MS } from './ui.js';

// react-toastify is fetched after the first render (the JS budget, tests/budget): the shell mounts its container
// lazily, and a toast asked for before either arrives is shown as soon as they have (react-toastify queues
// toasts until a container mounts).
let toastify: Promise<typeof Toastify> | null = null;
export function loadToastify(): Promise<typeof Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    toastify.catch(() => (toastify = null));
  }
  return toastify;
}
const withToast = (show: (toast: typeof Toastify.toast) => void) => void loadToastify().then(({ toast }) => show(toast), () => undefined);

let lastLoadingId = 0;
/** Loading toasts that closed (by their timer or the user): settling them shows nothing. */
const closedLoading = new Set<Id>();

type Kind = 'success' | 'error' | 'warning' | 'info';

/** The error toast on screen: a new error takes its place instead of stacking over the header. */
let shownError: Id | null = null;
let lastErrorId = 0;

function replaceError(toast: typeof Toastify.toast, id: Id): void {
  if (shownError !== null && shownError !== id) toast.dismiss(shownError);
  shownError = id;
}

/**
 * An error replaces the error on screen (the same text again shows afresh, so a repeated failure is
 * still seen to happen); other toasts each show, as every cart confirmation must.
 */
const show = (kind: Kind, text: string, options?: ToastOptions) =>
  withToast((toast) => {
    if (kind === 'error') {
      const toastId = options?.toastId ?? `error-${++lastErrorId}`;
      replaceError(toast, toastId);
      toast.error(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options, toastId });
      return;
    }
    toast[kind](text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options });
  });

/**
 * Toasts with the required durations: 3000 ms by default; a loading toast is replaced by its result,
 * which then closes after `LOADING_TOAST_DISMISS_MS` (2 s) unless told otherwise. An error replaces the
 * error before it, so errors never stack over the header.
 */
export const notify = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
  warning: (text: string, options?: ToastOptions) => show('warning', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  loading: (text: string): Id => {
    const id = `loading-${++lastLoadingId}`;
    withToast((toast) => toast.loading(text, { toastId: id, onClose: () => closedLoading.add(id) }));
    return id;
  },
  /** Turns a loading toast into its result. */
  settle: (id: Id, type: 'success' | 'error', text: string, autoClose: number = LOADING_TOAST_DISMISS_MS) =>
    withToast((toast) => {
      if (closedLoading.delete(id)) return;
      if (type === 'error') replaceError(toast, id);
      if (toast.isActive(id)) toast.update(id, { render: text, type, isLoading: false, autoClose, closeButton: true, onClose: undefined });
      else {
        // Still waiting for the container: the result takes the loading toast's place in the queue.
        toast.dismiss(id);
        toast(text, { toastId: id, type, autoClose });
      }
    }),
  dismiss: (id?: Id) =>
    withToast((toast) => {
      if (id !== undefined) closedLoading.delete(id);
      toast.dismiss(id);
    }),
};

/** The session storage key of a toast carried to the next document. */
const CARRIED_TOAST = 'carriedToast';

/**
 * A toast for the page the browser shows next, when this page leaves its document (Back to a
 * server-rendered page): that page's toasts show it once they mount, or when it is shown again from
 * the browser's back-forward cache.
 */
export function carryToast(kind: 'success' | 'error', text: string, autoClose: number): void {
  try {
    sessionStorage.setItem(CARRIED_TOAST, JSON.stringify({ kind, text, autoClose }));
  } catch {
    // No storage (a private mode's quota): the confirmation is lost, the action is not.
  }
}

/** Shows the toast a previous document carried here, once. */
export function showCarriedToast(): void {
  let carried: unknown;
  try {
    carried = JSON.parse(sessionStorage.getItem(CARRIED_TOAST) ?? 'null');
    sessionStorage.removeItem(CARRIED_TOAST);
  } catch {
    return;
  }
  if (typeof carried !== 'object' || carried === null) return;
  const { kind, text, autoClose } = carried as { kind?: unknown; text?: unknown; autoClose?: unknown };
  if ((kind === 'success' || kind === 'error') && typeof text === 'string' && typeof autoClose === 'number') notify[kind](text, { autoClose });
}
