import { create } from 'zustand';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  duration: number;
  action?: ToastAction;
}

const DEFAULT_TOAST_DURATION = 5000;

interface ToastState {
  /** At most one: a new toast takes the place of the one showing, so toasts never stack. */
  toasts: Toast[];
  show: (toast: Omit<Toast, 'id' | 'duration'> & { duration?: number }) => string;
  dismiss: (id: string) => void;
  /** Closes the success toast, if one shows: the page now says it in its own words. */
  dismissSuccess: () => void;
  clear: () => void;
}

let counter = 0;

/** The one toast system: any module may call `useToastStore.getState().show(...)` or `toast.*`. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (toast) => {
    counter += 1;
    const id = `toast-${counter}`;
    set({ toasts: [{ duration: DEFAULT_TOAST_DURATION, ...toast, id }] });
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  dismissSuccess: () => set((state) => ({ toasts: state.toasts.filter((t) => t.type !== 'success') })),
  clear: () => set({ toasts: [] }),
}));

type ToastInput = { message?: string; duration?: number; action?: ToastAction };

function showOf(type: ToastType) {
  return (title: string, options: ToastInput = {}) =>
    useToastStore.getState().show({ type, title, ...options });
}

export const toast = {
  success: showOf('success'),
  error: showOf('error'),
  warning: showOf('warning'),
  info: showOf('info'),
  dismiss: (id: string) => useToastStore.getState().dismiss(id),
};
