import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { mfRuntimeAliases, mfShared } from 'shared-kernel/build';

export default defineConfig(({ command }) => ({
  plugins: [pluginReact()],
  // Only a build replaces dist/: a dev server must not wipe the build being served next to it.
  output: { cleanDistPath: command === 'build' },
  environments: {
    web: {
      plugins: [
        pluginModuleFederation(
          {
            name: 'shell',
            // Remotes are not known at build time: the shell reads them from /remotes.json at run time, so
            // a remote can move or ship a new version without a shell rebuild.
            remotes: {},
            shared: mfShared,
            dts: false,
            // The remotes' production builds use this runtime instead of each bundling one (remote-config.ts).
            // Built for browsers only: the federation runtime's Node loading paths are left out.
            experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
          },
          { environment: 'web' },
        ),
      ],
      source: { entry: { index: './src/index.ts' } },
      resolve: { alias: mfRuntimeAliases },
      html: { title: 'Workspace', template: './src/index.html' },
      // Every file of this build, for the service worker to keep offline (asset-manifest.json, no-cache).
      output: { manifest: 'asset-manifest.json' },
    },
    // The service worker (production only: the dev server never registers one). Its URL must never
    // change, so it is not content-hashed: it is served no-cache and the browser checks it on every
    // navigation. One file at the root of dist/, so its scope is the whole origin.
    ...(command === 'build' && {
      'service-worker': {
        source: {
          entry: { sw: './src/service-worker/service-worker.ts' },
          tsconfigPath: './src/service-worker/tsconfig.json',
        },
        output: {
          target: 'web-worker',
          filename: { js: '[name].js' },
          distPath: { js: '' },
        },
      },
    }),
  },
  server: { port: Number(process.env.PORT ?? 3000), historyApiFallback: true },
}));
