export { Toaster } from './Toaster';
export { DEFAULT_TOAST_DURATION, type Toast, type ToastType, toast, useToastStore } from './toast-store';
