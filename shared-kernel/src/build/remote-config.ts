import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfigSyncFn } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { type AreaName, REMOTES } from '../contracts/remotes.ts';
import { mfRuntimeAliases, mfShared } from './module-federation.ts';

/** `SettingsDialog` -> `settings-dialog`: parcels live in `src/parcels/<kebab-name>.tsx`. */
function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * The whole rsbuild config of a remote: its container, its exposed parcels, the shared singletons,
 * its standalone harness (`src/index.ts`) and its dev port.
 */
export function defineRemoteConfig(area: AreaName): RsbuildConfigSyncFn {
  const remote = REMOTES[area];
  return defineConfig(({ command }) => ({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: remote.container,
        // Content-hashed like every chunk: only the manifest, served no-cache, names it, so a returning
        // load takes it from the cache (the service worker's static routes) instead of revalidating it.
        filename: 'static/js/remoteEntry.[contenthash:10].js',
        exposes: Object.fromEntries(
          remote.exposes.map((parcel) => [`./${parcel}`, `./src/parcels/${kebabCase(parcel)}.tsx`]),
        ),
        shared: mfShared,
        dts: false,
        // A production remote uses the federation runtime the shell provides instead of shipping its
        // own copy (~18 KB gzip per remote, the federation-overhead budget). The standalone harness
        // runs in dev, where the remote keeps its own runtime.
        // The federation code is built for browsers only (no Node loading paths), and without the code
        // that loads other remotes: areas never import each other.
        experiments: {
          externalRuntime: command === 'build',
          optimization: { target: 'web', disableRemote: true },
        },
      }),
    ],
    source: { entry: { index: './src/index.ts' } },
    resolve: { alias: mfRuntimeAliases },
    // 'auto' makes chunk URLs relative to wherever remoteEntry.js was loaded from, so a remote can be
    // deployed to any origin with no rebuild (the prod default '/' would resolve against the host).
    // Only a build replaces dist/: a dev server must not wipe the build being served next to it.
    output: { assetPrefix: 'auto', cleanDistPath: command === 'build' },
    html: { title: `${remote.label} — standalone` },
    // Remotes are fetched cross-origin by the shell (the manifest with fetch()), in dev as in production.
    server: { port: Number(process.env.PORT ?? remote.devPort), strictPort: true, cors: { origin: '*' } },
  }));
}
