export { useTheme } from './use-theme.ts';
