import { useEffect, useState } from 'react';
import type { AreaProps, ON_DEMAND_PARCELS } from 'shared-kernel';
import { RemoteSlot } from './remote-slot.tsx';

type OnDemandParcel = (typeof ON_DEMAND_PARCELS)[number];

/**
 * A parcel fetched and mounted only once the page first asks for it over the bus (the Settings dialog
 * on Cmd/Ctrl+comma, say). The bus holds the asking event until the parcel listens, so nothing is lost.
 */
export function OnDemandSlot({
  parcel: { area, parcel, label, opensOn },
  areaProps,
  className,
}: {
  parcel: OnDemandParcel;
  areaProps: AreaProps;
  className?: string;
}) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const subscription = areaProps.bus.held$.subscribe((event) => {
      if ((opensOn as readonly string[]).includes(event.type)) setWanted(true);
    });
    return () => subscription.unsubscribe();
  }, [areaProps.bus, opensOn, wanted]);

  return wanted ? (
    <RemoteSlot area={area} parcel={parcel} label={label} areaProps={areaProps} className={className} />
  ) : null;
}
