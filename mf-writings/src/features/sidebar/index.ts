export { Sidebar } from './sidebar.tsx';
