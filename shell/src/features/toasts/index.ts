export { showToast, Toasts } from './toasts.tsx';
