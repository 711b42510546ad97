export { BreakScreen } from './break-screen.tsx';
