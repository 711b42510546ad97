import type { BusEventType } from '../bus/events.ts';

/**
 * The remotes the shell composes, the Module Federation container each one is built as, and the
 * parcels each exposes. Container names are identifiers (no hyphens) because they become globals.
 */
export const REMOTES = {
  writings: { container: 'mf_writings', label: 'Writings', devPort: 3001, exposes: ['Sidebar', 'Editor'] },
  ideas: { container: 'mf_ideas', label: 'Ideas', devPort: 3002, exposes: ['IdeasPanel'] },
  chat: { container: 'mf_chat', label: 'Chat', devPort: 3003, exposes: ['ChatPanel'] },
  settings: {
    container: 'mf_settings',
    label: 'Settings',
    devPort: 3004,
    exposes: ['SettingsDialog', 'PricingDialog'],
  },
} as const;

/**
 * Parcels the shell mounts on first use rather than at load (less to fetch and run before the writer can
 * write), and the bus events that call for each: the bus holds such an event until the parcel listens.
 */
export const ON_DEMAND_PARCELS = [
  { area: 'settings', parcel: 'SettingsDialog', label: 'Settings', opensOn: ['settings.open'] },
  { area: 'settings', parcel: 'PricingDialog', label: 'Pricing', opensOn: ['pricing.open'] },
] as const satisfies readonly {
  area: keyof typeof REMOTES;
  parcel: string;
  label: string;
  opensOn: readonly BusEventType[];
}[];

/** An area of the workspace, each owned by one remote. */
export type AreaName = keyof typeof REMOTES;

/** The parcels a given area exposes (`./<name>` in its federation config). */
export type ExposedParcel<A extends AreaName = AreaName> = (typeof REMOTES)[A]['exposes'][number];

export const AREA_NAMES = Object.keys(REMOTES) as AreaName[];

/** The module id the federation runtime loads, e.g. `mf_writings/Sidebar`. */
export function remoteModuleId<A extends AreaName>(area: A, parcel: ExposedParcel<A>): string {
  return `${REMOTES[area].container}/${parcel}`;
}

/** The shape of the shell's `remotes.json`: container name -> URL of its `mf-manifest.json`. */
export type RemotesManifest = Record<string, string>;
