/**
 * Build-time configuration shared by the shell and every remote: the Module Federation shared
 * dependencies and the rsbuild config of a remote. Imported by `rsbuild.config.ts` files only (Node).
 */
import { fileURLToPath } from 'node:url';
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';
import kernelPackage from '../../package.json' with { type: 'json' };

const reactRange = '^19.0.0';

/**
 * Dependencies the page holds once, whoever loads first. React and react-dom subpaths are listed one by
 * one: sharing 'react-dom' does not share 'react-dom/client', and the remote would bundle a second
 * renderer (docs/module-federation.md, pitfall 3). The kernel gets an explicit version,
 * otherwise it is inferred as "workspace:*" and every load warns (docs/module-federation.md, pitfall 2).
 *
 * rxjs is deliberately not listed: a shared module is never tree-shaken, so sharing it shipped the whole
 * library (18 KB gzip) at first paint for the three classes the kernel uses. The bus lives inside the
 * kernel, itself a singleton, so the page still has one bus; areas reach it only through the kernel's
 * API (which checks a bus by shape, not `instanceof`), and any rxjs operator an area applies to it works
 * across copies.
 */
export const mfShared = {
  react: { singleton: true, requiredVersion: reactRange },
  'react/jsx-runtime': { singleton: true, requiredVersion: reactRange },
  'react/jsx-dev-runtime': { singleton: true, requiredVersion: reactRange },
  'react-dom': { singleton: true, requiredVersion: reactRange },
  'react-dom/client': { singleton: true, requiredVersion: reactRange },
  'shared-kernel': { singleton: true, requiredVersion: `^${kernelPackage.version}` },
  '@supabase/supabase-js': { singleton: true, requiredVersion: '^2.100.0' },
} satisfies ModuleFederationOptions['shared'];

/**
 * The federation runtime's helper packages, resolved to their ES module builds. The bundler's federation
 * plugin `require`s them, which picks their CommonJS builds and ships them whole; as ES modules (both
 * declare no side effects) what the runtime does not call is left out: about 4.5 KB gzip less in every
 * remote's remoteEntry.js and in the shell's runtime (docs/architecture.md, Budgets).
 * The versions are the plugin's own (pinned alike in the catalog).
 */
export const mfRuntimeAliases: Record<string, string> = Object.fromEntries(
  ['@module-federation/sdk', '@module-federation/error-codes'].map((name) => [
    `${name}$`,
    fileURLToPath(import.meta.resolve(name)),
  ]),
);
