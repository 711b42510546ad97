import type { ComponentType } from 'react';
import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import type { AppProps, CustomProps, ParcelConfigObject } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { type AreaProps, parseAreaProps } from '../contracts/area-props.ts';
import { AreaUnavailable } from './area-unavailable.tsx';

/**
 * Builds the single-spa lifecycles of a parcel around an area's root component, so a remote's
 * `src/parcels/*.tsx` holds no logic.
 * - Props are validated at mount: a parcel given another contract version fails its mount (the shell's
 *   slot then shows its fallback) rather than rendering half-working.
 * - A render error inside the parcel stays inside it: the parcel shows "<label> is unavailable" with a
 *   Retry that renders it afresh, and the rest of the page keeps working.
 */
export function createAreaParcel({
  label,
  component: Component,
}: {
  /** The name users know the area by, shown in the fallback. */
  label: string;
  component: ComponentType<AreaProps>;
}): ParcelConfigObject {
  function ParcelRoot(props: AreaProps) {
    return (
      <ErrorBoundary
        fallbackRender={({ resetErrorBoundary }) => (
          <AreaUnavailable label={label} onRetry={resetErrorBoundary} />
        )}
      >
        <Component {...props} />
      </ErrorBoundary>
    );
  }
  const lifecycles = singleSpaReact<AreaProps>({
    React,
    ReactDOMClient,
    rootComponent: ParcelRoot,
    // ParcelRoot catches render errors with its own boundary; single-spa-react only sees a function
    // component and would warn that it lacks componentDidCatch.
    suppressComponentDidCatchWarning: true,
  });
  // single-spa calls the lifecycles with whatever the host passed: validate before React sees it. Only
  // mount and update render; bootstrap and unmount pass through, so a bad contract fails exactly one
  // promise, the mount the host waits on.
  const validated = (props: CustomProps & AppProps) => parseAreaProps(props) as AreaProps & AppProps;
  const passThrough = (props: CustomProps & AppProps) => props as AreaProps & AppProps;
  return {
    bootstrap: (props) => lifecycles.bootstrap(passThrough(props)),
    mount: async (props) => {
      const areaProps = validated(props);
      await lifecycles.mount(areaProps);
      areaProps.bus.emit({ type: 'area.mounted', area: label, parcel: areaProps.name });
    },
    unmount: (props) => lifecycles.unmount(passThrough(props)),
    update: async (props) => {
      await lifecycles.update?.(validated(props));
    },
  };
}
