import { useLayoutEffect, useRef } from 'react';
import type { Id, ToastContainerProps, ToastOptions, ToastTransition } from 'react-toastify';
import type * as Toastify from 'react-toastify';
import styles from './toast.module.css';
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

/** The fades' lengths (toast.module.css); a fade is taken as over this much later even if no animation ran. */
const FADE_MS = { enter: 180, exit: 150, briefEnter: 60, briefExit: 60 };
const FADE_GRACE_MS = 100;

/**
 * Adds `className` (an animation) to `node` and calls `then` once, when the animation ends or `ms`
 * (and a grace) later, whichever comes first; returns the effect's cleanup.
 */
function animate(node: HTMLElement, className: string | undefined, ms: number, then: () => void): () => void {
  let over = false;
  const end = () => {
    if (over) return;
    over = true;
    then();
  };
  const onEnd = (event: Event) => event.target === node && end();
  if (className) node.classList.add(className);
  node.addEventListener('animationend', onEnd);
  const timer = setTimeout(end, ms + FADE_GRACE_MS);
  return () => {
    clearTimeout(timer);
    node.removeEventListener('animationend', onEnd);
  };
}

/**
 * A toast's way in and out: a class whose animation fades it (toast.module.css), its end starting the
 * toast's timer (in) or removing it (out). No collapse: there is never a toast below to move up. A
 * timer ends the fade in case no animation runs (a document without styles, a cancelled animation),
 * so a toast always leaves and the next one always shows.
 */
function fade(enter: string | undefined, exit: string | undefined, enterMs: number, exitMs: number): ToastTransition {
  return function Fade({ children, isIn, done, nodeRef, playToast, preventExitTransition }) {
    const latest = useRef({ done, playToast });
    latest.current = { done, playToast };
    useLayoutEffect(() => {
      const node = nodeRef.current;
      if (!node) return;
      return animate(node, enter, enterMs, () => {
        if (enter) node.classList.remove(enter);
        latest.current.playToast();
      });
    }, [nodeRef]);
    useLayoutEffect(() => {
      if (isIn) return;
      const node = nodeRef.current;
      if (!node || preventExitTransition || performance.now() - replacedAt < REPLACE_WINDOW_MS) {
        latest.current.done();
        return;
      }
      return animate(node, exit, exitMs, () => latest.current.done());
    }, [isIn, nodeRef, preventExitTransition]);
    return children;
  };
}

/**
 * When a toast is replaced, the one on screen leaves at once instead of fading: the container shows one
 * toast at a time, so a fade-out would hold the new toast back, and a loading toast whose answer came
 * within the fade ('Verifying token...') would never be seen. Exits that start this soon after a
 * replacement are the replacement's.
 */
const REPLACE_WINDOW_MS = 500;
let replacedAt = Number.NEGATIVE_INFINITY;

/** A short fade for every toast; a shorter one for a brief toast (the cart's 0.3 s), on screen for about its 0.3 s. */
const transitions = {
  normal: fade(styles.enter, styles.exit, FADE_MS.enter, FADE_MS.exit),
  brief: fade(styles.briefEnter, styles.briefExit, FADE_MS.briefEnter, FADE_MS.briefExit),
};

/**
 * The container's part of the one-toast rule: it shows one toast at a time (a new one waits for the
 * old one's fade-out, 150 ms), with the fades above. Every toast container of the app takes these.
 */
export const TOAST_CONTAINER_PROPS = { limit: 1, transition: transitions.normal, autoClose: TOAST_AUTO_CLOSE_MS } satisfies ToastContainerProps;

let lastToastId = 0;
/** Loading toasts that closed (by their timer, the user, or a toast that took their place): settling them shows nothing. */
const closedLoading = new Set<Id>();

type Kind = 'success' | 'error' | 'warning' | 'info';

/** A toast's options, plus `brief`: a toast of a fraction of a second (the cart's) comes and goes as briefly. */
export interface NotifyOptions extends ToastOptions {
  brief?: boolean;
}

/**
 * One toast at a time, whatever its kind: the toast on screen (and any still waiting for the
 * container) gives way to the new one, which the container (TOAST_CONTAINER_PROPS) shows as soon as the old one
 * has faded out. Toasts never stack over the header or the page.
 */
function clearForNext(toast: typeof Toastify.toast): void {
  replacedAt = performance.now();
  toast.dismiss();
  toast.clearWaitingQueue();
}

/** Each toast a new id, so the same text again shows afresh and a repeated failure is seen to happen. */
const show = (kind: Kind, text: string, { brief, ...options }: NotifyOptions = {}) =>
  withToast((toast) => {
    clearForNext(toast);
    toast[kind](text, {
      autoClose: TOAST_AUTO_CLOSE_MS,
      ...(brief ? { transition: transitions.brief } : {}),
      ...options,
      toastId: options.toastId ?? `toast-${++lastToastId}`,
    });
  });

/**
 * Toasts with the required durations: 3000 ms by default; a loading toast is replaced by its result,
 * which then closes after `LOADING_TOAST_DISMISS_MS` (2 s) unless told otherwise. A new toast replaces
 * the one on screen.
 */
export const notify = {
  success: (text: string, options?: NotifyOptions) => show('success', text, options),
  error: (text: string, options?: NotifyOptions) => show('error', text, options),
  warning: (text: string, options?: NotifyOptions) => show('warning', text, options),
  info: (text: string, options?: NotifyOptions) => show('info', text, options),
  loading: (text: string): Id => {
    const id = `loading-${++lastToastId}`;
    withToast((toast) => {
      clearForNext(toast);
      toast.loading(text, { toastId: id, onClose: () => closedLoading.add(id) });
    });
    return id;
  },
  /** Turns a loading toast into its result. */
  settle: (id: Id, type: 'success' | 'error', text: string, autoClose: number = LOADING_TOAST_DISMISS_MS) =>
    withToast((toast) => {
      if (closedLoading.delete(id)) return;
      if (toast.isActive(id)) toast.update(id, { render: text, type, isLoading: false, autoClose, closeButton: true, onClose: undefined });
      else {
        // Still waiting for the container: the result takes the loading toast's place in the queue.
        clearForNext(toast);
        toast(text, { toastId: id, type, autoClose });
      }
    }),
  dismiss: (id?: Id) =>
    withToast((toast) => {
      if (id !== undefined) closedLoading.delete(id);
      toast.dismiss(id);
    }),
};

/**
 * Sends `send` under a loading toast (`texts.loading`) that then says `texts.success` or
 * `texts.failure`; a call the network lost only closes it (the offline banner says why). The call's
 * result, for the page's own part.
 */
export async function sendWithToast<R extends { ok: true } | { ok: false; kind: string }>(texts: { loading: string; success: string; failure: string }, send: () => Promise<R>): Promise<R> {
  const toastId = notify.loading(texts.loading);
  const result = await send();
  if (result.ok) notify.settle(toastId, 'success', texts.success);
  else if (result.kind === 'network') notify.dismiss(toastId);
  else notify.settle(toastId, 'error', texts.failure);
  return result;
}

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
