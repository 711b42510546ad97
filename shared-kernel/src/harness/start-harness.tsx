import '../ui/tokens.css';
import '../ui/base.css';
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { createEventBus, type EventBus } from '../bus/event-bus.ts';
import type { BusEvent } from '../bus/events.ts';
import { type AreaProps, CONTRACT_VERSION } from '../contracts/area-props.ts';
import { backendConfigFromEnv } from '../contracts/local-backend.ts';
import styles from './harness.module.css';

function MountedParcel({ name, config, props }: { name: string; config: ParcelConfig; props: AreaProps }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const parcel = mountRootParcel(config, { ...props, domElement: host.current });
    return () => {
      if (parcel.getStatus() === 'MOUNTED') void parcel.unmount();
    };
  }, [config, props]);
  return (
    <section className={styles.parcel} aria-label={name}>
      <header className={styles.parcelName}>{name}</header>
      <div ref={host} className={styles.parcelBody} />
    </section>
  );
}

function BusLog({ bus }: { bus: EventBus }) {
  const [events, setEvents] = useState<BusEvent[]>([]);
  useEffect(() => {
    const subscription = bus.events$.subscribe((event) => setEvents((all) => [event, ...all].slice(0, 50)));
    return () => subscription.unsubscribe();
  }, [bus]);
  return (
    <aside className={styles.log} aria-label="Bus events">
      <header className={styles.parcelName}>Bus events</header>
      {events.map((event, index) => (
        <code key={index}>{JSON.stringify(event)}</code>
      ))}
    </aside>
  );
}

/**
 * The standalone page of a remote (`pnpm --filter <remote> dev`): mounts the remote's parcels with real
 * services (a live bus, the local backend) so a team can work on its area alone, and logs the bus.
 */
export function startHarness({
  title,
  parcels,
}: {
  title: string;
  parcels: Record<string, ParcelConfig>;
}): void {
  const bus = createEventBus();
  const props: AreaProps = {
    contractVersion: CONTRACT_VERSION,
    bus,
    backend: backendConfigFromEnv(),
    user: null,
  };
  const container =
    document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(container).render(
    <StrictMode>
      <main className={styles.page}>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.grid}>
          {Object.entries(parcels).map(([name, config]) => (
            <MountedParcel key={name} name={name} config={config} props={props} />
          ))}
          <BusLog bus={bus} />
        </div>
      </main>
    </StrictMode>,
  );
}
