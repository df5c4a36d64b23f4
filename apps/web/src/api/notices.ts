import { BAD_REQUEST, ERROR, PROCESSING, SUCCESS } from '@glass/domain/messages/shell';
import type { MessageInstance, MessageType, TypeOpen } from 'antd/es/message/interface';
import type { ReactNode } from 'react';
import { ApiError } from './http';

// Spec 1 §8 "Notices" and §9 durations (seconds, as antd counts them).
export const NOTICE = {
  processing: PROCESSING,
  success: SUCCESS,
  badRequest: BAD_REQUEST,
  error: ERROR,
  // Not a spec text: the spec only says "a fallback text".
  fallback: 'Something went wrong',
} as const;
const DURATION = { success: 1, badRequest: 2, error: 4, inline: 0.8 } as const;

// The toasts come from the message host the app mounts (shell/message-host.tsx, loaded after the first
// screen: antd's message and notification code is not needed to draw it). A toast asked for before the
// host is there waits for it and then shows, in order.
let bound: MessageInstance | null = null;
const waiting: Array<(instance: MessageInstance) => void> = [];
// The phone shell applies the toasts' styles with the first toast (phone-later-styles.ts, decision 0041): until they
// are applied, toasts wait as they wait for the host.
let styles: (() => Promise<void>) | null = null;
let styled = true;
function flush() {
  if (bound && styled) for (const call of waiting.splice(0)) call(bound);
}
export function setMessageApi(instance: MessageInstance): void {
  bound = instance;
  flush();
}
/** The toasts' styles, applied before the first toast shows (it resolves also when they could not be loaded). */
export function toastsNeedStyles(apply: () => Promise<void>): void {
  styles = apply;
  styled = false;
}
function applyStyles() {
  const apply = styles;
  if (!apply) return;
  styles = null;
  void apply().finally(() => {
    styled = true;
    flush();
  });
}

/**
 * Calls the bound instance now, or once the host has mounted and its styles are applied; closing before that drops
 * the toast.
 */
function whenBound(call: (instance: MessageInstance) => MessageType): MessageType {
  if (bound && styled) return call(bound);
  applyStyles();
  let closed = false;
  let shown: MessageType | undefined;
  const done = new Promise<boolean>((resolve) => {
    waiting.push((instance) => {
      if (closed) return resolve(true);
      shown = call(instance);
      shown.then(resolve);
    });
  });
  const close = () => {
    closed = true;
    shown?.();
  };
  // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is a thenable (resolves when the toast closes).
  return Object.assign(close, { then: done.then.bind(done) });
}
const typed =
  (type: 'info' | 'success' | 'error' | 'warning' | 'loading'): TypeOpen =>
  (...args) =>
    whenBound((instance) => instance[type](...args));
const api: MessageInstance = {
  open: (args) => whenBound((instance) => instance.open(args)),
  info: typed('info'),
  success: typed('success'),
  error: typed('error'),
  warning: typed('warning'),
  loading: typed('loading'),
  destroy: (key) => {
    if (bound && styled) bound.destroy(key);
    else waiting.push((instance) => instance.destroy(key));
  },
};
export function messageApi(): MessageInstance {
  return api;
}

let sequence = 0;

/** Shows 'Processing...' while the promise runs, then 'Success' (or the given text) for 1 s. */
export async function withProgress<T>(promise: Promise<T>, successText?: string): Promise<T> {
  const key = `progress-${++sequence}`;
  api.open({ key, type: 'loading', content: NOTICE.processing, duration: 0 });
  try {
    const result = await promise;
    api.open({ key, type: 'success', content: successText ?? NOTICE.success, duration: DURATION.success });
    return result;
  } catch (error) {
    api.destroy(key);
    showError(error);
    throw error;
  }
}

/** 400 → 'Bad Request' with the first validation message (2 s); anything else → 'Error' with the body (4 s). */
export function showError(error: unknown, fallback: string = NOTICE.fallback): void {
  if (error instanceof ApiError && error.status === 400) {
    const text = error.firstError ?? error.bodyText ?? fallback;
    api.open({ type: 'error', content: `${NOTICE.badRequest}: ${text}`, duration: DURATION.badRequest });
    return;
  }
  const text = error instanceof ApiError ? (error.bodyText ?? fallback) : fallback;
  api.open({ type: 'error', content: `${NOTICE.error}: ${text}`, duration: DURATION.error });
}

/** The short 0.8 s toast for an invalid keystroke (quick phone input and similar). */
export function inlineError(text: string): void {
  api.open({ key: 'inline-error', type: 'error', content: text, duration: DURATION.inline });
}

/** A spec catalogue toast (e.g. 'Failed to get self'). */
export function toastError(text: ReactNode): void {
  api.open({ type: 'error', content: text, duration: DURATION.error });
}

export function toastSuccess(text: ReactNode): void {
  api.open({ type: 'success', content: text });
}

export function toastInfo(text: ReactNode): void {
  api.open({ type: 'info', content: text, duration: DURATION.success });
}
