import type { Id, ToastOptions } from 'react-toastify';
import type * as Toastify from 'react-toastify';
import { LOADING_TOAST_DISMISS_MS, TOAST_AUTO_CLOSE_MS } from '@tapcard/shared/constants';

// react-toastify is fetched after the first render (issue 8's JS budget): the shell mounts its container
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

/**
 * Toasts with the spec's durations: 3000 ms by default; a loading toast is replaced by its result,
 * which then closes after `LOADING_TOAST_DISMISS_MS` (2 s) unless told otherwise.
 */
export const notify = {
  success: (text: string, options?: ToastOptions) => withToast((toast) => toast.success(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options })),
  error: (text: string, options?: ToastOptions) => withToast((toast) => toast.error(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options })),
  warning: (text: string, options?: ToastOptions) => withToast((toast) => toast.warning(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options })),
  info: (text: string, options?: ToastOptions) => withToast((toast) => toast.info(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options })),
  loading: (text: string): Id => {
    const id = `loading-${++lastLoadingId}`;
    withToast((toast) => toast.loading(text, { toastId: id, onClose: () => closedLoading.add(id) }));
    return id;
  },
  /** Turns a loading toast into its result. */
  settle: (id: Id, type: 'success' | 'error', text: string, autoClose: number = LOADING_TOAST_DISMISS_MS) =>
    withToast((toast) => {
      if (closedLoading.delete(id)) return;
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
