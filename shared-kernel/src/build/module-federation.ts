/**
 * Build-time configuration shared by the shell and every remote: the Module Federation shared
 * dependencies and the rsbuild config of a remote. Imported by `rsbuild.config.ts` files only (Node).
 */
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';
import kernelPackage from '../../package.json' with { type: 'json' };

const reactRange = '^19.0.0';

/**
 * Dependencies the page holds once, whoever loads first. React and react-dom subpaths are listed one by
 * one: sharing 'react-dom' does not share 'react-dom/client', and the remote would bundle a second
 * renderer (notes/toolchain-and-module-federation.md, pitfall 3). The kernel gets an explicit version,
 * otherwise it is inferred as "workspace:*" and every load warns (pitfall 2).
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
