export { WorkspaceLayout } from './workspace-layout.tsx';
