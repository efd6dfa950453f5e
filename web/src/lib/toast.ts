import { toast, type Id, type ToastOptions } from 'react-toastify';
import { LOADING_TOAST_DISMISS_MS, TOAST_AUTO_CLOSE_MS } from '@tapcard/shared/constants';

/**
 * Toasts with the spec's durations: 3000 ms by default; a loading toast is replaced by its result,
 * which then closes after `LOADING_TOAST_DISMISS_MS` (2 s) unless told otherwise.
 */
export const notify = {
  success: (text: string, options?: ToastOptions) => toast.success(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options }),
  error: (text: string, options?: ToastOptions) => toast.error(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options }),
  warning: (text: string, options?: ToastOptions) => toast.warning(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options }),
  info: (text: string, options?: ToastOptions) => toast.info(text, { autoClose: TOAST_AUTO_CLOSE_MS, ...options }),
  loading: (text: string): Id => toast.loading(text),
  /** Turns a loading toast into its result. */
  settle: (id: Id, type: 'success' | 'error', text: string, autoClose: number = LOADING_TOAST_DISMISS_MS) =>
    toast.update(id, { render: text, type, isLoading: false, autoClose, closeButton: true }),
  dismiss: (id?: Id) => toast.dismiss(id),
};
