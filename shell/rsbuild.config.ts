import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { mfRuntimeAliases, mfShared } from 'shared-kernel/build';

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // Remotes are not known at build time: the shell reads them from /remotes.json at run time, so a
      // remote can move or ship a new version without a shell rebuild.
      remotes: {},
      shared: mfShared,
      dts: false,
      // The remotes' production builds use this runtime instead of each bundling one (remote-config.ts).
      // Built for browsers only: the federation runtime's Node loading paths are left out.
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  resolve: { alias: mfRuntimeAliases },
  html: { title: 'Workspace', template: './src/index.html' },
  // Only a build replaces dist/: a dev server must not wipe the build being served next to it.
  output: { cleanDistPath: command === 'build' },
  server: { port: Number(process.env.PORT ?? 3000), historyApiFallback: true },
}));
