export { DEFAULT_TOAST_DURATION, type Toast, type ToastType, toast, useToastStore } from './toast-store';
export { Toaster } from './toaster';
export { usePageConfirmation } from './use-page-confirmation';
