export { toast, useToastStore } from './toast-store';
export { Toaster } from './toaster';
export { usePageConfirmation } from './use-page-confirmation';
