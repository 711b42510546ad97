export { Workspace } from './workspace.tsx';
