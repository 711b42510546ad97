import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { type AreaName, REMOTES } from '../contracts/remotes.ts';
import { mfShared } from './module-federation.ts';

/** `SettingsDialog` -> `settings-dialog`: parcels live in `src/parcels/<kebab-name>.tsx`. */
function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * The whole rsbuild config of a remote: its container, its exposed parcels, the shared singletons,
 * its standalone harness (`src/index.ts`) and its dev port.
 */
export function defineRemoteConfig(area: AreaName): RsbuildConfig {
  const remote = REMOTES[area];
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: remote.container,
        // A stable, unhashed entry name: served no-cache, it points at the content-hashed chunks.
        filename: 'remoteEntry.js',
        exposes: Object.fromEntries(
          remote.exposes.map((parcel) => [`./${parcel}`, `./src/parcels/${kebabCase(parcel)}.tsx`]),
        ),
        shared: mfShared,
        dts: false,
      }),
    ],
    source: { entry: { index: './src/index.ts' } },
    // 'auto' makes chunk URLs relative to wherever remoteEntry.js was loaded from, so a remote can be
    // deployed to any origin with no rebuild (the prod default '/' would resolve against the host).
    output: { assetPrefix: 'auto', cleanDistPath: true },
    html: { title: `${remote.label} — standalone` },
    // Remotes are fetched cross-origin by the shell (the manifest with fetch()), in dev as in production.
    server: { port: remote.devPort, strictPort: true, cors: { origin: '*' } },
  });
}
