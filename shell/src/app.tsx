import { type AreaProps, backendConfigFromEnv, CONTRACT_VERSION, createEventBus } from 'shared-kernel';
import { WorkspaceLayout } from './layout/workspace-layout.tsx';

/** One bus per page: the shell creates it and every parcel receives it in its props. */
const bus = createEventBus();

const areaProps: AreaProps = {
  contractVersion: CONTRACT_VERSION,
  bus,
  backend: backendConfigFromEnv(),
  user: null,
};

export function App() {
  return <WorkspaceLayout areaProps={areaProps} />;
}
