import { useCallback, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import {
  type AreaName,
  type AreaProps,
  AreaUnavailable,
  Bone,
  type ExposedParcel,
  markLoadStep,
} from 'shared-kernel';
import type { ParcelConfigObject } from 'single-spa';
import { loadParcel } from './load-parcel.ts';
import { MountedParcel } from './mounted-parcel.tsx';
import styles from './remote-slot.module.css';

type SlotState =
  | { status: 'loading' }
  | { status: 'ready'; config: ParcelConfigObject }
  | { status: 'failed'; error: unknown };

/**
 * Mounts one exposed parcel of a remote, isolated from the rest of the page: while it loads the slot
 * shows a placeholder; when the remote is down, too slow, or throws while mounting or rendering, the
 * slot says "<label> is unavailable" with a Retry that tries again without reloading the page.
 */
export function RemoteSlot<A extends AreaName>({
  area,
  parcel,
  label,
  areaProps,
  className,
}: {
  area: A;
  parcel: ExposedParcel<A>;
  /** The name users know this slot by. */
  label: string;
  areaProps: AreaProps;
  className?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SlotState>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const fail = useCallback(
    (error: unknown) => {
      console.error(`[shell] ${label} is unavailable`, error);
      setState({ status: 'failed', error });
    },
    [label],
  );

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadParcel(area, parcel).then(
      (config) => {
        markLoadStep(`parcel-loaded:${area}/${parcel}`);
        if (current) setState({ status: 'ready', config });
      },
      (error: unknown) => current && fail(error),
    );
    return () => {
      current = false;
    };
    // attempt is the Retry trigger
  }, [area, parcel, attempt, fail]);

  return (
    <div
      className={`${styles.slot} ${className ?? ''}`}
      data-slot={`${area}/${parcel}`}
      data-status={state.status}
    >
      {state.status === 'loading' && (
        <div className={styles.loading} role="status" aria-busy="true" aria-label={`Loading ${label}`}>
          <Bone className={styles.loadingBlock} />
        </div>
      )}
      {state.status === 'failed' && <AreaUnavailable label={label} onRetry={retry} />}
      {state.status === 'ready' && (
        <ErrorBoundary onError={fail} fallback={null}>
          <MountedParcel
            key={attempt}
            config={state.config}
            areaProps={areaProps}
            onError={fail}
            className={styles.parcel}
          />
        </ErrorBoundary>
      )}
    </div>
  );
}
