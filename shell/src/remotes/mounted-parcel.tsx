import { useEffect, useRef } from 'react';
import type { AreaProps } from 'shared-kernel';
import { mountRootParcel, type Parcel, type ParcelConfigObject } from 'single-spa';

/**
 * Mounts a parcel into a div and keeps its props current. Every failure of the parcel's lifecycles
 * goes to `onError` and nowhere else: nothing a broken remote does becomes an uncaught page error.
 */
export function MountedParcel({
  config,
  areaProps,
  onError,
  className,
}: {
  config: ParcelConfigObject;
  areaProps: AreaProps;
  onError: (error: unknown) => void;
  className?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel | null>(null);
  // Read at mount time without making the mount depend on them: a new props object means update.
  const latest = useRef({ areaProps, onError });
  latest.current = { areaProps, onError };

  useEffect(() => {
    const domElement = host.current;
    if (!domElement) return;
    const mounted = mountRootParcel(config, { ...latest.current.areaProps, domElement });
    parcel.current = mounted;
    mounted.mountPromise.catch((error: unknown) => latest.current.onError(error));
    return () => {
      parcel.current = null;
      // Unmount once mounting finished, even if it is still under way (React may unmount at any time).
      mounted.mountPromise.then(() => mounted.unmount()).catch(() => undefined);
    };
  }, [config]);

  useEffect(() => {
    const current = parcel.current;
    if (current?.getStatus() !== 'MOUNTED' || !current.update) return;
    current.update({ ...areaProps }).catch((error: unknown) => latest.current.onError(error));
  }, [areaProps]);

  return <div ref={host} className={className} />;
}
