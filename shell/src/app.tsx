import { type AreaProps, backendConfigFromEnv, CONTRACT_VERSION, createEventBus } from 'shared-kernel';
import { Toaster } from 'sonner';
import { useTheme } from './features/theme/use-theme.ts';
import { Workspace } from './features/workspace/workspace.tsx';

/** One bus per page: the shell creates it and every parcel receives it in its props. */
const bus = createEventBus();

const areaProps: AreaProps = {
  contractVersion: CONTRACT_VERSION,
  bus,
  backend: backendConfigFromEnv(),
  user: null,
};

export function App() {
  useTheme();
  return (
    <>
      <Workspace areaProps={areaProps} />
      <Toaster theme="dark" position="bottom-right" />
    </>
  );
}
